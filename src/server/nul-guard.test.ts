import { contract } from './http/contract';
import { nulFields } from './http/nul-guard';
import { ContentFixtures, signIn } from './test/content-fixtures';
import { createTestContext, type TestContext } from './test/helpers';

/**
 * Issue 33: PostgreSQL text cannot hold U+0000. One guard (http/nul-guard.ts) refuses it in every
 * string of a body (nested objects and arrays, JSON, form-encoded or multipart) and of a path
 * with a 400 naming the field, in the reader's language; text only looked for (a query) has it
 * dropped. The five requests below answered 500 before it.
 */

let ctx: TestContext;
let reader: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
    },
  });
  reader = await signIn(ctx, await new ContentFixtures(ctx.db).user('nul_reader'));
});
afterAll(() => ctx.close());

const EN = 'Null characters are not allowed.';
const AR = 'لا يُسمح باستخدام المحرف الصفري (NUL).';

const subscribe = (list: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.inject({
    method: 'POST',
    url: '/api/v1/alerts/subscriptions/',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ email: 'a+b@c.d', list, frequency: 'weekly', lang: 'en' }),
  });

describe('a NUL character in an e-mail alert (the five 500s of issue 33)', () => {
  it.each([
    ['organization_code', '\u0000'],
    ['type', 'a\u0000b'],
    ['author', '\u0000'],
    ['hashtag', 'a\u0000b'],
  ])('list.%s = %j is a 400 naming that field, in the reader language', async (field, value) => {
    const en = await subscribe({ [field]: value }, { 'accept-language': 'en' });
    expect([en.statusCode, en.json()]).toEqual([400, { [`list.${field}`]: [EN] }]);
    const ar = await subscribe({ [field]: value }, { 'accept-language': 'ar' });
    expect([ar.statusCode, ar.json()]).toEqual([400, { [`list.${field}`]: [AR] }]);
    // The same from a signed-in reader (whose own address is subscribed).
    const signedIn = await subscribe({ [field]: value }, reader);
    expect([signedIn.statusCode, signedIn.json()]).toEqual([400, { [`list.${field}`]: [EN] }]);
  });

  it('in the unsubscribe token (a path parameter) is a 400 naming token', async () => {
    const url = '/api/v1/alerts/unsubscribe/%00xxxxxxxxxxxxxxxxxxx/';
    const en = await ctx.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: '{}' });
    expect([en.statusCode, en.json()]).toEqual([400, { token: [EN] }]);
    const ar = await ctx.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': 'ar' }, payload: '{}' });
    expect([ar.statusCode, ar.json()]).toEqual([400, { token: [AR] }]);
    // A mail client's one-click post (form-encoded), and the portal's (no body).
    const form = await ctx.inject({
      method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect([form.statusCode, form.json()]).toEqual([400, { token: [EN] }]);
    // Arabic when the reader names no language.
    expect((await ctx.inject({ method: 'POST', url })).json()).toEqual({ token: [AR] });
  });

  it('in a form-encoded body is a 400 naming the field', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/v1/alerts/unsubscribe/${'x'.repeat(24)}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ar' },
      payload: 'List-Unsubscribe=One-Click%00',
    });
    expect([res.statusCode, res.json()]).toEqual([400, { 'List-Unsubscribe': [AR] }]);
  });

  it('is still dropped from text only looked for (a query): a manage token is then not found', async () => {
    const res = await ctx.inject({ url: `/api/v1/alerts/subscriptions/?token=%00${'x'.repeat(24)}` });
    expect(res.statusCode).toBe(404);
  });

  it('leaves a clean subscription alone', async () => {
    expect((await subscribe({ organization_code: 'moh' })).statusCode).toBe(202);
  });
});

describe('every operation of the contract', () => {
  // Every string path parameter of every operation, with a NUL: a 400 naming the parameter,
  // before the operation's handler runs (the guard is on every route, not on each module's).
  const doc = contract().document as any;
  const deref = (p: any) => (p.$ref ? p.$ref.split('/').slice(1).reduce((o: any, k: string) => o[k], doc) : p);
  const cases: [string, string, string][] = [];
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref).filter((p: any) => p.in === 'path');
      // Any other parameter of the path gets 1 (a number, or a text that names nothing).
      for (const p of params.filter((x: any) => x.schema?.type === 'string')) {
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === p.name ? 'a%00bcdefghijklmnopqrstu' : '1'));
        cases.push([method.toUpperCase(), `/api/v1${url}`, p.name]);
      }
    }
  }

  it('has string path parameters to try', () => expect(cases.length).toBeGreaterThan(10));

  it.each(cases)('%s %s: NUL in %s is a 400 naming it', async (method, url, name) => {
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { headers: { ...reader, 'content-type': 'application/json' }, payload: '{}' } : { headers: reader };
    const res = await ctx.inject({ method: method as 'GET', url, ...body });
    expect([res.statusCode, res.json()]).toEqual([400, { [name]: [EN] }]);
  });
});

describe('nulFields (what the guard looks for)', () => {
  it('names every string holding a NUL by its path, in objects and arrays at any depth', () => {
    expect(nulFields({ a: 'x', list: { type: 'a\u0000b', n: 1, ok: true, none: null }, tags: ['ok', '\u0000'], items: [{ note: '\u0000' }] })).toEqual([
      'list.type', 'tags.1', 'items.0.note',
    ]);
    expect(nulFields({ 'a\u0000b': 1 })).toEqual(['ab']);
    expect(nulFields('\u0000')).toEqual(['non_field_errors']);
    expect(nulFields(['\u0000'])).toEqual(['0']);
    expect(nulFields({ clean: 'text', nested: { deeper: ['x'] } })).toEqual([]);
    expect(nulFields(undefined)).toEqual([]);
    // Deeper than the call stack goes: walked all the same.
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulFields(deep)).toEqual([`${'0.'.repeat(100_000)}0`]);
  });
});
