import { createSlice } from '@reduxjs/toolkit';
import { authApi, type CurrentUser } from '../api/auth';
import { noticeShown, sessionEnded, signedIn, signedOut, tokensRefreshed, userLoaded, type SessionNotice } from './sessionActions';

export { noticeShown, sessionEnded, signedIn, signedOut, tokensRefreshed, userLoaded, type SessionNotice };

export interface SessionState {
  access: string | null;
  refresh: string | null;
  user: CurrentUser | null;
  notice: SessionNotice | null;
}

export const initialSessionState: SessionState = { access: null, refresh: null, user: null, notice: null };

interface SessionRoot {
  session: SessionState;
}

const cleared = (state: SessionState) => {
  state.access = null;
  state.refresh = null;
  state.user = null;
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  // The generated auth endpoints answer with tokens and/or the user: keep the session in step
  // whichever screen made the call.
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, { payload }) => {
        state.access = payload.access;
        state.refresh = payload.refresh;
        state.user = payload.user;
        state.notice = null;
      })
      .addCase(tokensRefreshed, (state, { payload }) => {
        state.access = payload.access;
        state.refresh = payload.refresh;
      })
      .addCase(userLoaded, (state, { payload }) => {
        state.user = payload;
      })
      .addCase(signedOut, (state) => {
        cleared(state);
      })
      .addCase(sessionEnded, (state, { payload }) => {
        cleared(state);
        state.notice = payload.reason;
      })
      .addCase(noticeShown, (state) => {
        state.notice = null;
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        state.access = payload.access;
        state.refresh = payload.refresh;
        state.user = payload.user;
        state.notice = null;
      })
      .addMatcher(authApi.endpoints.registerUser.matchFulfilled, (state, { payload }) => {
        state.access = payload.access;
        state.refresh = payload.refresh;
        state.user = payload.user;
        state.notice = null;
      })
      .addMatcher(authApi.endpoints.refreshToken.matchFulfilled, (state, { payload }) => {
        state.access = payload.access;
        state.refresh = payload.refresh;
      })
      .addMatcher(authApi.endpoints.getCurrentUser.matchFulfilled, (state, { payload }) => {
        // A late answer must not resurrect a user after sign-out.
        if (state.access) state.user = payload;
      })
      .addMatcher(authApi.endpoints.updateCurrentUser.matchFulfilled, (state, { payload }) => {
        if (state.access) state.user = payload;
      });
  },
});

/** Signed in means both tokens are stored (spec §4). */
export const selectIsSignedIn = (state: SessionRoot) => Boolean(state.session.access && state.session.refresh);
export const selectCurrentUser = (state: SessionRoot) => state.session.user;
export const selectAccessToken = (state: SessionRoot) => state.session.access;
export const selectRefreshToken = (state: SessionRoot) => state.session.refresh;
export const selectSessionNotice = (state: SessionRoot) => state.session.notice;

export default sessionSlice.reducer;
