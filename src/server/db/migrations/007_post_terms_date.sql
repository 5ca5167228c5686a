-- The narrow copy of published posts' terms (006) also carries their publication date, so that
-- the first pages of a search that finds many posts walk post_terms' date index, reading small
-- rows and stripped terms, instead of posts' wide rows and whole vectors.
ALTER TABLE post_terms ADD COLUMN published_at timestamptz;
UPDATE post_terms t SET published_at = p.published_at FROM posts p WHERE p.id = t.post_id;
-- Ordered as posts_pub_feed orders posts (NULLs first when descending, as there).
CREATE INDEX post_terms_date ON post_terms (published_at DESC, post_id DESC);

CREATE OR REPLACE FUNCTION keep_post_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' THEN
    INSERT INTO post_terms (post_id, terms, published_at) VALUES (NEW.id, strip(NEW.search_vector), NEW.published_at)
    ON CONFLICT (post_id) DO UPDATE SET terms = EXCLUDED.terms, published_at = EXCLUDED.published_at;
  ELSE
    DELETE FROM post_terms WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER posts_terms ON posts;
CREATE TRIGGER posts_terms AFTER INSERT OR UPDATE OF status, search_vector, published_at ON posts
  FOR EACH ROW EXECUTE FUNCTION keep_post_terms();
ANALYZE post_terms;
