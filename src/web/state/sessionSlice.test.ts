import reducer, {
  initialSessionState,
  noticeShown,
  selectAccessToken,
  selectCurrentUser,
  selectIsSignedIn,
  selectRefreshToken,
  selectSessionNotice,
  sessionEnded,
  signedIn,
  signedOut,
  tokensRefreshed,
  userLoaded,
} from './sessionSlice';
import { user } from '../test/fixtures';

const root = (session: typeof initialSessionState) => ({ session });

describe('sessionSlice', () => {
  it('signs in, refreshes, loads the user and signs out', () => {
    let s = reducer(undefined, signedIn({ access: 'a', refresh: 'r', user: user() }));
    expect(selectIsSignedIn(root(s))).toBe(true);
    expect(selectCurrentUser(root(s))?.username).toBe('reader');
    s = reducer(s, tokensRefreshed({ access: 'a2', refresh: 'r2' }));
    expect([selectAccessToken(root(s)), selectRefreshToken(root(s))]).toEqual(['a2', 'r2']);
    s = reducer(s, userLoaded(user({ first_name: 'Lina' })));
    expect(s.user?.first_name).toBe('Lina');
    s = reducer(s, signedOut());
    expect(s).toEqual(initialSessionState);
  });

  it('is signed in only with both tokens', () => {
    expect(selectIsSignedIn(root({ ...initialSessionState, access: 'a' }))).toBe(false);
    expect(selectIsSignedIn(root({ ...initialSessionState, refresh: 'r' }))).toBe(false);
  });

  it('ends a session with a notice, which the layout then clears', () => {
    let s = reducer({ access: 'a', refresh: 'r', user: user(), notice: null }, sessionEnded({ reason: 'authFailed' }));
    expect(s).toEqual({ access: null, refresh: null, user: null, notice: 'authFailed' });
    expect(selectSessionNotice(root(s))).toBe('authFailed');
    s = reducer(s, signedOut());
    expect(s.notice).toBe('authFailed');
    s = reducer(s, noticeShown());
    expect(s.notice).toBeNull();
  });
});
