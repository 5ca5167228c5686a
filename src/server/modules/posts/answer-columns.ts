/**
 * Which columns of `posts` make a post's answer (the contract's Post, kept as JSON in post_docs):
 * a change to one of them must move the post's `doc_rev` (the `posts_doc_rev` trigger, migrations
 * 010 and 012), or readers are served the answer kept from before. The trigger lists them by hand,
 * in SQL; answer-columns.test.ts reads the table and the trigger from the database and fails when a
 * column is in neither list below, or when the trigger's list differs from ANSWER_COLUMNS — so a
 * column added to posts is placed here, and the trigger changed with it, before anything ships.
 */
export const ANSWER_COLUMNS = [
  'slug',
  'title',
  'title_ar',
  'summary',
  'summary_ar',
  'content',
  'content_ar',
  'language',
  'status',
  'author_id',
  'type_id',
  'organization_id',
  'subsidiary_id',
  'published_at',
  'created_at',
  'updated_at',
  'reading_time',
  'attachment_count',
  'meta_description',
  'meta_keywords',
  'document_number',
  'issued_on',
  'version',
  'withdrawn_reason',
  'withdrawn_reason_ar',
  'withdrawn_at',
] as const;

/** The columns of posts that do not change a post's kept answer, each with why. */
export const NOT_ANSWER_COLUMNS: Record<string, string> = {
  id: 'never changes once a post is written',
  view_count: 'read fresh on every request beside the kept answer, never kept in it',
  search_vector: 'made from the text columns (listed above) and never shown; it moves the content version (which lists a search holds) instead',
  doc_rev: 'the revision of the kept answer itself',
  review_state: 'the publishing workflow\'s stage: shown only in the studio, whose answers are not kept',
  scheduled_at: 'when a draft is to be published: shown only in the studio, whose answers are not kept',
};

/**
 * What moves the content version on an update of posts (the `posts_content_version_upd`
 * trigger, migration 012): what a post's answer shows, what a search finds it by, and doc_rev
 * (moved by changes to what it shows that live in other tables).
 */
export const CONTENT_VERSION_COLUMNS = [...ANSWER_COLUMNS, 'search_vector', 'doc_rev'] as const;
