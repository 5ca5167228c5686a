/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { makeStore, type PreloadedRootState } from '../app/store';
import { authApi } from './auth';
import { bookmarksApi } from './bookmarks';
import { postsApi } from './posts';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, REQUEST_TIMEOUT_MS } from './rawQuery';
import { json, mockFetch, text } from '../test/fetchMock';
import { page, post, user } from '../test/fixtures';
import { SESSION_STORAGE_KEY } from '../app/persistence';

const signedIn: PreloadedRootState = { session: { access: 'old-access', refresh: 'old-refresh', user: user() } };
const store = (pre: PreloadedRootState = signedIn) => makeStore(pre, { readStorage: false });

afterEach(() => {
  jest.useRealTimers();
  document.cookie = `${CSRF_COOKIE_NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('request headers', () => {
  it('sends the bearer token, the chosen language and same-origin credentials to the /api/v1 base', async () => {
    const f = mockFetch(() => json(200, user()));
    const s = store({ ...signedIn, preferences: { language: 'en' } });
    await s.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const req = f.calls[0];
    expect(new URL(req.url).pathname).toBe('/api/v1/auth/me/');
    expect(req.headers.get('authorization')).toBe('Bearer old-access');
    expect(req.headers.get('accept-language')).toBe('en');
    expect(req.credentials).toBe('same-origin');
  });

  it('sends no bearer without a token, and Arabic by default', async () => {
    const f = mockFetch(() => json(200, page([])));
    await store({}).dispatch(postsApi.endpoints.listPosts.initiate({ page: 1 }));
    expect(f.calls[0].headers.has('authorization')).toBe(false);
    expect(f.calls[0].headers.get('accept-language')).toBe('ar');
  });

  it('sends JSON bodies, and the CSRF cookie as a header on unsafe methods only', async () => {
    document.cookie = `${CSRF_COOKIE_NAME}=csrf-123`;
    const f = mockFetch((req) => (req.method === 'GET' ? json(200, page([])) : json(201, { message: 'ok', bookmark: { id: 3, post: 1, notes: '', created_at: '', updated_at: '' } })));
    const s = store();
    await s.dispatch(postsApi.endpoints.listPosts.initiate({}));
    await s.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'post-1', bookmarkNotes: { notes: 'n' } }));
    const [get, postReq] = f.calls;
    expect(get.headers.has(CSRF_HEADER_NAME)).toBe(false);
    expect(postReq.headers.get(CSRF_HEADER_NAME)).toBe('csrf-123');
    expect(postReq.headers.get('content-type')).toBe('application/json');
    expect(await postReq.json()).toEqual({ notes: 'n' });
  });

  it('sends the profile update as multipart, with only the fields given', async () => {
    const updated = user({ first_name: 'Lina' });
    const f = mockFetch((req, path) => (path === '/auth/me/update/' ? json(200, updated) : json(200, user())));
    const s = store();
    await s.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await s.dispatch(
      authApi.endpoints.updateCurrentUser.initiate({
        profileUpdateRequest: { first_name: 'Lina', bio: '', website: undefined, location: null as unknown as string, profile_picture: picture },
      }),
    );
    const req = f.calls[1];
    expect(req.method).toBe('PATCH');
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await req.formData();
    expect([...form.keys()].sort()).toEqual(['bio', 'first_name', 'profile_picture']);
    expect(form.get('first_name')).toBe('Lina');
    expect((form.get('profile_picture') as File).name).toBe('me.png');
    // Updating the profile refreshes the current user, in the cache and in the session.
    expect(authApi.endpoints.getCurrentUser.select()(s.getState()).data?.first_name).toBe('Lina');
    expect(s.getState().session.user?.first_name).toBe('Lina');
  });
});

describe('timeout', () => {
  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with the default error`, async () => {
    jest.useFakeTimers();
    mockFetch(
      (req) =>
        new Promise<Response>((_resolve, reject) => {
          req.signal.addEventListener('abort', () => reject(req.signal.reason as Error));
        }),
    );
    const s = store();
    let settled = false;
    const pending = s.dispatch(postsApi.endpoints.listPosts.initiate({})).then((r) => {
      settled = true;
      return r;
    });
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(settled).toBe(true);
    expect(result.error).toEqual({ status: 500, message: 'An unexpected error occurred', messageKey: 'errors.unexpected' });
  });
});

describe('session renewal on 401', () => {
  it('shares ONE refresh among three concurrent 401s, then retries each with the new token', async () => {
    let refreshes = 0;
    const f = mockFetch(async (req, path) => {
      if (path === '/auth/token/refresh/') {
        refreshes += 1;
        expect(req.headers.has('authorization')).toBe(false); // a stale bearer would be refused
        expect(await req.json()).toEqual({ refresh: 'old-refresh' });
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      if (req.headers.get('authorization') !== 'Bearer new-access') return json(401, { detail: 'Token is invalid', code: 'token_not_valid' });
      if (path === '/auth/me/') return json(200, user());
      if (path === '/content/bookmarks/') return json(200, page([]));
      return json(200, page([post(1)]));
    });
    const s = store();
    const results = await Promise.all([
      s.dispatch(authApi.endpoints.getCurrentUser.initiate()),
      s.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({})),
      s.dispatch(postsApi.endpoints.listPosts.initiate({})),
    ]);
    expect(refreshes).toBe(1);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(s.getState().session).toMatchObject({ access: 'new-access', refresh: 'new-refresh', notice: null });
    expect(f.paths().filter((p) => p === 'POST /auth/token/refresh/')).toHaveLength(1);
  });

  it('a failed refresh clears both tokens and, on the auth-me path, sets the authFailed notice', async () => {
    const f = mockFetch((_req, path) => (path === '/auth/token/refresh/' ? json(401, { detail: 'Token is invalid or expired' }) : json(401, { detail: 'expired' })));
    const s = store();
    const result = await s.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(s.getState().session).toEqual({ access: null, refresh: null, user: null, notice: 'authFailed' });
    // The refresh itself is never renewed: one refresh, no retry of the original.
    expect(f.paths()).toEqual(['GET /auth/me/', 'POST /auth/token/refresh/']);
  });

  it('on other paths a failed refresh only clears the tokens', async () => {
    mockFetch((_req, path) => (path === '/auth/token/refresh/' ? json(500, {}) : json(401, { detail: 'expired' })));
    const s = store();
    await s.dispatch(postsApi.endpoints.listPosts.initiate({}));
    expect(s.getState().session).toEqual({ access: null, refresh: null, user: null, notice: null });
  });

  it('without a refresh token the session ends with sessionExpired (bookmarks path) and no refresh is tried', async () => {
    const f = mockFetch(() => json(401, { detail: 'expired' }));
    const s = store({ session: { access: 'old-access', refresh: null } });
    await s.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({}));
    expect(s.getState().session).toMatchObject({ access: null, refresh: null, notice: 'sessionExpired' });
    expect(f.paths()).toEqual(['GET /content/bookmarks/']);
  });

  it('a visitor’s 401 and a failed sign-in are answers, not expired sessions', async () => {
    const f = mockFetch(() => json(401, { detail: 'No active account found with the given credentials' }));
    const s = store({});
    await s.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({}));
    const login = await s.dispatch(authApi.endpoints.login.initiate({ loginRequest: { username: 'a', password: 'b' } }));
    expect(login.error).toMatchObject({ status: 401 });
    expect(s.getState().session.notice).toBeNull();
    expect(f.paths()).toEqual(['GET /content/bookmarks/', 'POST /auth/login/']);
  });
});

describe('§8 error normalisation through the client', () => {
  const cases: [string, () => Response, object][] = [
    ['404', () => json(404, { detail: 'No Post matches the given query.' }), { status: 404, message: 'Resource not found', messageKey: 'errors.notFound', serverMessage: 'No Post matches the given query.' }],
    ['403', () => json(403, { detail: 'nope' }), { status: 403, message: 'Access denied', messageKey: 'errors.accessDenied', serverMessage: 'nope' }],
    ['text body', () => text(502, 'Bad gateway'), { status: 502, message: 'Bad gateway' }],
    ['message field', () => json(400, { message: 'Quota reached' }), { status: 400, message: 'Quota reached' }],
    ['detail field', () => json(429, { detail: 'Request was throttled.' }), { status: 429, message: 'Request was throttled.' }],
    ['error field', () => json(400, { error: 'Bad input' }), { status: 400, message: 'Bad input' }],
    [
      'per-field lists',
      () => json(400, { username: ['This field is required.'], password: ['Too short.', 'Too common.'] }),
      { status: 400, message: 'Validation error', messageKey: 'errors.validation', fields: { username: ['This field is required.'], password: ['Too short.', 'Too common.'] } },
    ],
    ['empty 500', () => new Response(null, { status: 500 }), { status: 500, message: 'An unexpected error occurred', messageKey: 'errors.unexpected' }],
  ];
  it.each(cases)('%s', async (_name, respond, expected) => {
    mockFetch(respond);
    const result = await store({}).dispatch(postsApi.endpoints.listPosts.initiate({}));
    expect(result.error).toEqual(expected);
  });

  it('a network failure is the 500 default', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await store({}).dispatch(postsApi.endpoints.listPosts.initiate({}));
    expect(result.error).toEqual({ status: 500, message: 'An unexpected error occurred', messageKey: 'errors.unexpected' });
  });
});

describe('renewal shared with other tabs', () => {
  /** What redux-persist keeps in localStorage for a signed-in tab. */
  const persist = (access: string, refresh: string) =>
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: JSON.stringify(access), refresh: JSON.stringify(refresh), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
  const stored = () => {
    const outer = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    return { access: JSON.parse(outer.access), refresh: JSON.parse(outer.refresh) };
  };
  /** A JWT-shaped token expiring at `exp` (seconds); only its claims are read by the client. */
  const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
  /** The Web Locks API: one holder at a time, like a browser's, recording what was asked. */
  const installLocks = () => {
    const names: string[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    const request = jest.fn((name: string, fn: () => Promise<unknown>) => {
      names.push(name);
      const run = queue.then(fn);
      queue = run.catch(() => undefined);
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    return names;
  };

  afterEach(() => {
    localStorage.clear();
    delete (navigator as { locks?: unknown }).locks;
  });

  it('takes the pair another tab already stored instead of exchanging the spent token again', async () => {
    persist('other-tab-access', 'other-tab-refresh');
    const f = mockFetch((req, path) => {
      if (req.headers.get('authorization') !== 'Bearer other-tab-access') return json(401, { detail: 'expired', code: 'token_not_valid' });
      return path === '/auth/me/' ? json(200, user()) : json(200, page([]));
    });
    const s = store();
    const result = await s.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toBeUndefined();
    expect(f.paths()).toEqual(['GET /auth/me/', 'GET /auth/me/']);
    expect(s.getState().session).toMatchObject({ access: 'other-tab-access', refresh: 'other-tab-refresh', notice: null });
  });

  it('exchanges the newer stored refresh token when the stored access token has expired too', async () => {
    persist(jwt(Math.floor(Date.now() / 1000) - 60), 'other-tab-refresh');
    const exchanged: unknown[] = [];
    const f = mockFetch(async (req, path) => {
      if (path === '/auth/token/refresh/') {
        exchanged.push(await req.json());
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return req.headers.get('authorization') === 'Bearer new-access' ? json(200, user()) : json(401, { detail: 'expired' });
    });
    const s = store();
    expect((await s.dispatch(authApi.endpoints.getCurrentUser.initiate())).error).toBeUndefined();
    expect(exchanged).toEqual([{ refresh: 'other-tab-refresh' }]);
    expect(f.paths()).toEqual(['GET /auth/me/', 'POST /auth/token/refresh/', 'GET /auth/me/']);
    expect(stored()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
  });

  it('renews under the Web Lock and stores the new pair before letting it go: two tabs, one refresh', async () => {
    const names = installLocks();
    persist('old-access', 'old-refresh');
    let refreshes = 0;
    mockFetch(async (req, path) => {
      if (path === '/auth/token/refresh/') {
        refreshes += 1;
        expect(await req.json()).toEqual({ refresh: 'old-refresh' });
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      if (req.headers.get('authorization') !== 'Bearer new-access') return json(401, { detail: 'expired', code: 'token_not_valid' });
      return path === '/auth/me/' ? json(200, user()) : json(200, page([]));
    });
    // Two tabs' stores, both holding the pair they read from storage on load.
    const [a, b] = [store(), store()];
    const results = await Promise.all([a.dispatch(authApi.endpoints.getCurrentUser.initiate()), b.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({}))]);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
    expect(refreshes).toBe(1);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['qarar-token-refresh']));
    expect(stored()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
    for (const s of [a, b]) expect(s.getState().session).toMatchObject({ access: 'new-access', refresh: 'new-refresh', notice: null });
  });
});
