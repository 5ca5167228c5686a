import { buildApp } from '../app';
import { createTestContext, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { authRateLimit: { max: 3, windowMs: 60_000 } } });
});
afterAll(() => ctx.close());

const attempt = (app: TestContext['app']) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'nobody', password: 'wrong' }, headers: { 'accept-language': 'en' } });

describe('the rate limit', () => {
  it('is one limit across several API processes sharing the database', async () => {
    // A second server process over the same database, as behind a load balancer.
    const second = await buildApp({ db: ctx.db, config: ctx.config });
    await second.ready();
    try {
      expect((await attempt(ctx.app)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(ctx.app)).statusCode).toBe(401);
      const limited = await attempt(second);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
      expect(limited.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    } finally {
      await second.close();
    }
  });

  it('starts a new window once the old one has ended', async () => {
    await ctx.db.query("UPDATE rate_limits SET window_ends = now() - interval '1 second'");
    expect((await attempt(ctx.app)).statusCode).toBe(401);
  });

  it('counts each operation apart', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/',
      payload: { email: 'someone@example.org' },
    });
    expect(res.statusCode).toBe(200);
  });
});
