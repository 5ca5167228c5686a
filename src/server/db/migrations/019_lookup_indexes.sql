-- Indexes for the reads and deletes that scanned every post (issue 27, point 8). Each is checked
-- by src/server/db/indexes.test.ts against the statements the product issues, and measured on a
-- million posts by `npm run bench:indexes`.

-- The workspace's relation picker looks a published post up by its document number.
CREATE INDEX posts_pub_document_number ON posts (document_number) WHERE status = 'published';

-- The workspace's list searches titles and document numbers with ILIKE '%…%' (a part of a word or
-- of a number, Arabic compared after normalize_arabic): one trigram index holds each column the
-- search reads, and each branch of its OR is a scan of it.
CREATE INDEX posts_studio_search_trgm ON posts USING gin (
  title gin_trgm_ops,
  title_ar gin_trgm_ops,
  normalize_arabic(title_ar) gin_trgm_ops,
  document_number gin_trgm_ops
);

-- Deleting a post removes its bookmarks and its places in alert lists (ON DELETE CASCADE): without
-- an index that starts with post_id, each delete read the whole of both tables.
CREATE INDEX bookmarks_post ON bookmarks (post_id);
CREATE INDEX alert_list_posts_post ON alert_list_posts (post_id);
