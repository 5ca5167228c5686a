/**
 * A trace recorded from the current code for the trace tests (needs the jsdomWithFetch
 * environment): the real store, its real middleware and requests answered by a scripted fetch,
 * the in-app recorder on. The secrets below must never reach a trace file or a printed line.
 */
import { alertsApi } from '../../api/alerts';
import { authApi } from '../../api/auth';
import { bookmarksApi } from '../../api/bookmarks';
import { postsApi } from '../../api/posts';
import { signedOut } from '../../state/sessionSlice';
import { languageChanged, themeChanged } from '../../state/preferencesSlice';
import { json, mockFetch } from '../../test/fetchMock';
import { page, post, user } from '../../test/fixtures';
import { makeStore, type AppStore } from '../store';
import { recordTrace, traceFile } from './recorder';

export const SECRETS = {
  password: 'Pw-SECRET-1',
  access: 'ACCESS-SECRET-2',
  refresh: 'REFRESH-SECRET-3',
  alertToken: 'ALERT-TOKEN-SECRET-4',
  note: 'NOTE-PRIVATE-5',
} as const;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A reader chooses English and the dark theme, signs in, reads the feed, saves a post with a note, opens their alerts by token and signs out. */
export async function recordScenario(): Promise<{ store: AppStore; text: string }> {
  mockFetch((req, path) => {
    if (path === '/auth/login/') {
      const u = user();
      return json(200, { access: SECRETS.access, refresh: SECRETS.refresh, id: u.id, username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name, user_type: 'regular', is_verified: false, user: u });
    }
    if (path === '/content/posts/') return json(200, page([post(1), post(2)]));
    if (path === '/content/posts/post-1/bookmark/')
      return json(201, { message: 'ok', bookmark: { id: 42, post: 1, notes: SECRETS.note, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' } });
    if (path === '/alerts/subscriptions/') return json(200, []);
    return json(404, { detail: `no ${req.method} ${path} here`, request_id: 'test' });
  });
  const store = makeStore(undefined, { readStorage: false });
  recordTrace(store, true);

  store.dispatch(languageChanged('en'));
  store.dispatch(themeChanged('dark'));
  await store.dispatch(authApi.endpoints.login.initiate({ loginRequest: { username: 'reader', password: SECRETS.password } }));
  await settle();
  await store.dispatch(postsApi.endpoints.listPosts.initiate({}));
  await store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'post-1', bookmarkNotes: { notes: SECRETS.note } }));
  await store.dispatch(alertsApi.endpoints.listAlertSubscriptions.initiate({ token: SECRETS.alertToken }));
  store.dispatch(signedOut());
  await settle();
  return { store, text: traceFile(store).text };
}

/** True when none of the scenario's secrets is in the text (the note's unless `note` is false). */
export const holdsNoSecret = (text: string, { note = true } = {}) =>
  Object.entries(SECRETS).every(([name, secret]) => (name === 'note' && !note) || !text.includes(secret));
