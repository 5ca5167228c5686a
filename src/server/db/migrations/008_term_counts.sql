-- How many published posts hold each term (post_terms' documents per lexeme), kept by a trigger
-- in the same transaction as the terms. A search for one word whose terms are in more than
-- COUNT_BOUND posts (repository.ts) is then known to be "1,000+" from a few rows here, instead
-- of a bitmap of every matching post out of the vector index (the cost of a common word grows
-- with the number of posts; this does not).
CREATE TABLE term_counts (
  term text PRIMARY KEY,
  n    integer NOT NULL
);
INSERT INTO term_counts (term, n) SELECT word, ndoc FROM ts_stat('SELECT terms FROM post_terms');

-- One statement per change, its terms in order: two writers lock shared terms in the same order.
-- Bulk writers (the demo seed, a rebuilt index) set qarar.bulk_terms to 'on' in their
-- transaction and call refresh_term_counts() once at the end.
CREATE FUNCTION keep_term_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added   text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF current_setting('qarar.bulk_terms', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN added := tsvector_to_array(NEW.terms); END IF;
  IF TG_OP <> 'INSERT' THEN removed := tsvector_to_array(OLD.terms); END IF;
  INSERT INTO term_counts (term, n)
  SELECT term, sum(d)::integer FROM (
      SELECT unnest(added) AS term, 1 AS d
      UNION ALL
      SELECT unnest(removed), -1
    ) changes
   GROUP BY term HAVING sum(d) <> 0 ORDER BY term
  ON CONFLICT (term) DO UPDATE SET n = term_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE TRIGGER post_terms_counts AFTER INSERT OR DELETE OR UPDATE OF terms ON post_terms
  FOR EACH ROW EXECUTE FUNCTION keep_term_counts();

CREATE FUNCTION refresh_term_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM term_counts;
  INSERT INTO term_counts (term, n) SELECT word, ndoc FROM ts_stat('SELECT terms FROM post_terms');
$$;
