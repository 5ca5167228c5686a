import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { PASSWORD, signUp } from './testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const register = (payload: Record<string, unknown>, lang = 'en') =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/register/', payload, headers: { 'accept-language': lang } });
const login = (username: string, password: string, lang = 'en') =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password }, headers: { 'accept-language': lang } });

const form = (over: Record<string, unknown> = {}) => ({
  username: 'samir',
  email: 'Samir@Example.COM',
  password: PASSWORD,
  password2: PASSWORD,
  first_name: '  Samir ',
  last_name: 'Haddad',
  user_type: 'regular',
  ...over,
});

describe('POST /auth/register/', () => {
  it('creates a regular account, signs it in and answers 201 with tokens and the user', async () => {
    const res = await register(form());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(typeof body.access).toBe('string');
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      username: 'samir',
      email: 'Samir@example.com',
      first_name: 'Samir',
      last_name: 'Haddad',
      user_type: 'regular',
      is_verified: false,
      is_staff: false,
      profile_picture: null,
      following_count: 0,
      followers_count: 0,
      posts_count: 0,
      bookmarks_count: 0,
    });
    const me = await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(body.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('samir');
  });

  it('stores the password as an argon2id hash and the refresh token only as its SHA-256', async () => {
    const { id, refresh } = await signUp(ctx);
    const [user] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    const tokens = await ctx.db.query<{ token_hash: string }>(
      'SELECT t.token_hash FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE s.user_id = $1',
      [id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0].token_hash).not.toBe(refresh);
  });

  it('refuses a username or e-mail already taken, without regard to case', async () => {
    const res = await register(form({ username: 'SAMIR', email: 'samir@EXAMPLE.com' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
  });

  it('answers 400 (never 500) when a concurrent registration wins the race', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) => register(form({ username: 'racer', email: `racer${i}@example.com` }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toEqual({ username: ['A user with that username already exists.'] });
    }
  });

  it('maps a unique violation from the database to the same 400', async () => {
    // The pre-check cannot see a row another transaction has not yet committed: make it miss.
    const query = ctx.db.query.bind(ctx.db);
    const spy = jest.spyOn(ctx.db, 'query').mockImplementation(async (sql: string, params?: unknown[]) =>
      /EXISTS \(SELECT 1 FROM users WHERE lower\(username\)/.test(sql) ? ([{ username: false, email: false }] as never) : query(sql, params),
    );
    const res = await register(form({ username: 'Samir', email: 'other@example.com' }));
    spy.mockRestore();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('checks passwords as Django does, reporting every problem at once', async () => {
    const cases: [string, string[]][] = [
      ['12345678', ['This password is too common.', 'This password is entirely numeric.']],
      ['83920174', ['This password is entirely numeric.']],
      ['password123', ['This password is too common.']],
      ['layla_writer1', ['The password is too similar to the username.']],
    ];
    for (const [password, messages] of cases) {
      const res = await register(form({ username: 'layla_writer', email: 'layla@example.com', password, password2: password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: messages });
    }
  });

  it('requires password2 to match', async () => {
    const res = await register(form({ username: 'nour', email: 'nour@example.com', password2: 'something-else' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password2: ["Password fields didn't match."] });
  });

  it('answers the rules of the contract: required fields, lengths, e-mail shape, user_type', async () => {
    const res = await register({ username: 'ab', email: 'not-an-email', password: 'short', first_name: '', user_type: 'staff' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'password2', 'user_type', 'username']);
    expect(body.user_type).toEqual(['Choose one of: regular.']);
    expect(body.username).toEqual(['Ensure this field has at least 3 characters.']);
  });

  it('refuses names that are blank once trimmed', async () => {
    const res = await register(form({ username: 'blanky', email: 'blanky@example.com', first_name: '   ', last_name: '\t' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['This field may not be blank.'], last_name: ['This field may not be blank.'] });
  });

  it('answers in Arabic by default', async () => {
    const res = await register(form({ password2: 'x' }), 'ar');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      username: ['اسم المستخدم هذا مستخدم بالفعل.'],
      password2: ['كلمتا المرور غير متطابقتين.'],
    });
  });
});

describe('POST /auth/login/', () => {
  it('signs in by username (any case) or e-mail and answers the contract fields', async () => {
    for (const name of ['samir', 'SaMiR', 'samir@example.com', ' SAMIR@EXAMPLE.COM ']) {
      const res = await login(name, PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ username: 'samir', email: 'Samir@example.com', first_name: 'Samir', user_type: 'regular', is_verified: false });
      expect(body.user.id).toBe(body.id);
      const me = await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(body.access) });
      expect(me.statusCode).toBe(200);
    }
  });

  it('opens a separate session at each sign-in', async () => {
    const a = (await login('samir', PASSWORD)).json();
    const b = (await login('samir', PASSWORD)).json();
    const sid = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sid;
    expect(sid(a.access)).not.toBe(sid(b.access));
  });

  it('answers 401 for a wrong password, an unknown account and an inactive account alike', async () => {
    const inactive = await signUp(ctx, { username: 'gone_user' });
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [inactive.id]);
    for (const [name, password] of [['samir', 'wrong-password'], ['nobody-here', PASSWORD], ['gone_user', PASSWORD]]) {
      const res = await login(name, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
    }
    const ar = await login('samir', 'wrong-password', 'ar');
    expect(ar.json().detail).toBe('لا يوجد حساب نشط بهذه البيانات');
  });

  it('takes about as long for an unknown name as for a wrong password', async () => {
    const time = async (name: string) => {
      const start = process.hrtime.bigint();
      await login(name, 'wrong-password');
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time('nobody'); // warms up the dummy hash
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time('nobody-at-all'));
      wrong.push(await time('samir'));
    }
    // An argon2id check dominates both; without it the unknown name would answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('answers 400 when a field is missing', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'samir' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['This field is required.'] });
  });

  it('lets an account sign in by e-mail even when another account uses that text as its username', async () => {
    const owner = await signUp(ctx, { username: 'dana', email: 'dana@example.org' });
    await signUp(ctx, { username: 'dana@example.org', email: 'impostor@example.org', password: 'Another-Secret-77', password2: 'Another-Secret-77' });
    const res = await login('dana@example.org', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(owner.id);
    const other = await login('dana@example.org', 'Another-Secret-77');
    expect(other.json().username).toBe('dana@example.org');
  });
});

describe('GET /auth/me/', () => {
  it('answers 401 to visitors', async () => {
    const res = await ctx.inject({ url: '/api/v1/auth/me/', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
  });

  it('counts following, followers, authored posts and bookmarks', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const c = await signUp(ctx);
    await ctx.db.query('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2), ($1, $3), ($2, $1)', [a.id, b.id, c.id]);
    const [type] = await ctx.db.query<{ id: number }>(`INSERT INTO post_types (name, name_ar) VALUES ('decision', 'قرار') RETURNING id`);
    const posts = await ctx.db.query<{ id: number }>(
      `INSERT INTO posts (slug, title, title_ar, author_id, type_id, status, published_at)
       VALUES ('p-1', 'One', 'واحد', $1, $2, 'published', now()), ('p-2', 'Two', 'اثنان', $1, $2, 'draft', NULL)
       RETURNING id`,
      [a.id, type.id],
    );
    await ctx.db.query('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2), ($1, $3)', [a.id, posts[0].id, posts[1].id]);
    const me = (await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(a.access) })).json();
    expect(me).toMatchObject({ following_count: 2, followers_count: 1, posts_count: 2, bookmarks_count: 2, email: a.email });
    // Others see only the posts anyone may read.
    const seen = (await ctx.inject({ url: `/api/v1/auth/users/${a.id}/` })).json();
    expect(seen.posts_count).toBe(1);
    expect(seen).not.toHaveProperty('email');
  });
});
