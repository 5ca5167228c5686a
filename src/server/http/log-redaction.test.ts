import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ContentFixtures } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import { decodeQuotedPrintable, resetTokenIn, waitForMail } from '../modules/auth/testing';
import { contract } from './contract';
import { carriesSecret, redactingSerializers, redactSecrets } from './log-redaction';

/**
 * Issue 27, point 2: no secret of a URL in any log line. The app runs with a real pino logger
 * writing to a stream (at trace level, everything it would ever say); each link an e-mail
 * carries is followed, as a page and as the API calls its screen makes, with answers that
 * succeed, refuse and fail; then no token is anywhere in what was written.
 */

let ctx: TestContext;
const lines: string[] = [];
const INDEX = '<!doctype html><html lang="ar" dir="rtl"><head><title>قرار</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  ctx = await createTestContext({
    config: { webDir },
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      await f.user('forgetful');
      await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
    },
  });
});
afterAll(() => ctx.close());

/** The four secrets of the e-mails: a reset token, an alert's confirmation, the address's manage token, an alert's unsubscribe token. */
async function tokensFromTheMails() {
  expect((await ctx.inject({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email: 'forgetful@example.test' } })).statusCode).toBe(200);
  const reset = resetTokenIn((await waitForMail(ctx, 'forgetful@example.test'))[0]);
  const subscribed = await ctx.inject({
    method: 'POST',
    url: '/api/v1/alerts/subscriptions/',
    payload: { email: 'visitor@example.com', list: { organization_code: 'moh' }, frequency: 'immediate', lang: 'ar' },
  });
  expect(subscribed.statusCode).toBe(202);
  const confirm = /\/alerts\/confirm\?token=([\w-]+)/.exec(decodeQuotedPrintable((await waitForMail(ctx, 'visitor@example.com'))[0]))![1];
  // Confirmed as the screen does it, in the body; the alert's manage and unsubscribe tokens then.
  const confirmed = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token: confirm } });
  expect(confirmed.statusCode).toBe(200);
  const { manage_token: manage, subscription } = confirmed.json<{ manage_token: string; subscription: { id: number } }>();
  const rows = await ctx.db.query<{ token: string }>('SELECT token FROM alert_subscriptions WHERE id = $1', [subscription.id]);
  return { reset, confirm, manage, unsubscribe: rows[0].token, id: subscription.id };
}

describe('secrets in addresses', () => {
  it('writes no token to the log, whatever the link, its answer or its failure', async () => {
    const t = await tokensFromTheMails();
    const secrets = [t.reset, t.confirm, t.manage, t.unsubscribe];
    for (const s of secrets) expect(s.length).toBeGreaterThanOrEqual(20);

    // The pages the e-mails link to: the app's page, the same for everyone, echoing nothing.
    for (const url of [`/reset-password?token=${t.reset}`, `/alerts/confirm?token=${t.confirm}`, `/alerts?token=${t.manage}`, `/alerts/unsubscribe?token=${t.unsubscribe}&utm_source=mail`]) {
      const page = await ctx.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      for (const s of secrets) expect(page.body).not.toContain(s);
      // Its scripts and calls name no address to anyone (the page removes the token itself).
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    // A page without a secret keeps the portal's policy.
    expect((await ctx.inject({ url: '/alerts' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    // The calls the alert screens make with the manage token; a refusal; an unknown token.
    const list = await ctx.inject({ url: `/api/v1/alerts/subscriptions/?token=${t.manage}` });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['referrer-policy']).toBe('no-referrer');
    const patch = await ctx.inject({ method: 'PATCH', url: `/api/v1/alerts/subscriptions/${t.id}/?token=${t.manage}`, payload: { frequency: 'daily' } });
    expect(patch.statusCode).toBe(200);
    expect((await ctx.inject({ method: 'PATCH', url: `/api/v1/alerts/subscriptions/${t.id}/?token=${t.manage}`, payload: { frequency: 'hourly' } })).statusCode).toBe(400);
    expect((await ctx.inject({ url: `/api/v1/alerts/subscriptions/?token=${t.manage.slice(0, 10)}${'x'.repeat(200)}` })).statusCode).toBe(400);
    expect((await ctx.inject({ url: `/api/v1/alerts/subscriptions/?token=${t.reset}` })).statusCode).toBe(404);
    // A path the router cannot read, with the token in it.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/alerts/unsubscribe/${t.unsubscribe}%FF/` })).statusCode).toBe(400);

    // Failures: the database gone, with an error that quotes the address (as a driver's may).
    const query = ctx.db.query;
    ctx.db.query = (async () => {
      throw Object.assign(new Error(`no answer for /alerts?token=${t.manage}`), { url: `/api/v1/alerts/subscriptions/?token=${t.manage}` });
    });
    try {
      expect((await ctx.app.inject({ url: `/api/v1/alerts/subscriptions/?token=${t.manage}` })).statusCode).toBeGreaterThanOrEqual(500);
      // The page's status cannot be read: logged with its URL, answered 200.
      expect((await ctx.inject({ url: `/alerts?token=${t.manage}` })).statusCode).toBe(200);
    } finally {
      ctx.db.query = query;
    }

    // The mail client's one click, the unsubscribe screen's, and the reset itself.
    const oneClick = await ctx.inject({ method: 'POST', url: `/api/v1/alerts/unsubscribe/${t.unsubscribe}/`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.headers['referrer-policy']).toBe('no-referrer');
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/alerts/unsubscribe/${t.unsubscribe}/`, payload: {} })).statusCode).toBe(200);
    // Stopped already: a 404.
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/alerts/subscriptions/${t.id}/?token=${t.manage}` })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm/', payload: { token: t.reset, new_password: 'Another#Pass2026' } })).statusCode).toBe(200);

    const log = lines.join('');
    for (const s of secrets) expect(log).not.toContain(s);
    // Not vacuous: those requests were logged, with their URLs, the failures with their errors.
    const parsed = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url: string }; err?: { message: string; url?: string }; url?: string });
    const urls = parsed.flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual(expect.arrayContaining(['/reset-password?token=[redacted]', '/alerts/unsubscribe?token=[redacted]&utm_source=mail', '/api/v1/alerts/unsubscribe/[redacted]/']));
    expect(urls).toContain(`/api/v1/alerts/subscriptions/${t.id}/?token=[redacted]`);
    const failed = parsed.find((l) => l.err?.message.startsWith('no answer for'));
    expect(failed?.err).toMatchObject({ message: 'no answer for /alerts?token=[redacted]', url: '/api/v1/alerts/subscriptions/?token=[redacted]' });

    // Any other field or message naming a URL (the drawn pages' warnings carry `url`), and a
    // request's child logger as much as the app's.
    lines.length = 0;
    ctx.app.log.warn({ url: `/alerts?token=${t.manage}`, pages: 1 }, `pages sent undrawn: /alerts/unsubscribe/${t.unsubscribe}/`);
    ctx.app.log.child({ reqId: 'r1' }).info({ nested: { link: `https://q.example/reset-password?token=${t.reset}` } }, 'mail');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ url: '/alerts?token=[redacted]', msg: 'pages sent undrawn: /alerts/unsubscribe/[redacted]/' }),
      expect.objectContaining({ reqId: 'r1', nested: { link: 'https://q.example/reset-password?token=[redacted]' } }),
    ]);
  });
});

describe('redactSecrets', () => {
  it('redacts every secret query parameter and path segment, and nothing else', () => {
    expect(redactSecrets('/explore?search=token&page=2')).toBe('/explore?search=token&page=2');
    expect(redactSecrets('/alerts?token=abc&lang=ar')).toBe('/alerts?token=[redacted]&lang=ar');
    expect(redactSecrets('/x?page=1&manage_token=abc#top')).toBe('/x?page=1&manage_token=[redacted]#top');
    expect(redactSecrets('/x?%74oken=abc&Password=p')).toBe('/x?%74oken=[redacted]&Password=[redacted]');
    expect(redactSecrets('https://q.example/api/v1/alerts/unsubscribe/abc-DEF_1/?x=1')).toBe('https://q.example/api/v1/alerts/unsubscribe/[redacted]/?x=1');
    expect(redactSecrets('{"msg":"GET /alerts?token=abc","url":"/alerts/unsubscribe/xyz"}')).toBe('{"msg":"GET /alerts?token=[redacted]","url":"/alerts/unsubscribe/[redacted]"}');
    expect(redactSecrets('/alerts/unsubscribe?token=')).toBe('/alerts/unsubscribe?token=');
    expect(carriesSecret('/alerts')).toBe(false);
    expect(carriesSecret('/alerts?token=a')).toBe(true);
  });

  it("covers every parameter of the contract that holds a token, in a query or in a path", () => {
    const doc = contract().document as { paths: Record<string, Record<string, unknown>> };
    type Param = { name: string; in: string };
    const found: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const operations = Object.values(item).filter((o): o is { parameters?: Param[] } => typeof o === 'object' && o !== null && !Array.isArray(o));
      const params = [...((item.parameters as Param[] | undefined) ?? []), ...operations.flatMap((o) => o.parameters ?? [])];
      for (const p of params.filter((p) => /token|secret|password|key|signature/i.test(p.name))) {
        const url = p.in === 'path' ? `/api/v1${template.replace(`{${p.name}}`, 'S3cret-value_0123456789')}` : `/api/v1${template}?${p.name}=S3cret-value_0123456789`;
        found.push(`${p.in} ${p.name}`);
        expect(redactSecrets(url)).not.toContain('S3cret');
      }
    }
    expect(new Set(found)).toEqual(new Set(['query token', 'path token']));
  });

  it('redacts an error’s message, stack and own fields, and a request’s URL', () => {
    const err = Object.assign(new Error('fetching /reset-password?token=abc failed'), { req: { url: '/alerts?token=abc' } });
    const out = redactingSerializers.err(err) as { message: string; stack: string; req: { url: string } };
    expect(out.message).toBe('fetching /reset-password?token=[redacted] failed');
    expect(out.stack).not.toContain('token=abc');
    expect(out.req.url).toBe('/alerts?token=[redacted]');
    expect(redactingSerializers.req({ method: 'GET', url: '/alerts?token=abc', headers: {} }).url).toBe('/alerts?token=[redacted]');
    // The same serializer shape as Fastify's own otherwise.
    expect(Object.keys(redactingSerializers.req({ method: 'GET', url: '/', headers: {} }))).toEqual(['method', 'url', 'version', 'host', 'remoteAddress', 'remotePort']);
    expect(pino.stdSerializers.err(new Error('x')).type).toBe('Error');
  });
});
