import { createAction } from '@reduxjs/toolkit';
import type { CurrentUser } from '../api/generated/auth.gen';

/**
 * The session's actions, apart from its slice: the base query dispatches them, and the slice
 * listens to the generated auth endpoints, so keeping them here avoids an import cycle
 * (baseApi → baseQuery → slice → endpoints → baseApi). Import them from sessionSlice.ts.
 */
export type SessionNotice = 'sessionExpired' | 'authFailed';

export const signedIn = createAction<{ access: string; refresh: string; user: CurrentUser }>('session/signedIn');
export const tokensRefreshed = createAction<{ access: string; refresh: string }>('session/tokensRefreshed');
export const userLoaded = createAction<CurrentUser>('session/userLoaded');
/** Clears both tokens and the user. */
export const signedOut = createAction('session/signedOut');
/** Clears both tokens and the user, and sets the §8 session notice for the layout to show. */
export const sessionEnded = createAction<{ reason: SessionNotice }>('session/sessionEnded');
export const noticeShown = createAction('session/noticeShown');
