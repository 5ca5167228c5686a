import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { insertPost } from '../posts/write';
import { createTestContext, type TestContext } from '../../test/helpers';
import { mediaPath } from './paths';
import { renditionKey, renditionsOf, renditionWidths } from './renditions';

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
          `INSERT INTO attachments (post_id, storage_key, title_ar, file_type, size, file_extension)
           VALUES ($1, 'files/abc123.pdf', 'قرار وزاري رقم ١٢', 'application/pdf', $2, 'pdf') RETURNING id`,
          [postId, PDF.length],
        );
        ids[status] = a.id;
        const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#0f5e4f' } }).png().toBuffer();
        writeFileSync(mediaPath(config.dataDir, `files/img-${status}.png`), png);
        const [img] = await db.query<{ id: number }>(
          `INSERT INTO attachments (post_id, storage_key, title_ar, file_type, size, file_extension, width, height)
           VALUES ($1, $2, 'صورة', 'image/png', $3, 'png', 1000, 500) RETURNING id`,
          [postId, `files/img-${status}.png`, png.length],
        );
        ids[`image-${status}`] = img.id;
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

  it("names a file as RFC 5987 and RFC 6266 spell it: ' ( ) * percent-encoded, never sent bare", async () => {
    const [{ post_id }] = await ctx.db.query<{ post_id: number }>('SELECT post_id FROM attachments WHERE id = $1', [ids.published]);
    const [a] = await ctx.db.query<{ id: number }>(
      `INSERT INTO attachments (post_id, storage_key, title_ar, file_type, size, file_extension)
       VALUES ($1, 'files/abc123.pdf', $2, 'application/pdf', $3, 'pdf') RETURNING id`,
      [post_id, "قرار (١) 'ب'*", PDF.length],
    );
    const res = await ctx.inject({ url: `/media/attachments/${a.id}/x.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''%D9%82%D8%B1%D8%A7%D8%B1%20%28%D9%A1%29%20%27%D8%A8%27%2A.pdf");
    await ctx.db.query('DELETE FROM attachments WHERE id = $1', [a.id]);
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

  it('offers fixed rendition widths no wider than the image, and its own up to 1280', () => {
    expect(renditionWidths(1000)).toEqual([320, 480, 640, 960, 1000]);
    expect(renditionWidths(1600)).toEqual([320, 480, 640, 960, 1280]);
    expect(renditionWidths(300)).toEqual([300]);
    expect(renditionWidths(null)).toEqual([]);
    expect(renditionsOf('http://x', { id: 7, file_type: 'image/jpeg', width: 1600, height: 900 })[0]).toEqual({ url: 'http://x/media/renditions/7/320.webp', width: 320, height: 180 });
    expect(renditionsOf('http://x', { id: 7, file_type: 'application/pdf', width: null, height: null })).toEqual([]);
  });

  it("makes an image's WebP rendition on first request, caches it on disk and for a year", async () => {
    const res = await ctx.inject({ url: `/media/renditions/${ids['image-published']}/480.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 240]);
    expect(existsSync(mediaPath(ctx.config.dataDir, renditionKey('files/img-published.png', 480)))).toBe(true);
    const again = await ctx.inject({ url: `/media/renditions/${ids['image-published']}/480.webp` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('renders only offered widths of published images', async () => {
    for (const url of [
      `/media/renditions/${ids['image-published']}/500.webp`,
      `/media/renditions/${ids['image-published']}/1280.webp`,
      `/media/renditions/${ids['image-published']}/480.png`,
      `/media/renditions/${ids['image-draft']}/480.webp`,
      `/media/renditions/${ids.published}/320.webp`,
      '/media/renditions/999999/320.webp',
    ]) {
      expect([url, (await ctx.inject({ url })).statusCode]).toEqual([url, 404]);
    }
  });
});
