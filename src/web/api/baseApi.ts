import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The one API slice. It is empty: the generated files (generated/*.gen.ts) inject the
 * contract's endpoints, and the per-domain files add cache tags and lifetimes.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
