-- Kept posts (migration 010) carry the format they were written in: a release that presents posts
-- differently raises DOC_FORMAT (src/server/modules/posts/post-sql.ts), and posts kept in
-- another format are out of date like those kept at an older revision.
ALTER TABLE post_docs ADD COLUMN format integer NOT NULL DEFAULT 1;

-- The server's start looks for posts not kept at their revision (ensurePostDocs) in these two
-- narrow indexes alone (index-only scans): reading both tables' rows for it read some 13 GB on
-- a million posts, and left the memory the searches had warmed filled with posts' rows.
CREATE INDEX posts_doc_rev ON posts (id) INCLUDE (doc_rev);
CREATE INDEX post_docs_rev ON post_docs (post_id) INCLUDE (rev, format);
