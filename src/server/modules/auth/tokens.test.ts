import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { PASSWORD, signUp } from './testing';
import { REFRESH_REUSE_GRACE_SECONDS, tokenHash } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, lang = 'en') =>
  ctx.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: payload as object, headers: { 'accept-language': lang } });
const refresh = (token: string, lang = 'en') => post('token/refresh/', { refresh: token }, lang);
const me = (access: string) => ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(access) });

const INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

/** Moves a spent token's exchange back past the grace window, as if that long had gone by. */
const exchangedLongAgo = (token: string) =>
  ctx.db.query(`UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE token_hash = $1`, [tokenHash(token), REFRESH_REUSE_GRACE_SECONDS + 1]);

describe('POST /auth/token/refresh/', () => {
  it('rotates: answers a new access and a new refresh token, and the old one is spent', async () => {
    const user = await signUp(ctx);
    const res = await refresh(user.refresh);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.refresh).not.toBe(user.refresh);
    expect((await me(pair.access)).statusCode).toBe(200);
    const [old] = await ctx.db.query<{ used_at: Date | null }>('SELECT used_at FROM refresh_tokens WHERE token_hash = $1', [tokenHash(user.refresh)]);
    expect(old.used_at).not.toBeNull();
    // The new one works in turn.
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('treats a second use of a spent token after the grace window as theft: the session ends, and its access tokens with it', async () => {
    const user = await signUp(ctx);
    const first = (await refresh(user.refresh)).json();
    await exchangedLongAgo(user.refresh);
    const reuse = await refresh(user.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(INVALID);
    // The legitimate holder's newer tokens die with the session.
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    const denied = await me(first.access);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe('token_not_valid');
    expect((await me(user.access)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = (await post('login/', { username: user.username, password: PASSWORD })).json();
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it(`answers a second use within ${REFRESH_REUSE_GRACE_SECONDS} s with the same new refresh token, and the session goes on`, async () => {
    const user = await signUp(ctx);
    const first = (await refresh(user.refresh)).json();
    const again = await refresh(user.refresh);
    expect(again.statusCode).toBe(200);
    const second = again.json();
    expect(second.refresh).toBe(first.refresh);
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    expect(sid(second.access)).toBe(sid(first.access));
    expect((await me(second.access)).statusCode).toBe(200);
    expect((await me(first.access)).statusCode).toBe(200);
    // Only one successor was stored, and it is exchanged as usual.
    const [{ count }] = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM refresh_tokens WHERE session_id = $1', [sid(first.access)]);
    expect(count).toBe(2);
    const third = await refresh(first.refresh);
    expect(third.statusCode).toBe(200);
    expect((await me(third.json().access)).statusCode).toBe(200);
  });

  it('ends the session when a spent token comes back after its successor was exchanged too, even within the window', async () => {
    const user = await signUp(ctx);
    const first = (await refresh(user.refresh)).json();
    const second = (await refresh(first.refresh)).json();
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('gives nothing within the window once the session has ended', async () => {
    const user = await signUp(ctx);
    const first = (await refresh(user.refresh)).json();
    await post('logout/', { refresh: first.refresh });
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
  });

  it('gives concurrent exchanges of the same token the same new pair, and the session stays open', async () => {
    const user = await signUp(ctx);
    const results = await Promise.all([refresh(user.refresh), refresh(user.refresh), refresh(user.refresh)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = results.map((r) => r.json());
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(1);
    expect(pairs[0].refresh).not.toBe(user.refresh);
    for (const pair of pairs) expect((await me(pair.access)).statusCode).toBe(200);
    // Two tabs each renewing again with the shared token: again one pair, again both signed in.
    const next = await Promise.all([refresh(pairs[0].refresh), refresh(pairs[1].refresh)]);
    expect(next.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(next[0].json().refresh).toBe(next[1].json().refresh);
    expect((await me(next[1].json().access)).statusCode).toBe(200);
  });

  it('answers 401 token_not_valid for an unknown, expired or revoked token, in the reader language', async () => {
    expect((await refresh('no-such-token')).json()).toEqual(INVALID);
    const ar = await refresh('no-such-token', 'ar');
    expect(ar.statusCode).toBe(401);
    expect(ar.json()).toEqual({ detail: 'الرمز غير صالح أو منتهي الصلاحية', code: 'token_not_valid' });

    const expired = await signUp(ctx);
    await ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(expired.refresh)]);
    expect((await refresh(expired.refresh)).statusCode).toBe(401);

    const revoked = await signUp(ctx);
    await post('logout/', { refresh: revoked.refresh });
    expect((await refresh(revoked.refresh)).statusCode).toBe(401);
  });

  it('refuses the tokens of an account that has been deactivated', async () => {
    const user = await signUp(ctx);
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
  });

  it('answers 400 without a token', async () => {
    const res = await post('token/refresh/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST /auth/logout/', () => {
  it('ends the session of the refresh token: its access and refresh tokens stop working', async () => {
    const user = await signUp(ctx);
    const res = await post('logout/', { refresh: user.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Signed out successfully.' });
    expect((await me(user.access)).statusCode).toBe(401);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
  });

  it('leaves the user\'s other sessions open', async () => {
    const user = await signUp(ctx);
    const other = (await post('login/', { username: user.username, password: PASSWORD })).json();
    await post('logout/', { refresh: user.refresh });
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('is idempotent: an unknown or already used token still answers 200, in Arabic by default', async () => {
    const res = await post('logout/', { refresh: 'never-issued' }, 'ar');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'تم تسجيل الخروج بنجاح.' });
    const user = await signUp(ctx);
    expect((await post('logout/', { refresh: user.refresh })).statusCode).toBe(200);
    expect((await post('logout/', { refresh: user.refresh })).statusCode).toBe(200);
  });

  it('answers 400 without a token', async () => {
    expect((await post('logout/', {})).statusCode).toBe(400);
  });
});

describe('POST /auth/token/verify/', () => {
  it('answers 200 {} for a valid access token of an open session', async () => {
    const user = await signUp(ctx);
    const res = await post('token/verify/', { token: user.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('answers 401 token_not_valid for garbage, a forged or expired token, a refresh token and an ended session', async () => {
    const user = await signUp(ctx);
    const [, claims] = user.access.split('.');
    const { sid, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString());
    const expired = ctx.app.jwt.sign({ sub, sid, typ: 'access' }, { expiresIn: -10 });
    const wrongType = ctx.app.jwt.sign({ sub, sid, typ: 'refresh' });
    const badSid = ctx.app.jwt.sign({ sub, sid: 'not-a-uuid', typ: 'access' });
    const forged = `${user.access.slice(0, -4)}AAAA`;
    for (const token of ['garbage', forged, expired, wrongType, badSid, user.refresh]) {
      const res = await post('token/verify/', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    await post('logout/', { refresh: user.refresh });
    expect((await post('token/verify/', { token: user.access })).statusCode).toBe(401);
  });

  it('answers 400 without a token', async () => {
    expect((await post('token/verify/', {})).statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('answers 401, not 500, for a well-signed token whose session id is no uuid or whose user id is no id', async () => {
    const user = await signUp(ctx);
    const { sid, sub } = JSON.parse(Buffer.from(user.access.split('.')[1], 'base64url').toString());
    const tokens = [
      ctx.app.jwt.sign({ sub, sid: 'not-a-uuid', typ: 'access' }),
      ctx.app.jwt.sign({ sub, sid: 42, typ: 'access' }),
      ctx.app.jwt.sign({ sub: 'abc', sid, typ: 'access' }),
      ctx.app.jwt.sign({ sub: '99999999999', sid, typ: 'access' }),
    ];
    for (const token of tokens) {
      for (const res of [await me(token), await post('token/verify/', { token })]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID);
      }
    }
  });

  it('expire after the configured lifetime', async () => {
    const short = await createTestContext({ config: { accessTokenTtlSeconds: 1 } });
    try {
      const user = await signUp(short);
      expect((await short.inject({ url: '/api/v1/auth/me/', headers: bearer(user.access) })).statusCode).toBe(200);
      const { exp, iat } = JSON.parse(Buffer.from(user.access.split('.')[1], 'base64url').toString());
      expect(exp - iat).toBe(1);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.inject({ url: '/api/v1/auth/me/', headers: bearer(user.access) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
      // …and the refresh token still renews them.
      const renewed = await short.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: user.refresh } });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});
