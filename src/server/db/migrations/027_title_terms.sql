-- Suggestions as a reader types (issue 32, point 1: src/server/modules/suggest/). The words of a
-- search box are completed from the portal's vocabulary, term_counts (008): the terms that begin
-- with what was typed, most used first — a range of this index, however many posts there are.
CREATE INDEX term_counts_prefix ON term_counts (term text_pattern_ops);

-- Then each completed term leads to the newest published posts whose title holds it: one row a
-- post and title term (the A part of post_terms.head), read in this key's order — the newest
-- few posts of a term are the first rows of its range, however many posts hold it.
CREATE TABLE title_terms (
  term         text        NOT NULL,
  published_at timestamptz NOT NULL,
  post_id      integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  PRIMARY KEY (term, published_at, post_id)
);
CREATE INDEX title_terms_post ON title_terms (post_id);

CREATE FUNCTION title_terms_of(head tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT unnest(tsvector_to_array(ts_filter(head, '{a}')))
$$;

-- Kept with post_terms, in the same transaction; bulk writers (qarar.bulk_terms, see 008) skip it
-- and call refresh_term_counts(), which now rebuilds this too.
CREATE FUNCTION keep_title_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_terms', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM title_terms WHERE post_id = OLD.post_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.published_at IS NOT NULL THEN
    INSERT INTO title_terms (term, published_at, post_id)
    SELECT DISTINCT t, NEW.published_at, NEW.post_id FROM title_terms_of(NEW.head) t
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER post_terms_titles AFTER INSERT OR DELETE OR UPDATE OF head, published_at ON post_terms
  FOR EACH ROW EXECUTE FUNCTION keep_title_terms();

CREATE OR REPLACE FUNCTION refresh_term_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM term_counts;
  INSERT INTO term_counts (term, n) SELECT word, ndoc FROM ts_stat('SELECT terms FROM post_terms');
  DELETE FROM title_terms;
  INSERT INTO title_terms (term, published_at, post_id)
  SELECT DISTINCT t, published_at, post_id FROM post_terms, title_terms_of(head) t WHERE published_at IS NOT NULL;
$$;

INSERT INTO title_terms (term, published_at, post_id)
SELECT DISTINCT t, published_at, post_id FROM post_terms, title_terms_of(head) t WHERE published_at IS NOT NULL;
ANALYZE title_terms;
