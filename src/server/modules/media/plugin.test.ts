import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { insertPost } from '../posts/write';
import { createTestContext, type TestContext } from '../../test/helpers';
import { mediaPath } from './plugin';

let ctx: TestContext;
const ids: Record<string, number> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'.repeat(20));

beforeAll(async () => {
  ctx = await createTestContext({
    async prepare(db, config) {
      const file = mediaPath(config.dataDir, 'files/abc123.pdf');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, PDF);
      const [u] = await db.query<{ id: number }>(
        "INSERT INTO users (username, email, password_hash) VALUES ('pub', 'pub@example.org', 'x') RETURNING id",
      );
      const [t] = await db.query<{ id: number }>("INSERT INTO post_types (name, name_ar) VALUES ('decision', 'قرار') RETURNING id");
      const base = {
        title: 'Decision', title_ar: 'قرار', summary: '', summary_ar: '', content: 'body', content_ar: 'نص',
        language: 'ar' as const, author_id: u.id, type_id: t.id, organization_id: null, subsidiary_id: null, published_at: new Date(),
      };
      for (const status of ['published', 'draft'] as const) {
        const postId = await insertPost(db, { ...base, slug: `p-${status}`, status });
        const [a] = await db.query<{ id: number }>(
          `INSERT INTO attachments (post_id, storage_key, title, file_type, size, file_extension)
           VALUES ($1, 'files/abc123.pdf', 'قرار وزاري رقم ١٢', 'application/pdf', $2, 'pdf') RETURNING id`,
          [postId, PDF.length],
        );
        ids[status] = a.id;
      }
    },
  });
});
afterAll(() => ctx.close());

const url = (id: number) => `/media/attachments/${id}/${encodeURIComponent('قرار وزاري رقم ١٢')}.pdf`;

describe('media', () => {
  it('serves an attachment inline with its type and Arabic name', async () => {
    const res = await ctx.inject({ url: url(ids.published) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('قرار وزاري رقم ١٢.pdf')}`);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('offers a download that keeps the Arabic file name', async () => {
    const res = await ctx.inject({ url: `${url(ids.published)}?download=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('قرار وزاري رقم ١٢.pdf')}`);
  });

  it('answers range requests', async () => {
    const res = await ctx.inject({ url: url(ids.published), headers: { range: 'bytes=0-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('%PDF-1.4');
    expect(res.headers['content-range']).toBe(`bytes 0-7/${PDF.length}`);
  });

  it("hides a draft's attachments and unknown ids", async () => {
    expect((await ctx.inject({ url: url(ids.draft) })).statusCode).toBe(404);
    expect((await ctx.inject({ url: '/media/attachments/999999/x.pdf' })).statusCode).toBe(404);
    expect((await ctx.inject({ url: '/media/attachments/abc/x.pdf' })).statusCode).toBe(404);
  });

  it('serves other media files statically and 404s missing ones', async () => {
    const ok = await ctx.inject({ url: '/media/files/abc123.pdf' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await ctx.inject({ url: '/media/files/missing.pdf' })).statusCode).toBe(404);
    expect((await ctx.inject({ url: '/media/../config.ts' })).statusCode).toBe(404);
  });
});
