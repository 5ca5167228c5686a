import { readdirSync } from 'node:fs';
import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { outboxDir } from './mailer';
import { decodeQuotedPrintable, PASSWORD, resetTokenIn, signUp, waitForMail } from './testing';
import { tokenHash } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { publicUrl: 'https://qarar.example' } });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Fresh-Lantern-913';

const login = (username: string, password: string) =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password } });
const me = (access: string) => ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(access) });
const changePassword = (access: string, payload: Record<string, string>, lang: 'ar' | 'en' = 'en') =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/me/change-password/', payload, headers: bearer(access, lang) });
const requestReset = (email: string, lang = 'en') =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email }, headers: { 'accept-language': lang } });
const confirmReset = (token: string, new_password: string, lang = 'en') =>
  ctx.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm/', payload: { token, new_password }, headers: { 'accept-language': lang } });

describe('POST /auth/me/change-password/', () => {
  it('changes the password and ends every other session, keeping the current one', async () => {
    const user = await signUp(ctx);
    const other = (await login(user.username, PASSWORD)).json();
    const res = await changePassword(user.access, { old_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password changed successfully.' });

    expect((await me(user.access)).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: user.refresh } })).statusCode).toBe(200);
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: other.refresh } })).statusCode).toBe(401);

    expect((await login(user.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 old_password when the current password is wrong, and changes nothing', async () => {
    const user = await signUp(ctx);
    const res = await changePassword(user.access, { old_password: 'not-my-password', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ old_password: ['The current password is incorrect.'] });
    const ar = await changePassword(user.access, { old_password: 'not-my-password', new_password: NEW_PASSWORD }, 'ar');
    expect(ar.json()).toEqual({ old_password: ['كلمة المرور الحالية غير صحيحة.'] });
    expect((await login(user.username, PASSWORD)).statusCode).toBe(200);
  });

  it('checks the new password by the same rules as sign-up', async () => {
    const user = await signUp(ctx);
    const common = await changePassword(user.access, { old_password: PASSWORD, new_password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ new_password: ['This password is too common.'] });
    const similar = await changePassword(user.access, { old_password: PASSWORD, new_password: `${user.username}!` });
    expect(similar.json()).toEqual({ new_password: ['The password is too similar to the username.'] });
    const short = await changePassword(user.access, { old_password: PASSWORD, new_password: 'short' });
    expect(short.json()).toEqual({ new_password: ['Ensure this field has at least 8 characters.'] });
    const both = await changePassword(user.access, { old_password: 'wrong', new_password: '98765432' });
    expect(Object.keys(both.json()).sort()).toEqual(['new_password', 'old_password']);
    expect((await login(user.username, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 to visitors and to ended sessions', async () => {
    const visitor = await ctx.inject({ method: 'POST', url: '/api/v1/auth/me/change-password/', payload: { old_password: 'a', new_password: NEW_PASSWORD } });
    expect(visitor.statusCode).toBe(401);
    const user = await signUp(ctx);
    await ctx.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: user.refresh } });
    expect((await changePassword(user.access, { old_password: PASSWORD, new_password: NEW_PASSWORD })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('runs end to end: request, mail in the outbox with the link, new password, every session ended', async () => {
    const user = await signUp(ctx, { first_name: 'Rania' });
    const other = (await login(user.username, PASSWORD)).json();

    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'If an account uses this e-mail address, a link to reset its password has been sent.' });

    const [eml] = await waitForMail(ctx, user.email);
    const text = decodeQuotedPrintable(eml);
    expect(eml).toMatch(new RegExp(`^To: ${user.email}$`, 'm'));
    expect(text).toContain('مرحباً Rania');
    expect(text).toContain('Hello Rania');
    expect(text).toContain('https://qarar.example/reset-password?token=');
    expect(text).toMatch(/Subject: =\?UTF-8\?/);
    const token = resetTokenIn(eml);
    const [stored] = await ctx.db.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
      'SELECT token_hash, expires_at, created_at FROM password_reset_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(stored.token_hash).toBe(tokenHash(token));
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBe(3600_000);

    const done = await confirmReset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Your password has been reset. You can now sign in.' });
    for (const access of [user.access, other.access]) expect((await me(access)).statusCode).toBe(401);
    expect((await login(user.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await confirmReset(token, 'Another-Lantern-77');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['This reset link is invalid or has expired.'] });
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const before = (() => {
      try {
        // Only mail to this address: another test's mail may still be landing.
        return readdirSync(outboxDir(ctx.config.dataDir)).filter((f) => f.includes('nobody')).length;
      } catch {
        return 0;
      }
    })();
    const res = await requestReset('nobody@nowhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'If an account uses this e-mail address, a link to reset its password has been sent.' });
    const ar = await requestReset('nobody@nowhere.example', 'ar');
    expect(ar.json().detail).toBe('إذا كان هذا البريد الإلكتروني مرتبطاً بحساب، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور.');
    await new Promise((r) => setTimeout(r, 100));
    const after = (() => {
      try {
        // Only mail to this address: another test's mail may still be landing.
        return readdirSync(outboxDir(ctx.config.dataDir)).filter((f) => f.includes('nobody')).length;
      } catch {
        return 0;
      }
    })();
    expect(after).toBe(before);
  });

  it('refuses an expired, unknown or already used token, and a link of an inactive account', async () => {
    const user = await signUp(ctx);
    await requestReset(user.email);
    const token = resetTokenIn((await waitForMail(ctx, user.email))[0]);
    await ctx.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(token)]);
    expect((await confirmReset(token, NEW_PASSWORD)).json()).toEqual({ token: ['This reset link is invalid or has expired.'] });
    const unknown = await confirmReset('made-up-token', NEW_PASSWORD, 'ar');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ token: ['رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية.'] });

    await requestReset(user.email);
    const second = resetTokenIn((await waitForMail(ctx, user.email, 2))[1]);
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    expect((await confirmReset(second, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('sends nothing to an inactive account', async () => {
    const user = await signUp(ctx);
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    await expect(waitForMail(ctx, user.email, 1, 300)).rejects.toThrow('no mail');
  });

  it('checks the new password, and a refused one leaves the link usable', async () => {
    const user = await signUp(ctx);
    await requestReset(user.email);
    const token = resetTokenIn((await waitForMail(ctx, user.email))[0]);
    const weak = await confirmReset(token, '11111111');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ new_password: ['This password is too common.', 'This password is entirely numeric.'] });
    const short = await confirmReset(token, 'short');
    expect(short.json()).toEqual({ new_password: ['Ensure this field has at least 8 characters.'] });
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('using one link retires every other link sent to the account', async () => {
    const user = await signUp(ctx);
    await requestReset(user.email);
    await requestReset(user.email);
    const mails = await waitForMail(ctx, user.email, 2);
    const [a, b] = mails.map(resetTokenIn);
    expect(a).not.toBe(b);
    expect((await confirmReset(b, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await confirmReset(a, 'Another-Lantern-77')).statusCode).toBe(400);
  });

  it('lets only one of two concurrent uses of a link succeed', async () => {
    const user = await signUp(ctx);
    await requestReset(user.email);
    const token = resetTokenIn((await waitForMail(ctx, user.email))[0]);
    const results = await Promise.all([confirmReset(token, NEW_PASSWORD), confirmReset(token, 'Another-Lantern-77')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 400 for a malformed e-mail', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('the links in mails', () => {
  it('never take the origin from a Host header that is not an allowed origin', async () => {
    const local = await createTestContext();
    try {
      const user = await signUp(local);
      await local.inject({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email: user.email }, headers: { host: 'portal.test:8080' } });
      const [eml] = await waitForMail(local, user.email);
      const text = decodeQuotedPrintable(eml);
      expect(text).toContain(`http://localhost:${local.config.port}/reset-password?token=`);
      expect(text).not.toContain('portal.test');
    } finally {
      await local.close();
    }
  });
});

// Each client is told apart by X-Forwarded-For here, as behind the reverse proxy of a deployment.
describe('rate limiting', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ config: { authRateLimit: { max: 2, windowMs: 60_000 }, trustProxy: true } });
  });
  afterAll(() => limited.close());

  const calls: [string, string, Record<string, string>, string][] = [
    ['registerUser', '/api/v1/auth/register/', { username: 'x' }, '203.0.113.1'],
    ['login', '/api/v1/auth/login/', { username: 'x', password: 'y' }, '203.0.113.2'],
    ['requestPasswordReset', '/api/v1/auth/password-reset/', { email: 'x@example.com' }, '203.0.113.3'],
    ['confirmPasswordReset', '/api/v1/auth/password-reset/confirm/', { token: 'x', new_password: 'Sturdy-Kettle-42' }, '203.0.113.4'],
  ];

  it.each(calls)('%s answers 429 with Retry-After and a localized message after the limit', async (_name, url, payload, ip) => {
    const from = { 'x-forwarded-for': ip };
    for (let i = 0; i < 2; i++) {
      const ok = await limited.inject({ method: 'POST', url, payload, headers: { ...from, 'accept-language': 'en' } });
      expect(ok.statusCode).not.toBe(429);
    }
    const en = await limited.inject({ method: 'POST', url, payload, headers: { ...from, 'accept-language': 'en' } });
    expect(en.statusCode).toBe(429);
    expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
    expect(en.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    const ar = await limited.inject({ method: 'POST', url, payload, headers: from });
    expect(ar.statusCode).toBe(429);
    expect(ar.json().detail).toMatch(/^محاولات كثيرة جداً\. يرجى المحاولة مرة أخرى بعد \d+ ثانية\.$/);
  });

  it('limits change-password per client too', async () => {
    const user = await signUp(limited, {});
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const attempt = () =>
      limited.inject({ method: 'POST', url: '/api/v1/auth/me/change-password/', payload: { old_password: 'wrong', new_password: NEW_PASSWORD }, headers: { ...bearer(user.access), ...from } });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts each client apart, and leaves other calls alone', async () => {
    const a = { 'x-forwarded-for': '192.0.2.1' };
    const b = { 'x-forwarded-for': '192.0.2.2' };
    for (let i = 0; i < 3; i++) await limited.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'x', password: 'y' }, headers: a });
    expect((await limited.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'x', password: 'y' }, headers: b })).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await limited.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: 'x' }, headers: a })).statusCode).toBe(401);
    }
  });
});
