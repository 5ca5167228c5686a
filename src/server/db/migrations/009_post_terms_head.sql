-- The narrow copy of published posts' terms (006, 007) also carries the terms of their titles
-- and summaries with their positions and weights (the vector's A and B parts): a search of
-- published posts by relevance ranks its newest matches on these small vectors, read with the
-- copy's other columns, instead of reading every ranked post's whole vector from posts.
ALTER TABLE post_terms ADD COLUMN head tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE post_terms t SET head = ts_filter(p.search_vector, '{a,b}') FROM posts p WHERE p.id = t.post_id;

CREATE OR REPLACE FUNCTION keep_post_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' THEN
    INSERT INTO post_terms (post_id, terms, published_at, head)
    VALUES (NEW.id, strip(NEW.search_vector), NEW.published_at, ts_filter(NEW.search_vector, '{a,b}'))
    ON CONFLICT (post_id) DO UPDATE SET terms = EXCLUDED.terms, published_at = EXCLUDED.published_at, head = EXCLUDED.head;
  ELSE
    DELETE FROM post_terms WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
ANALYZE post_terms;
