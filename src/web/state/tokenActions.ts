import { createAction } from '@reduxjs/toolkit';

/**
 * The session's actions that carry no user: the base query and the token refresh dispatch them.
 * Apart from sessionActions.ts, whose user payloads take their type from the generated auth
 * endpoints — which are built on the base query: a circle, if only of types.
 */
export type SessionNotice = 'sessionExpired' | 'authFailed';

export const tokensRefreshed = createAction<{ access: string; refresh: string }>('session/tokensRefreshed');
/** Clears both tokens and the user. */
export const signedOut = createAction('session/signedOut');
/** Clears both tokens and the user, and sets the §8 session notice for the layout to show. */
export const sessionEnded = createAction<{ reason: SessionNotice }>('session/sessionEnded');
export const noticeShown = createAction('session/noticeShown');
