import { reindexPosts, storeFileTexts } from '../modules/posts/search-index';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { insertPost, type NewPost } from '../modules/posts/write';
import { hashtagIdentity } from '../../shared/hashtags';
import type { TestContext } from './helpers';

/** The nine post types of spec §9 with their Arabic names. */
export const POST_TYPES = [
  ['decision', 'قرار'],
  ['circular', 'تعميم'],
  ['announcement', 'إعلان'],
  ['statement', 'بيان'],
  ['law', 'قانون'],
  ['decree', 'مرسوم'],
  ['order', 'أمر'],
  ['directive', 'توجيه'],
  ['regulation', 'لائحة'],
] as const;

export type PostTypeName = (typeof POST_TYPES)[number][0];

export interface AttachmentFixture {
  title_ar: string;
  /** The English title; none when absent. */
  title?: string | null;
  file_type: string;
  file_extension: string;
  size: number;
  storage_key?: string;
  thumbnail_key?: string | null;
  description?: string;
  width?: number | null;
  height?: number | null;
  sort_order?: number;
  /** The text of a PDF's pages, kept as if extracted when the file was stored. */
  pages?: string[];
}

export interface PostFixture extends Partial<NewPost> {
  slug: string;
  author_id: number;
  type_id: number;
  categories?: number[];
  subcategories?: number[];
  hashtags?: number[];
  attachments?: AttachmentFixture[];
}

/**
 * Small, precise content for tests: each call inserts one row with plain SQL (posts through
 * insertPost, so that search vectors are built as in production) and returns its id.
 */
export class ContentFixtures {
  private counter = 0;

  constructor(private readonly db: Queryable) {}

  private next(): number {
    this.counter += 1;
    return this.counter;
  }

  async user(
    username: string,
    o: { staff?: boolean; verified?: boolean; first_name?: string; last_name?: string; profile_picture?: string | null } = {},
  ): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, user_type, is_staff, is_verified, profile_picture)
       VALUES ($1, $2, 'not-a-real-hash', $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        username, `${username.toLowerCase()}@example.test`, o.first_name ?? username, o.last_name ?? 'Tester',
        o.staff ? 'staff' : 'regular', o.staff ?? false, o.verified ?? false, o.profile_picture ?? null,
      ],
    );
    return row.id;
  }

  /** All nine post types; answers their ids by English name. */
  async postTypes(): Promise<Record<PostTypeName, number>> {
    const ids = {} as Record<PostTypeName, number>;
    for (const [name, name_ar] of POST_TYPES) {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO post_types (name, name_ar, description, description_ar) VALUES ($1, $2, $3, $4) RETURNING id`,
        [name, name_ar, `Official ${name}s`, `${name_ar} رسمي`],
      );
      ids[name] = row.id;
    }
    return ids;
  }

  async category(slug: string, name: string, name_ar: string, sort_order = this.next()): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO categories (slug, name, name_ar, description, description_ar, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [slug, name, name_ar, `About ${name}`, `عن ${name_ar}`, sort_order],
    );
    return row.id;
  }

  async subcategory(category_id: number, slug: string, name: string, name_ar: string, is_active = true): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO subcategories (category_id, slug, name, name_ar, description, description_ar, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [category_id, slug, name, name_ar, `About ${name}`, `عن ${name_ar}`, is_active],
    );
    return row.id;
  }

  async hashtag(name: string, o: { slug?: string; trending?: boolean; created_at?: Date } = {}): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO hashtags (name, slug, name_normalized, is_trending, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [name, o.slug ?? hashtagIdentity(name), hashtagIdentity(name), o.trending ?? false, o.created_at ?? new Date()],
    );
    return row.id;
  }

  async city(name: string, name_ar: string): Promise<number> {
    const [row] = await this.db.query<{ id: number }>('INSERT INTO cities (name, name_ar) VALUES ($1, $2) RETURNING id', [name, name_ar]);
    return row.id;
  }

  async organization(
    code: string,
    name: string,
    name_ar: string,
    o: { verified?: boolean; active?: boolean; city_id?: number | null; website?: string; email?: string; phone?: string } = {},
  ): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO organizations (code, name, name_ar, description, description_ar, is_verified, is_active, city_id, website, email, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        code, name, name_ar, `${name} publishes official posts.`, `تنشر ${name_ar} منشورات رسمية.`, o.verified ?? true,
        o.active ?? true, o.city_id ?? null, o.website ?? '', o.email ?? '', o.phone ?? '',
      ],
    );
    return row.id;
  }

  async subsidiary(organization_id: number, code: string, name: string, name_ar: string, is_active = true): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO subsidiaries (organization_id, code, name, name_ar, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [organization_id, code, name, name_ar, is_active],
    );
    return row.id;
  }

  async department(
    organization_id: number,
    name: string,
    name_ar: string,
    o: { subsidiary_id?: number | null; active?: boolean } = {},
  ): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO departments (organization_id, subsidiary_id, name, name_ar, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [organization_id, o.subsidiary_id ?? null, name, name_ar, o.active ?? true],
    );
    return row.id;
  }

  /** A post (published now unless told otherwise) with its relations and attachments. */
  async post(p: PostFixture): Promise<number> {
    const status = p.status ?? 'published';
    // Fields left undefined take the defaults below.
    const given = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
    const id = await insertPost(this.db, {
      title: `Post ${p.slug}`,
      title_ar: `منشور ${p.slug}`,
      summary: '',
      summary_ar: '',
      content: '',
      content_ar: '',
      language: 'ar',
      organization_id: null,
      subsidiary_id: null,
      published_at: status === 'draft' ? null : new Date(),
      ...given,
      slug: p.slug,
      author_id: p.author_id,
      type_id: p.type_id,
      status,
    });
    for (const c of p.categories ?? []) {
      await this.db.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [id, c]);
    }
    for (const s of p.subcategories ?? []) {
      await this.db.query('INSERT INTO post_subcategories (post_id, subcategory_id) VALUES ($1, $2)', [id, s]);
    }
    for (const h of p.hashtags ?? []) {
      await this.db.query('INSERT INTO post_hashtags (post_id, hashtag_id) VALUES ($1, $2)', [id, h]);
    }
    for (const [i, a] of (p.attachments ?? []).entries()) {
      await this.db.query(
        `INSERT INTO attachments (post_id, storage_key, thumbnail_key, title_ar, title, description, file_type, size, file_extension, width, height, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id, a.storage_key ?? `attachments/${id}-${i}.${a.file_extension}`, a.thumbnail_key ?? null, a.title_ar, a.title ?? null,
          a.description ?? '', a.file_type, a.size, a.file_extension, a.width ?? null, a.height ?? null, a.sort_order ?? i,
        ],
      );
    }
    if (p.attachments?.length) {
      await this.db.query('UPDATE posts SET attachment_count = $2 WHERE id = $1', [id, p.attachments.length]);
      await storeFileTexts(
        this.db,
        p.attachments.map((a, i) => ({ storage_key: a.storage_key ?? `attachments/${id}-${i}.${a.file_extension}`, pages: a.pages })),
      );
      // The files' titles and text are part of the post's vector.
      await reindexPosts(this.db, [id]);
    }
    return id;
  }

  /** Recomputes the published-post counts kept on taxonomy rows (as the importer does). */
  async refreshCounts(): Promise<void> {
    await this.db.query('SELECT refresh_post_counts()');
  }
}

/** Opens a session for a user and answers request headers carrying its access token. */
export async function signIn(ctx: TestContext, userId: number, lang: 'ar' | 'en' = 'en'): Promise<Record<string, string>> {
  const sid = randomUUID();
  await ctx.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sid, userId]);
  const token = ctx.app.jwt.sign({ sub: String(userId), sid, typ: 'access' });
  return { authorization: `Bearer ${token}`, 'accept-language': lang };
}
