-- Search by the shared analyzer (src/shared/search): post vectors are now made by the
-- application from the analyzer's terms, not by a text search configuration of the database.

-- The text of attached files (PDF), page by page, extracted when the file is stored, with its
-- vector for finding which page matched. Keyed by the stored file, which is named by its
-- content: a file attached to many posts is read and kept once.
CREATE TABLE file_texts (
  storage_key text    NOT NULL,
  page        integer NOT NULL CHECK (page >= 1),
  body        text    NOT NULL,
  vector      tsvector NOT NULL,
  PRIMARY KEY (storage_key, page)
);

-- Which analyzer built the vectors in posts.search_vector: when the application's analyzer
-- changes (ANALYZER_VERSION), the server builds them again at start (ensureSearchIndex).
-- 0: built by the database's text search configurations before this migration.
CREATE TABLE search_index_state (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  analyzer_version integer NOT NULL
);
INSERT INTO search_index_state (analyzer_version) VALUES (0);
