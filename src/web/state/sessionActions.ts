import { createAction } from '@reduxjs/toolkit';
import type { CurrentUser } from '../api/generated/auth.gen';

/**
 * The session's actions, apart from its slice: the base query dispatches them, and the slice
 * listens to the generated auth endpoints, so keeping them here avoids an import cycle
 * (baseApi → baseQuery → slice → endpoints → baseApi). Import them from sessionSlice.ts.
 */
export { noticeShown, sessionEnded, signedOut, tokensRefreshed, type SessionNotice } from './tokenActions';

export const signedIn = createAction<{ access: string; refresh: string; user: CurrentUser }>('session/signedIn');
export const userLoaded = createAction<CurrentUser>('session/userLoaded');
