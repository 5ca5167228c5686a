import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { RENDERING_ON_SERVER } from '../app/serverSide';
import { baseQuery } from './baseQuery';

/**
 * The answers the server's renderer fetched for the page it drew (src/web/ssr.tsx), handed to the
 * browser's store before its first render so the screen starts from them instead of asking again.
 */
export const serverAnswersArrived = createAction<{ api: unknown }>('app/serverAnswersArrived');

/**
 * Without a window (the server drawing a page) a screen's queries start while it renders, since
 * no effect runs there: the renderer waits for them and draws again with the answers. In the
 * browser they start in effects, as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: RENDERING_ON_SERVER }));

/**
 * The one API slice. It is empty: the generated files (generated/*.gen.ts) inject the
 * contract's endpoints, and the per-domain files add cache tags and lifetimes.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    if (serverAnswersArrived.match(action)) return (action.payload as unknown as Record<string, never>)[reducerPath];
  },
});
