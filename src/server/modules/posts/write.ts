import { normalizeArabic } from '../../../shared/arabic';
import type { Queryable } from '../../db/db';

/** A post as the importer (seed, tests) writes it. */
export interface NewPost {
  slug: string;
  title: string;
  title_ar: string;
  summary: string;
  summary_ar: string;
  content: string;
  content_ar: string;
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
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read the longer of the two versions, at least 1. */
export function readingTime(post: Pick<NewPost, 'content' | 'content_ar'>): number {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(Math.max(words(post.content), words(post.content_ar)) / WORDS_PER_MINUTE));
}

/**
 * The text that is indexed, normalised by the same rules as search queries
 * (src/shared/arabic.ts): titles weigh most, then summaries, then bodies.
 */
export function searchDocuments(p: Pick<NewPost, 'title' | 'title_ar' | 'summary' | 'summary_ar' | 'content' | 'content_ar'>) {
  return [
    normalizeArabic(p.title_ar),
    normalizeArabic(p.summary_ar),
    normalizeArabic(p.content_ar),
    normalizeArabic(p.title),
    normalizeArabic(p.summary),
    normalizeArabic(p.content),
  ];
}

/** SQL for the search vector, over the six parameters searchDocuments() returns, from $n on. */
export function searchVectorSql(n: number): string {
  const p = (i: number) => `$${n + i}`;
  return `setweight(to_tsvector('arabic', ${p(0)}), 'A') || setweight(to_tsvector('arabic', ${p(1)}), 'B') ||
    setweight(to_tsvector('arabic', ${p(2)}), 'C') || setweight(to_tsvector('english', ${p(3)}), 'A') ||
    setweight(to_tsvector('english', ${p(4)}), 'B') || setweight(to_tsvector('english', ${p(5)}), 'C')`;
}

/** Inserts one post (not its relations) and returns its id. */
export async function insertPost(db: Queryable, post: NewPost): Promise<number> {
  const created = post.created_at ?? post.published_at ?? new Date();
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO posts (slug, title, title_ar, summary, summary_ar, content, content_ar, language, status,
                        author_id, type_id, organization_id, subsidiary_id, published_at, created_at, updated_at,
                        view_count, reading_time, meta_description, meta_keywords, search_vector)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19,
             ${searchVectorSql(20)})
     RETURNING id`,
    [
      post.slug, post.title, post.title_ar, post.summary, post.summary_ar, post.content, post.content_ar,
      post.language, post.status, post.author_id, post.type_id, post.organization_id, post.subsidiary_id,
      post.published_at, created, post.view_count ?? 0, readingTime(post), post.meta_description ?? '',
      post.meta_keywords ?? '', ...searchDocuments(post),
    ],
  );
  return row.id;
}
