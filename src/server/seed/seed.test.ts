import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { verifyPassword } from '../modules/auth/passwords';
import { mediaPath } from '../modules/media/paths';
import { postVector, type SearchableFile, type SearchableText } from '../modules/posts/search-index';
import { signIn } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import { extractHashtags, hashtagIdentity } from '../../shared/hashtags';
import { DEMO_ACCOUNTS, seedDemo, seedIfEmpty, type SeedSummary } from '.';

const NOW = new Date('2026-03-15T09:00:00Z');
const POSTS = 120;
const DAY = 86_400_000;

let ctx: TestContext;
let summary: SeedSummary;

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db, config) => {
      summary = await seedDemo(db, { posts: POSTS, dataDir: config.dataDir, now: NOW });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const q = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => ctx.db.query<T>(sql, params);
const count = async (table: string, where = 'true') => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0].n;

describe('demo content', () => {
  it('has the organizations, taxonomy and tags the product needs', async () => {
    expect(await count('organizations')).toBeGreaterThanOrEqual(30);
    expect(await count('organizations', 'is_verified AND is_active')).toBeGreaterThan(await count('organizations', 'NOT (is_verified AND is_active)'));
    expect(await count('organizations', 'NOT is_verified')).toBeGreaterThan(0);
    expect(await count('organizations', `city_id IS NULL OR website = '' OR email = '' OR phone = '' OR description = '' OR description_ar = ''`)).toBe(0);
    const perOrg = await q<{ subs: number; depts: number }>(
      `SELECT (SELECT count(*)::int FROM subsidiaries s WHERE s.organization_id = o.id) AS subs,
              (SELECT count(*)::int FROM departments d WHERE d.organization_id = o.id) AS depts
         FROM organizations o`,
    );
    for (const o of perOrg) {
      expect(o.subs).toBeGreaterThanOrEqual(2);
      expect(o.subs).toBeLessThanOrEqual(5);
      expect(o.depts).toBeGreaterThanOrEqual(4);
    }
    expect(await count('cities', `name = '' OR name_ar = ''`)).toBe(0);

    const types = await q<{ name: string; name_ar: string }>('SELECT name, name_ar FROM post_types ORDER BY id');
    expect(types).toEqual([
      { name: 'decision', name_ar: 'قرار' }, { name: 'circular', name_ar: 'تعميم' }, { name: 'announcement', name_ar: 'إعلان' },
      { name: 'statement', name_ar: 'بيان' }, { name: 'law', name_ar: 'قانون' }, { name: 'decree', name_ar: 'مرسوم' },
      { name: 'order', name_ar: 'أمر' }, { name: 'directive', name_ar: 'توجيه' }, { name: 'regulation', name_ar: 'لائحة' },
    ]);

    expect(await count('categories')).toBeGreaterThanOrEqual(12);
    const subs = await q<{ n: number }>('SELECT count(s.id)::int AS n FROM categories c LEFT JOIN subcategories s ON s.category_id = c.id GROUP BY c.id');
    for (const c of subs) expect([2, 3, 4]).toContain(c.n);

    const tags = await q<{ name: string; name_normalized: string; slug: string; is_trending: boolean }>('SELECT name, name_normalized, slug, is_trending FROM hashtags');
    expect(tags.length).toBeGreaterThanOrEqual(60);
    expect(tags.filter((t) => t.is_trending).length).toBeGreaterThan(5);
    expect(tags.some((t) => /[\u0600-\u06FF]/.test(t.name))).toBe(true);
    expect(tags.some((t) => /^[A-Za-z0-9]+$/.test(t.name))).toBe(true);
    for (const t of tags) expect(t.name_normalized).toBe(hashtagIdentity(t.name));
  });

  it('writes the posts asked for, across two years, in all three states', async () => {
    expect(summary.posts).toBe(POSTS);
    expect(await count('posts')).toBe(POSTS);
    expect(await count('posts', `status = 'draft'`)).toBeGreaterThan(0);
    expect(await count('posts', `status = 'archived'`)).toBeGreaterThan(0);
    expect(await count('posts', `status = 'draft' AND (published_at IS NOT NULL OR view_count <> 0)`)).toBe(0);
    expect(await count('posts', `status <> 'draft' AND published_at IS NULL`)).toBe(0);
    expect(await count('posts', `language = 'en'`)).toBeGreaterThan(0);
    expect(await count('posts', `language = 'ar'`)).toBeGreaterThan(await count('posts', `language = 'en'`));
    const [range] = await q<{ min: Date; max: Date }>('SELECT min(coalesce(published_at, created_at)) AS min, max(coalesce(published_at, created_at)) AS max FROM posts');
    expect(new Date(range.min).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 731 * DAY);
    expect(new Date(range.max).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(new Date(range.max).getTime() - new Date(range.min).getTime()).toBeGreaterThan(600 * DAY);
    expect(await count('posts', `title = '' OR title_ar = '' OR summary = '' OR summary_ar = '' OR content = '' OR content_ar = ''`)).toBe(0);
    expect(await count('posts', `concat_ws(' ', title, title_ar, summary, summary_ar, content, content_ar) ~ '\\{[a-z_]+\\}'`)).toBe(0);
    expect(await count('posts', `content_ar NOT LIKE '%' || chr(10) || chr(10) || '%'`)).toBe(0);
    expect(await count('posts', `content_ar !~ 'https?://|www\\.'`)).toBe(0);
    expect(await count('posts', 'author_id NOT IN (SELECT id FROM users WHERE user_type = \'publisher\' AND is_verified)')).toBe(0);
  });

  it('gives mostly ASCII slugs and some Arabic ones', async () => {
    const slugs = (await q<{ slug: string }>('SELECT slug FROM posts')).map((r) => r.slug);
    const ascii = slugs.filter((s) => /^[a-z0-9-]+$/.test(s));
    const arabic = slugs.filter((s) => /[\u0600-\u06FF]/.test(s));
    expect(ascii.length).toBeGreaterThan(slugs.length * 0.8);
    expect(arabic.length).toBeGreaterThan(0);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('links every hashtag written in a body, and only those', async () => {
    const posts = await q<{ id: number; content: string; content_ar: string; tags: string[] | null }>(
      `SELECT p.id, p.content, p.content_ar, array_agg(h.name_normalized) FILTER (WHERE h.id IS NOT NULL) AS tags
         FROM posts p LEFT JOIN post_hashtags ph ON ph.post_id = p.id LEFT JOIN hashtags h ON h.id = ph.hashtag_id
        GROUP BY p.id`,
    );
    for (const p of posts) {
      const written = extractHashtags(`${p.content_ar}\n${p.content}`).map(hashtagIdentity).sort();
      expect(written.length).toBeGreaterThan(0);
      expect((p.tags ?? []).sort()).toEqual(written);
    }
  });

  it('classifies each post in one or two categories and at most two subcategories', async () => {
    const rows = await q<{ cats: number; subs: number }>(
      `SELECT (SELECT count(*)::int FROM post_categories c WHERE c.post_id = p.id) AS cats,
              (SELECT count(*)::int FROM post_subcategories s WHERE s.post_id = p.id) AS subs FROM posts p`,
    );
    for (const r of rows) {
      expect([1, 2]).toContain(r.cats);
      expect(r.subs).toBeLessThanOrEqual(2);
    }
  });

  it('builds search vectors with the shared analyzer, files included', async () => {
    const posts = await q<SearchableText & { id: number; files: SearchableFile[] | null }>(
      `SELECT p.id, p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar,
              (SELECT json_agg(json_build_object('title_ar', a.title_ar, 'title', a.title, 'description', a.description,
                        'pages', (SELECT json_agg(ft.body ORDER BY ft.page) FROM file_texts ft WHERE ft.storage_key = a.storage_key))
                      ORDER BY a.sort_order, a.id)
                 FROM attachments a WHERE a.post_id = p.id) AS files
         FROM posts p ORDER BY p.attachment_count DESC, p.id LIMIT 5`,
    );
    for (const p of posts) {
      const [row] = await q<{ same: boolean }>('SELECT search_vector = $2::tsvector AS same FROM posts WHERE id = $1', [p.id, postVector(p, p.files ?? [])]);
      expect(row.same).toBe(true);
    }
    expect(await count('posts', `search_vector @@ 'قرار'::tsquery`)).toBeGreaterThan(0);
    // The terms' post counts, counted once at the end of the seed, are those of published posts.
    const [decision] = await q<{ n: number }>("SELECT n FROM term_counts WHERE term = 'قرار'");
    expect(decision.n).toBe(await count('posts', `status = 'published' AND search_vector @@ 'قرار'::tsquery`));
  });

  it('keeps the status counts and the taxonomy counts right', async () => {
    const counted = await q<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM posts GROUP BY status');
    const kept = await q<{ status: string; n: number }>('SELECT status, n FROM post_status_counts');
    for (const { status, n } of kept) expect(n).toBe(counted.find((c) => c.status === status)?.n ?? 0);
    expect(summary.published + summary.drafts + summary.archived).toBe(POSTS);

    expect(await count('post_types', `post_count <> (SELECT count(*) FROM posts p WHERE p.type_id = post_types.id AND p.status = 'published')`)).toBe(0);
    expect(await count('categories', `post_count <> (SELECT count(*) FROM post_categories pc JOIN posts p ON p.id = pc.post_id WHERE pc.category_id = categories.id AND p.status = 'published')`)).toBe(0);
    expect(await count('hashtags', 'post_count > 0')).toBeGreaterThan(10);
    // The status-count trigger the seed turns off while it writes is on again.
    const [{ enabled }] = await q<{ enabled: string }>(`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'posts_count_status_ins'`);
    expect(enabled).toBe('O');
  });

  it("gives each published post's search row its keys as it is written: type, organization, categories, in-force state", async () => {
    expect(await count('post_terms', 'true')).toBe(summary.published);
    const drift = `SELECT p.id FROM posts p LEFT JOIN post_terms t ON t.post_id = p.id
        WHERE (p.status = 'published') <> (t.post_id IS NOT NULL)
           OR (t.post_id IS NOT NULL AND (t.type_id IS DISTINCT FROM p.type_id OR t.organization_id IS DISTINCT FROM p.organization_id
               OR t.published_at IS DISTINCT FROM p.published_at OR t.category_ids <> post_category_ids_of(p.id) OR t.state <> post_state_of(p.id)))`;
    expect(await q(drift)).toEqual([]);
    expect(await count('post_terms', `category_ids <> '{}'`)).toBe(summary.published);
  });

  it('makes real attachment files that open', async () => {
    const rows = await q<{ post_id: number; storage_key: string; thumbnail_key: string | null; title_ar: string; title: string | null; file_type: string; file_extension: string; size: number; width: number | null; height: number | null }>(
      'SELECT post_id, storage_key, thumbnail_key, title_ar, title, file_type, file_extension, size, width, height FROM attachments',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.file_extension === 'pdf')).toBe(true);
    expect(rows.some((r) => r.file_extension === 'png')).toBe(true);
    expect(rows.some((r) => r.file_extension === 'jpg')).toBe(true);
    const checked = new Set<string>();
    for (const r of rows) {
      // Every file is titled in both languages, whatever the post's own language.
      expect(r.title_ar).toMatch(/^[\u0600-\u06FF]/);
      expect(r.title).toMatch(/^[A-Z][A-Za-z0-9 ()-]+$/);
      expect(r.title_ar).not.toMatch(/[/\\]/);
      if (checked.has(r.storage_key)) continue;
      checked.add(r.storage_key);
      const file = mediaPath(ctx.config.dataDir, r.storage_key);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBe(r.size);
      if (r.file_extension === 'pdf') {
        expect(r.file_type).toBe('application/pdf');
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        expect(r.thumbnail_key).toBeNull();
      } else {
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe(r.file_extension === 'png' ? 'png' : 'jpeg');
        expect(r.file_type).toBe(r.file_extension === 'png' ? 'image/png' : 'image/jpeg');
        expect([meta.width, meta.height]).toEqual([r.width, r.height]);
        const thumb = await sharp(mediaPath(ctx.config.dataDir, r.thumbnail_key!)).metadata();
        expect(thumb.format).toBe('webp');
        expect(thumb.width).toBeLessThanOrEqual(480);
      }
    }
    const perPost = await q<{ n: number; declared: number }>(
      'SELECT count(a.id)::int AS n, p.attachment_count AS declared FROM posts p LEFT JOIN attachments a ON a.post_id = p.id GROUP BY p.id',
    );
    for (const p of perPost) {
      expect(p.n).toBe(p.declared);
      expect(p.n).toBeLessThanOrEqual(6);
    }
    expect(perPost.filter((p) => p.n <= 2).length).toBeGreaterThan(perPost.length / 2);
  });

  it('answers the seeded posts with their files titled in both languages', async () => {
    // A list, not a post's page: reading a post counts a view, which the same-content test compares.
    const res = await ctx.app.inject({ url: '/api/v1/content/posts/?has_attachments=true&page_size=50', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const posts = res.json().results as Array<{ language: string; attachments: Array<{ title: string | null; title_ar: string }> }>;
    // English posts too: their files were titled in English alone before titles had two languages.
    expect(posts.some((p) => p.language === 'en')).toBe(true);
    for (const file of posts.flatMap((p) => p.attachments)) {
      expect(file.title_ar).toMatch(/^[\u0600-\u06FF]/);
      expect(file.title).toMatch(/^[A-Z][A-Za-z0-9 ()-]+$/);
    }
    // The English is a translation of the Arabic, not another title.
    const pairs = await q<{ title_ar: string; title: string }>("SELECT DISTINCT title_ar, title FROM attachments WHERE title_ar IN ('الأسئلة الشائعة', 'الدليل الإجرائي')");
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(pair.title).toBe(pair.title_ar === 'الأسئلة الشائعة' ? 'Frequently asked questions' : 'Procedural guide');
  });

  it('serves an attachment under its Arabic title', async () => {
    const [a] = await q<{ id: number; title: string; file_extension: string; size: number }>(
      `SELECT a.id, a.title_ar AS title, a.file_extension, a.size FROM attachments a JOIN posts p ON p.id = a.post_id
        WHERE p.status = 'published' ORDER BY a.id LIMIT 1`,
    );
    const name = `${a.title}.${a.file_extension}`;
    const res = await ctx.app.inject({ method: 'GET', url: `/media/attachments/${a.id}/${encodeURIComponent(name)}?download=1` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(a.size);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(name);
  });

  it('creates the demo accounts with their documented passwords', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await q<{ password_hash: string; user_type: string; is_staff: boolean }>(
        'SELECT password_hash, user_type, is_staff FROM users WHERE username = $1',
        [account.username],
      );
      expect(user.user_type).toBe(account.user_type);
      expect(user.is_staff).toBe(account.user_type === 'staff');
      expect(await verifyPassword(user.password_hash, account.password)).toBe(true);
      expect(await verifyPassword(user.password_hash, 'wrong password')).toBe(false);
    }
    // Each organization publishes through a few verified publisher accounts.
    const perOrg = await q<{ n: number }>(`SELECT count(DISTINCT author_id)::int AS n FROM posts GROUP BY organization_id`);
    expect(Math.max(...perOrg.map((r) => r.n))).toBeGreaterThan(1);
  });

  it('gives the reader bookmarks with notes, follows and interests', async () => {
    const [reader] = await q<{ id: number }>(`SELECT id FROM users WHERE username = 'reader'`);
    expect(await count('bookmarks', `user_id = ${reader.id}`)).toBeGreaterThanOrEqual(5);
    expect(await count('bookmarks', `user_id = ${reader.id} AND notes <> ''`)).toBeGreaterThan(0);
    expect(await count('bookmarks', `post_id IN (SELECT id FROM posts WHERE status = 'draft')`)).toBe(0);
    expect(await count('follows', `follower_id = ${reader.id}`)).toBeGreaterThan(0);
    expect(await count('interests', `user_id = ${reader.id}`)).toBeGreaterThan(0);
  });

  it('corrects a few published posts through the workspace, their earlier versions readable', async () => {
    type Row = { id: number; slug: string; title: string; title_ar: string; content: string; content_ar: string; published_at: Date; updated_at: Date; publisher: boolean };
    const corrected = await q<Row>(
      `SELECT p.id, p.slug, p.title, p.title_ar, p.content, p.content_ar, p.published_at, p.updated_at,
              EXISTS (SELECT 1 FROM audit_log a JOIN organization_members m ON m.user_id = a.user_id AND m.organization_id = p.organization_id
                       WHERE a.post_id = p.id AND a.action = 'corrected' AND m.role = 'publisher') AS publisher
         FROM posts p WHERE p.version > 1 AND p.status = 'published' ORDER BY p.id`,
    );
    expect(corrected.length).toBeGreaterThanOrEqual(2);
    expect(corrected.length).toBeLessThanOrEqual(3);
    expect(await count('posts', 'version > 1')).toBe(corrected.length);
    expect(await count('audit_log', `action = 'corrected'`)).toBe(summary.corrections);
    let majors = 0;
    let minors = 0;
    for (const post of corrected) {
      expect(post.publisher).toBe(true);
      const url = `/api/v1/content/posts/${encodeURIComponent(post.slug)}/versions/`;
      const list = await ctx.app.inject({ url });
      expect(list.statusCode).toBe(200);
      const versions = list.json<Array<{ version: number; kind: string; note: string; note_ar: string; created_at: string }>>().sort((a, b) => a.version - b.version);
      expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
      expect(versions[0].kind).toBe('first');
      // Made in the past: the first version when the post was published, each correction after it and before now.
      expect(versions[0].created_at).toBe(new Date(post.published_at).toISOString());
      for (let i = 1; i < versions.length; i++) {
        const v = versions[i];
        expect(['minor', 'major']).toContain(v.kind);
        expect(Date.parse(v.created_at)).toBeGreaterThan(Date.parse(versions[i - 1].created_at));
        expect(Date.parse(v.created_at)).toBeLessThan(NOW.getTime());
        if (v.kind === 'major') {
          majors++;
          expect(v.note_ar).toMatch(/^تصحيح [\u0600-\u06FF]/);
          expect(v.note).toMatch(/^Corrected the [a-z]/);
        } else {
          minors++;
        }
      }
      expect(new Date(post.updated_at).toISOString()).toBe(versions[versions.length - 1].created_at);

      // Version 1 reads as the post did before it was corrected.
      const first = await ctx.app.inject({ url: `${url}1/` });
      expect(first.statusCode).toBe(200);
      const then = first.json<{ version: number; kind: string; current_version: number; post: Pick<Row, 'title' | 'title_ar' | 'content' | 'content_ar'> & { slug: string } }>();
      expect(then).toMatchObject({ version: 1, kind: 'first', current_version: versions.length });
      expect(then.post.slug).toBe(post.slug);
      const fields = ['title', 'title_ar', 'content', 'content_ar'] as const;
      const changed = fields.filter((f) => then.post[f] !== post[f]);
      expect(changed.length).toBeGreaterThan(0);
      // A correction changes a detail, in both languages for a figure or a date; not the whole text.
      if (changed.includes('content_ar')) expect(changed).toContain('content');
      for (const f of changed) expect(then.post[f].length).toBeGreaterThan(post[f].length * 0.8);
      const last = await ctx.app.inject({ url: `${url}${versions.length}/` });
      expect(last.json().post).toMatchObject({ title: post.title, title_ar: post.title_ar, content: post.content, content_ar: post.content_ar });
    }
    expect(majors).toBeGreaterThanOrEqual(2);
    expect(minors).toBeGreaterThanOrEqual(1);
  });

  it("records the seeded posts' history in their organizations' logs, as the workspace would", async () => {
    // moe_media opens its organization's log as the workspace does.
    const [moe] = await q<{ user_id: number; organization_id: number }>(
      `SELECT m.user_id, m.organization_id FROM organization_members m JOIN users u ON u.id = m.user_id WHERE u.username = 'moe_media'`,
    );
    const res = await ctx.inject({ url: `/api/v1/studio/organizations/${moe.organization_id}/audit/?page_size=50`, headers: await signIn(ctx, moe.user_id) });
    expect(res.statusCode).toBe(200);
    const log = res.json<{ count: number; results: Array<{ id: number; action: string; at: string; post: { id: number } | null }> }>();
    expect(log.count).toBeGreaterThan(0);
    expect(log.results.length).toBeGreaterThan(0);
    expect(log.count).toBe(await count('audit_log', `organization_id = ${moe.organization_id}`));
    // Newest first, by id as by time.
    for (let i = 1; i < log.results.length; i++) {
      expect(log.results[i].id).toBeLessThan(log.results[i - 1].id);
      expect(Date.parse(log.results[i].at)).toBeLessThanOrEqual(Date.parse(log.results[i - 1].at));
    }
    expect(log.results.every((e) => Date.parse(e.at) < NOW.getTime())).toBe(true);
    // The whole log too: ids follow time, the corrections' entries included.
    expect(await count('audit_log a', `EXISTS (SELECT 1 FROM audit_log b WHERE b.id > a.id AND b.created_at < a.created_at)`)).toBe(0);
    expect(summary.audit_entries).toBe((await count('audit_log')) - summary.corrections);

    // Each published post of an organization with members: one 'published' entry by its publisher, at its publication.
    const published = await q<{ id: number; entries: number; right: number }>(
      `SELECT p.id,
              (SELECT count(*)::int FROM audit_log a WHERE a.post_id = p.id AND a.action = 'published') AS entries,
              (SELECT count(*)::int FROM audit_log a
                 JOIN organization_members m ON m.user_id = a.user_id AND m.organization_id = p.organization_id AND m.role = 'publisher'
                WHERE a.post_id = p.id AND a.action = 'published' AND a.created_at = p.published_at
                  AND a.organization_id = p.organization_id AND a.version = 0 AND a.comment IS NULL AND a.details = '{"by": "now"}') AS right
         FROM posts p
        WHERE p.status = 'published' AND EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = p.organization_id)`,
    );
    expect(published.length).toBeGreaterThan(0);
    for (const p of published) expect(p).toEqual({ id: p.id, entries: 1, right: 1 });

    // Created, then submitted (by a member, not the one who publishes), then published, then any correction.
    const steps = await q<{ id: number; created: Date; submitted: Date; published: Date; corrected: Date | null; writer_member: boolean; second_pair: boolean }>(
      `SELECT p.id,
              (SELECT created_at FROM audit_log WHERE post_id = p.id AND action = 'created') AS created,
              (SELECT created_at FROM audit_log WHERE post_id = p.id AND action = 'submitted') AS submitted,
              (SELECT created_at FROM audit_log WHERE post_id = p.id AND action = 'published') AS published,
              (SELECT min(created_at) FROM audit_log WHERE post_id = p.id AND action = 'corrected') AS corrected,
              EXISTS (SELECT 1 FROM audit_log a JOIN organization_members m ON m.user_id = a.user_id AND m.organization_id = p.organization_id
                       WHERE a.post_id = p.id AND a.action = 'submitted') AS writer_member,
              (SELECT s.user_id <> b.user_id FROM audit_log s, audit_log b
                WHERE s.post_id = p.id AND s.action = 'submitted' AND b.post_id = p.id AND b.action = 'published') AS second_pair
         FROM posts p WHERE p.status = 'published'`,
    );
    for (const s of steps) {
      expect(new Date(s.created).getTime()).toBeLessThan(new Date(s.submitted).getTime());
      expect(new Date(s.submitted).getTime()).toBeLessThan(new Date(s.published).getTime());
      if (s.corrected) expect(new Date(s.corrected).getTime()).toBeGreaterThan(new Date(s.published).getTime());
      expect(s.writer_member).toBe(true);
      expect(s.second_pair).toBe(true);
    }
    expect(await count('audit_log', `action = 'created' AND post_id IN (SELECT id FROM posts WHERE status = 'draft')`)).toBe(await count('posts', `status = 'draft'`));
    expect(await count('audit_log', `action <> 'created' AND post_id IN (SELECT id FROM posts WHERE status = 'draft')`)).toBe(0);
    // Entries answer the post's own creation time, and nothing is logged twice.
    expect(await count('audit_log a', `action = 'created' AND created_at <> (SELECT created_at FROM posts WHERE id = a.post_id)`)).toBe(0);
    expect(await count('(SELECT post_id, action FROM audit_log WHERE action <> \'corrected\' GROUP BY 1, 2 HAVING count(*) > 1) d')).toBe(0);
  });

  it('leaves a seeded database alone', async () => {
    const log = { info: jest.fn() } as never;
    expect(await seedIfEmpty(ctx.db, ctx.config, log)).toBeNull();
    await expect(seedDemo(ctx.db, { posts: 1, dataDir: ctx.config.dataDir, now: NOW })).rejects.toThrow(/already holds posts/);
    expect(await count('posts')).toBe(POSTS);
  });

  it('writes the same content for the same options', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-seed-again-'));
    const other = await openDb({});
    try {
      await migrate(other);
      const indexes = `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`;
      const migrated = await other.query(indexes);
      await seedDemo(other, { posts: POSTS, dataDir, now: NOW });
      // The indexes dropped for the bulk load are all back, as the migrations define them.
      expect(await other.query(indexes)).toEqual(migrated);
      const cols = 'slug, title, title_ar, summary_ar, content_ar, content, status, view_count, published_at, language';
      const mine = await q(`SELECT ${cols} FROM posts ORDER BY id`);
      const theirs = await other.query(`SELECT ${cols} FROM posts ORDER BY id`);
      expect(theirs).toEqual(mine);
      const files = 'SELECT storage_key, title_ar, title, sort_order FROM attachments ORDER BY id';
      expect(await other.query(files)).toEqual(await q(files));
      const versions = 'SELECT post_id, version, kind, note, note_ar, created_at, body FROM post_versions ORDER BY 1, 2';
      expect(await other.query(versions)).toEqual(await q(versions));
      const log = 'SELECT organization_id, post_id, user_id, action, version, comment, details, created_at FROM audit_log ORDER BY id';
      expect(await other.query(log)).toEqual(await q(log));
      const orgs = 'SELECT code, name_ar, phone, email FROM organizations ORDER BY id';
      expect(await other.query(orgs)).toEqual(await q(orgs));
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
