import Fastify, { type FastifyInstance } from 'fastify';
import { ContentFixtures, signIn } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import { installErrorHandling } from './error-handler';

/**
 * No constraint the database enforces reaches a client as a 500: the error handler answers each
 * violation as a 4xx in the reader's language, naming the field at fault where the request sent
 * it (db-errors.ts). The refusals are PostgreSQL's own (PGlite, or the server of
 * TEST_DATABASE_URL), raised by statements against the test's real, migrated database.
 */
let ctx: TestContext;
let bare: FastifyInstance;
const ids = {} as Record<'staff' | 'editor' | 'org' | 'type' | 'post', number>;

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      ids.staff = await f.user('admin', { staff: true });
      ids.editor = await f.user('moh_editor');
      ids.org = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.type = (await f.postTypes()).decision;
      ids.post = await f.post({ slug: 'a-decision', author_id: ids.editor, type_id: ids.type, organization_id: ids.org, title: 'A decision', title_ar: 'قرار' });
    },
  });
  // The product's error handling over routes whose writes the database refuses: each stands for
  // a service that forgot a check, or lost a race to another request.
  bare = Fastify();
  installErrorHandling(bare);
  const db = ctx.db;
  bare.post<{ Body: { organization_id: number } }>('/posts', async (req) => {
    await db.transaction((tx) =>
      tx.query(`INSERT INTO posts (slug, title, title_ar, author_id, type_id, organization_id) VALUES ('x', '', '', $1, $2, $3)`, [ids.editor, ids.type, req.body.organization_id]),
    );
    return {};
  });
  bare.post<{ Body: { slug: string } }>('/duplicate', async (req) => {
    await db.query(`INSERT INTO posts (slug, title, title_ar, author_id, type_id) VALUES ($1, '', '', $2, $3)`, [req.body.slug, ids.editor, ids.type]);
    return {};
  });
  bare.patch<{ Body: { language?: string; title?: null } }>('/post', async (req) => {
    if (req.body.language !== undefined) await db.query('UPDATE posts SET language = $2 WHERE id = $1', [ids.post, req.body.language]);
    if (req.body.title !== undefined) await db.query('UPDATE posts SET title = $2 WHERE id = $1', [ids.post, req.body.title]);
    return {};
  });
  bare.delete('/organization', async () => {
    await db.query('DELETE FROM organizations WHERE id = $1', [ids.org]);
    return {};
  });
  bare.get<{ Querystring: { n: string } }>('/number', async (req) => db.query('SELECT $1::integer AS n', [req.query.n]));
  bare.get('/broken', async () => db.query('SELECT * FROM no_such_table'));
  await bare.ready();
});
afterAll(async () => {
  await bare?.close();
  await ctx.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang: 'ar' | 'en' = 'en') =>
  bare.inject({ method, url, headers: { 'accept-language': lang }, ...(payload ? { payload } : {}) });
const message = (res: { json(): Record<string, unknown> }) => {
  const { request_id: _, ...rest } = res.json();
  return rest;
};

describe('a write the database refuses', () => {
  it('answers a reference to nothing as a 400 on the field sent, in the reader\'s language', async () => {
    const en = await send('POST', '/posts', { organization_id: 99999 });
    expect(en.statusCode).toBe(400);
    expect(message(en)).toEqual({ organization_id: ['This refers to something that does not exist (or no longer does).'] });
    const ar = await send('POST', '/posts', { organization_id: 99999 }, 'ar');
    expect(ar.statusCode).toBe(400);
    expect(message(ar)).toEqual({ organization_id: ['يشير هذا إلى عنصر غير موجود أو لم يعد موجوداً.'] });
  });

  it('answers a duplicate as a 409, a row still in use as a 409', async () => {
    const dup = await send('POST', '/duplicate', { slug: 'a-decision' });
    expect(dup.statusCode).toBe(409);
    expect(message(dup)).toEqual({ detail: 'This already exists.' });
    const used = await send('DELETE', '/organization', undefined, 'ar');
    expect(used.statusCode).toBe(409);
    expect(message(used)).toEqual({ detail: 'لا يمكن حذف هذا العنصر لأنه ما زال مستخدماً في موضع آخر.' });
  });

  it('answers a check or a missing value as a 400 on its column, and a value out of range as a 400', async () => {
    const check = await send('PATCH', '/post', { language: 'xx' });
    expect(check.statusCode).toBe(400);
    expect(message(check)).toEqual({ language: ['This value is not allowed.'] });
    const blank = await send('PATCH', '/post', { title: null });
    expect(blank.statusCode).toBe(400);
    expect(message(blank)).toEqual({ title: ['This field is required.'] });
    const huge = await send('GET', '/number?n=99999999999');
    expect(huge.statusCode).toBe(400);
    expect(message(huge)).toEqual({ detail: 'This value is not allowed.' });
  });

  it('still answers any other database error as a 500', async () => {
    const res = await send('GET', '/broken');
    expect(res.statusCode).toBe(500);
  });
});

describe('a workspace post for an organization that does not exist', () => {
  it.each([
    ['en', 'Choose an organization from the list.'],
    ['ar', 'اختر الجهة من القائمة.'],
  ] as const)('is refused to staff with a field error before any insert (%s)', async (lang, text) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/v1/studio/posts/',
      headers: await signIn(ctx, ids.staff, lang),
      payload: { organization_id: 99999, type_id: ids.type, title_ar: 'مسودة' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ organization_id: [text] });
    const [{ n }] = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'created'");
    expect(n).toBe(0);
  });
});
