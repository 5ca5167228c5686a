import type { Queryable } from '../../db/db';
import type { PostText } from './post-text';
import { postVector, storeFileTexts } from './search-index';

export type { PostText } from './post-text';

/** A post as the importer (seed, tests) writes it. */
export interface NewPost extends PostText {
  slug: string;
  language: 'ar' | 'en';
  status: 'published' | 'draft' | 'archived';
  author_id: number;
  type_id: number;
  organization_id: number | null;
  subsidiary_id: number | null;
  published_at: Date | null;
  created_at?: Date;
  view_count?: number;
  meta_description?: string;
  meta_keywords?: string;
  /** As the document gives it ("794/1446"). */
  document_number?: string;
  /** YYYY-MM-DD. */
  issued_on?: string | null;
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read the longer of the two versions, at least 1. */
export function readingTime(post: Pick<NewPost, 'content' | 'content_ar'>): number {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(Math.max(words(post.content), words(post.content_ar)) / WORDS_PER_MINUTE));
}

/** Inserts one post (not its relations) and returns its id. */
export async function insertPost(db: Queryable, post: NewPost): Promise<number> {
  const created = post.created_at ?? post.published_at ?? new Date();
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO posts (slug, title, title_ar, summary, summary_ar, content, content_ar, language, status,
                        author_id, type_id, organization_id, subsidiary_id, published_at, created_at, updated_at,
                        view_count, reading_time, meta_description, meta_keywords, search_vector)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19,
             $20::tsvector)
     RETURNING id`,
    [
      post.slug, post.title, post.title_ar, post.summary, post.summary_ar, post.content, post.content_ar,
      post.language, post.status, post.author_id, post.type_id, post.organization_id, post.subsidiary_id,
      post.published_at, created, post.view_count ?? 0, readingTime(post), post.meta_description ?? '',
      post.meta_keywords ?? '', postVector(post),
    ],
  );
  return row.id;
}

/** A file attached to a post, already stored under DATA_DIR/media. */
export interface NewAttachment {
  storage_key: string;
  thumbnail_key: string | null;
  /** The Arabic title: shown to every reader without an English one, and the download's name (no extension). */
  title_ar: string;
  /** The English title, if any. */
  title?: string | null;
  description?: string;
  file_type: string;
  size: number;
  file_extension: string;
  width: number | null;
  height: number | null;
  /** The file's SHA-256 (hex), when known as it was written; otherwise read back when it is first signed. */
  sha256?: string | null;
  /** The text of each page of a PDF, as extracted when the file was stored (see file_texts). */
  pages?: string[] | null;
}

/** A post with its relations, as the bulk importer writes it. */
export interface NewPostWithRelations extends NewPost {
  category_ids: number[];
  subcategory_ids: number[];
  hashtag_ids: number[];
  /** In display order. */
  attachments: NewAttachment[];
}

/**
 * Inserts many posts and their relations with a handful of statements (one per table), so that
 * importing hundreds of thousands of posts costs round trips per batch, not per row. Search
 * vectors are built exactly as insertPost() builds them. Returns the ids in input order.
 * Callers batch (about a thousand posts per call keeps statements to a few megabytes).
 */
export async function insertPosts(db: Queryable, posts: NewPostWithRelations[]): Promise<number[]> {
  if (!posts.length) return [];
  const cols = {
    slug: [] as string[], title: [] as string[], title_ar: [] as string[], summary: [] as string[],
    summary_ar: [] as string[], content: [] as string[], content_ar: [] as string[], language: [] as string[],
    status: [] as string[], author_id: [] as number[], type_id: [] as number[],
    organization_id: [] as (number | null)[], subsidiary_id: [] as (number | null)[],
    published_at: [] as (string | null)[], created_at: [] as string[], view_count: [] as number[],
    reading_time: [] as number[], attachment_count: [] as number[], meta_description: [] as string[],
    meta_keywords: [] as string[],
    search_vector: [] as string[],
    document_number: [] as string[],
    issued_on: [] as (string | null)[],
  };
  for (const post of posts) {
    const created = post.created_at ?? post.published_at ?? new Date();
    cols.slug.push(post.slug);
    cols.title.push(post.title);
    cols.title_ar.push(post.title_ar);
    cols.summary.push(post.summary);
    cols.summary_ar.push(post.summary_ar);
    cols.content.push(post.content);
    cols.content_ar.push(post.content_ar);
    cols.language.push(post.language);
    cols.status.push(post.status);
    cols.author_id.push(post.author_id);
    cols.type_id.push(post.type_id);
    cols.organization_id.push(post.organization_id);
    cols.subsidiary_id.push(post.subsidiary_id);
    // Timestamps travel as ISO text: both drivers serialise Date inside arrays differently.
    cols.published_at.push(post.published_at ? post.published_at.toISOString() : null);
    cols.created_at.push(created.toISOString());
    cols.view_count.push(post.view_count ?? 0);
    cols.reading_time.push(readingTime(post));
    cols.attachment_count.push(post.attachments.length);
    cols.meta_description.push(post.meta_description ?? '');
    cols.meta_keywords.push(post.meta_keywords ?? '');
    cols.search_vector.push(postVector(post, post.attachments));
    cols.document_number.push(post.document_number ?? '');
    cols.issued_on.push(post.issued_on ?? null);
  }
  // Each post's categories, by slug, written in the same statement: the posts' row triggers run
  // at its end, when their categories are there (post_terms keeps them: migration 028).
  const categorySlugs: string[] = [];
  const categoryIds: number[] = [];
  for (const post of posts) {
    for (const id of new Set(post.category_ids)) {
      categorySlugs.push(post.slug);
      categoryIds.push(id);
    }
  }
  const rows = await db.query<{ id: number; slug: string }>(
    `WITH written AS (
     INSERT INTO posts (slug, title, title_ar, summary, summary_ar, content, content_ar, language, status,
                        author_id, type_id, organization_id, subsidiary_id, published_at, created_at, updated_at,
                        view_count, reading_time, attachment_count, meta_description, meta_keywords, search_vector,
                        document_number, issued_on)
     SELECT slug, title, title_ar, summary, summary_ar, content, content_ar, language, status,
            author_id, type_id, organization_id, subsidiary_id, published_at, created_at, created_at,
            view_count, reading_time, attachment_count, meta_description, meta_keywords, search_vector::tsvector,
            document_number, issued_on
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::int[], $11::int[], $12::int[], $13::int[], $14::timestamptz[], $15::timestamptz[],
                   $16::int[], $17::int[], $18::int[], $19::text[], $20::text[], $21::text[], $22::text[], $23::date[])
         AS t(slug, title, title_ar, summary, summary_ar, content, content_ar, language, status,
              author_id, type_id, organization_id, subsidiary_id, published_at, created_at,
              view_count, reading_time, attachment_count, meta_description, meta_keywords, search_vector,
              document_number, issued_on)
     RETURNING id, slug),
     categories AS (
       INSERT INTO post_categories (post_id, category_id)
       SELECT w.id, c.category_id FROM written w JOIN unnest($24::text[], $25::int[]) AS c(slug, category_id) ON c.slug = w.slug)
     SELECT id, slug FROM written`,
    [
      cols.slug, cols.title, cols.title_ar, cols.summary, cols.summary_ar, cols.content, cols.content_ar, cols.language,
      cols.status, cols.author_id, cols.type_id, cols.organization_id, cols.subsidiary_id, cols.published_at, cols.created_at,
      cols.view_count, cols.reading_time, cols.attachment_count, cols.meta_description, cols.meta_keywords,
      cols.search_vector, cols.document_number, cols.issued_on, categorySlugs, categoryIds,
    ],
  );
  // RETURNING promises no order; the slug is unique, so it maps rows back to their input.
  const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const ids = posts.map((p) => idBySlug.get(p.slug)!);

  const pairs = (pick: (p: NewPostWithRelations) => number[]) => {
    const left: number[] = [];
    const right: number[] = [];
    posts.forEach((p, i) => {
      for (const v of new Set(pick(p))) {
        left.push(ids[i]);
        right.push(v);
      }
    });
    return [left, right];
  };
  const subcategories = pairs((p) => p.subcategory_ids);
  if (subcategories[0].length) {
    await db.query('INSERT INTO post_subcategories (post_id, subcategory_id) SELECT * FROM unnest($1::int[], $2::int[])', subcategories);
  }
  const hashtags = pairs((p) => p.hashtag_ids);
  if (hashtags[0].length) {
    await db.query('INSERT INTO post_hashtags (post_id, hashtag_id) SELECT * FROM unnest($1::int[], $2::int[])', hashtags);
  }

  const a = {
    post_id: [] as number[], storage_key: [] as string[], thumbnail_key: [] as (string | null)[], title_ar: [] as string[],
    title: [] as (string | null)[],
    description: [] as string[], file_type: [] as string[], size: [] as number[], file_extension: [] as string[],
    width: [] as (number | null)[], height: [] as (number | null)[], sort_order: [] as number[], created_at: [] as string[],
    sha256: [] as (string | null)[],
  };
  posts.forEach((p, i) => {
    const created = (p.created_at ?? p.published_at ?? new Date()).toISOString();
    p.attachments.forEach((f, order) => {
      a.post_id.push(ids[i]);
      a.storage_key.push(f.storage_key);
      a.thumbnail_key.push(f.thumbnail_key);
      a.title_ar.push(f.title_ar);
      a.title.push(f.title ?? null);
      a.description.push(f.description ?? '');
      a.file_type.push(f.file_type);
      a.size.push(f.size);
      a.file_extension.push(f.file_extension);
      a.width.push(f.width);
      a.height.push(f.height);
      a.sort_order.push(order);
      a.created_at.push(created);
      a.sha256.push(f.sha256 ?? null);
    });
  });
  await storeFileTexts(db, posts.flatMap((p) => p.attachments));
  if (a.post_id.length) {
    await db.query(
      `INSERT INTO attachments (post_id, storage_key, thumbnail_key, title_ar, title, description, file_type, size, file_extension,
                                width, height, sort_order, created_at, sha256)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[],
                            $10::int[], $11::int[], $12::int[], $13::timestamptz[], $14::text[])`,
      [a.post_id, a.storage_key, a.thumbnail_key, a.title_ar, a.title, a.description, a.file_type, a.size, a.file_extension, a.width, a.height, a.sort_order, a.created_at, a.sha256],
    );
  }
  return ids;
}

