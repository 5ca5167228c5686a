-- "Did you mean" (issue 32, point 3: src/server/modules/spelling/). The portal's vocabulary: each
-- term the search analyzer gives the words of published posts (titles, summaries and bodies, in
-- both languages) with the written form to show for it (the most frequent, when last built),
-- looked up by the term and by trigram distance (pg_trgm, GiST: the nearest terms first).
-- How many posts hold a term is not kept here: term_counts (008) holds it, exact, in each
-- writer's transaction; a term no published post holds any more (no row there, or n = 0) is
-- never offered, however long its row stays here.
CREATE TABLE search_vocabulary (
  term    text    PRIMARY KEY,
  surface text    NOT NULL,
  -- How often the surface was written when the vocabulary was built (it chose the surface).
  uses    integer NOT NULL
);
CREATE INDEX search_vocabulary_trgm ON search_vocabulary USING gist (term gist_trgm_ops);

-- Posts whose terms were written since the vocabulary last read them (one row a post, however
-- many times it changed): added to by a trigger of post_terms in the writer's transaction (one
-- small row), read and emptied by the scheduled work (spelling/vocabulary.ts), a batch at a time.
-- A post withdrawn needs no row: its words go as term_counts loses them.
CREATE TABLE search_vocabulary_queue (
  post_id integer PRIMARY KEY
);

-- A rebuild under way: each term's written forms, counted over the posts read so far.
CREATE TABLE search_vocabulary_build (
  term    text    NOT NULL,
  surface text    NOT NULL,
  uses    integer NOT NULL,
  PRIMARY KEY (term, surface)
);

-- rebuild: asked for (at first, after a bulk write, or when the analyzer changed);
-- rebuild_after: the last post id a rebuild under way has read (null: none under way);
-- drained: posts read from the queue since the last rebuild, which asks for the next one once
-- they are many against built_posts (its surfaces were chosen on the posts of then).
CREATE TABLE search_vocabulary_state (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  analyzer_version integer NOT NULL DEFAULT 0,
  rebuild          boolean NOT NULL DEFAULT true,
  rebuild_after    integer,
  drained          integer NOT NULL DEFAULT 0,
  built_posts      integer NOT NULL DEFAULT 0
);
INSERT INTO search_vocabulary_state DEFAULT VALUES;

-- Bulk writers (the demo seed, a rebuilt search index: qarar.bulk_terms, see 008) queue nothing:
-- they recount term_counts at the end (refresh_term_counts), which asks for a rebuild below.
CREATE FUNCTION queue_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_terms', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_vocabulary_queue (post_id) VALUES (NEW.post_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER post_terms_vocabulary AFTER INSERT ON post_terms
  FOR EACH ROW EXECUTE FUNCTION queue_vocabulary();
CREATE TRIGGER post_terms_vocabulary_upd AFTER UPDATE OF terms ON post_terms
  FOR EACH ROW WHEN (OLD.terms IS DISTINCT FROM NEW.terms) EXECUTE FUNCTION queue_vocabulary();

-- term_counts recounted (refresh_term_counts deletes every row, counted ones included; retention
-- deletes only rows at n = 0, which asks nothing): the vocabulary is built again.
CREATE FUNCTION vocabulary_after_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gone WHERE n > 0) THEN
    UPDATE search_vocabulary_state SET rebuild = true WHERE NOT rebuild;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER term_counts_recounted AFTER DELETE ON term_counts
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocabulary_after_recount();
