import { randomBytes } from 'node:crypto';
import { devOrigins, loadConfig, originProblem } from '../config';
import { buildApp } from '../app';
import { openDb } from '../db/db';
import { decodeQuotedPrintable, signUp, waitForMail } from '../modules/auth/testing';
import { createTestContext, type TestContext } from '../test/helpers';

// Absolute links (reset mails, pages' next/previous, media) never name an origin a client
// picked with its Host header (or X-Forwarded-Host): PUBLIC_URL, or one of ALLOWED_ORIGINS.

const FORGED = { host: 'evil.example:1337' };

async function resetLink(ctx: TestContext, headers: Record<string, string>): Promise<string> {
  const user = await signUp(ctx);
  const res = await ctx.inject({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email: user.email }, headers });
  expect(res.statusCode).toBe(200);
  const [eml] = await waitForMail(ctx, user.email);
  const link = /(\S+)\/reset-password\?token=/.exec(decodeQuotedPrintable(eml));
  expect(link).not.toBeNull();
  return link![1];
}

describe('with no origin configured (development)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { port: 8080 } });
  });
  afterAll(() => ctx.close());

  it('allows only the local origins of the port (and npm run dev)', () => {
    expect(ctx.config.publicUrl).toBeUndefined();
    expect(ctx.config.allowedOrigins).toEqual(devOrigins(8080));
    expect(devOrigins(8080)).toEqual([
      'http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080', 'http://localhost', 'http://127.0.0.1', 'http://[::1]', 'http://localhost:3000',
    ]);
  });

  it('writes a reset mail whose link follows no forged Host header', async () => {
    const link = await resetLink(ctx, FORGED);
    expect(link).toBe('http://localhost:8080');
  });

  it('nor a forged X-Forwarded-Host when proxies are not trusted', async () => {
    expect(await resetLink(ctx, { 'x-forwarded-host': 'evil.example' })).toBe('http://localhost:80');
  });

  it('keeps a local origin the reader used', async () => {
    expect(await resetLink(ctx, { host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
  });

  it('names the allowed origin in the links of a page of answers', async () => {
    const res = await ctx.inject({ url: '/api/v1/auth/users/?page_size=1', headers: FORGED });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe('http://localhost:8080/api/v1/auth/users/?page_size=1&page=2');
  });
});

describe('with ALLOWED_ORIGINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { trustProxy: true, allowedOrigins: ['https://qarar.example', 'https://qarar.gov.example'] } });
  });
  afterAll(() => ctx.close());

  it("uses the request's origin when it is one of them, else the first", async () => {
    expect(await resetLink(ctx, { 'x-forwarded-host': 'qarar.gov.example', 'x-forwarded-proto': 'https' })).toBe('https://qarar.gov.example');
    expect(await resetLink(ctx, { 'x-forwarded-host': 'evil.example:1337', 'x-forwarded-proto': 'https' })).toBe('https://qarar.example');
    expect(await resetLink(ctx, FORGED)).toBe('https://qarar.example');
    // The right name over the wrong scheme is another origin.
    expect(await resetLink(ctx, { 'x-forwarded-host': 'qarar.gov.example', 'x-forwarded-proto': 'http' })).toBe('https://qarar.example');
    // Nothing but a host and a port is ever copied into a link.
    expect(await resetLink(ctx, { host: 'qarar.gov.example/x', 'x-forwarded-proto': 'https' })).toBe('https://qarar.example');
  });
});

describe('with PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { publicUrl: 'https://qarar.example' } });
  });
  afterAll(() => ctx.close());

  it('always names it', async () => {
    expect(ctx.config.allowedOrigins).toEqual([]);
    expect(await resetLink(ctx, FORGED)).toBe('https://qarar.example');
    expect(await resetLink(ctx, { host: 'localhost:80' })).toBe('https://qarar.example');
  });
});

describe('the configuration', () => {
  const base = { DATA_DIR: '/tmp/qarar-origins-test', JWT_SECRET: 'x'.repeat(32) };

  it('reads PUBLIC_URL and ALLOWED_ORIGINS as origins', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://Qarar.Example/', ALLOWED_ORIGINS: ' https://a.example:443 , http://b.example:8080,https://a.example' });
    expect(config.publicUrl).toBe('https://qarar.example');
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ ...base, ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/ALLOWED_ORIGINS: "https:\/\/a.example\/path" is not an origin/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'qarar.example' })).toThrow(/PUBLIC_URL/);
  });

  it('is refused at start-up in production without PUBLIC_URL or ALLOWED_ORIGINS', async () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production' }, { jwtSecret: randomBytes(16).toString('hex') });
    expect(config.allowedOrigins).toEqual([]);
    expect(originProblem(config)).toMatch(/PUBLIC_URL is not set/);
    const db = await openDb({});
    try {
      await expect(buildApp({ db, config })).rejects.toThrow(/PUBLIC_URL is not set \(nor ALLOWED_ORIGINS\)/);
    } finally {
      await db.close();
    }
    expect(originProblem(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://qarar.example' }))).toBeUndefined();
    expect(originProblem(loadConfig({ ...base, NODE_ENV: 'production', ALLOWED_ORIGINS: 'https://qarar.example' }))).toBeUndefined();
  });
});
