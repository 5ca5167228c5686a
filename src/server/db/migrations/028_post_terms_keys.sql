-- Explore's counts (issue 32, point 2: src/server/modules/facets/) visit every published post a
-- search finds: a common word is in most of them. The narrow copy of published posts' terms
-- (006, 007, 009) now also carries what the counts are made of — type, organization, categories
-- in-force state and year — and keeps its two vectors out of line
-- (toast_tuple_target): a row is some 80 bytes, so that tens of thousands of matches are read
-- from a few hundred pages instead of the wide rows of posts (28,000 pages of them for one
-- common word at 100,000 posts). A little of each page is left free (fillfactor), so that keys
-- changing after a row is written (a relation published, a category corrected) may update it in
-- place, without new entries in the vector index.
CREATE TABLE post_terms_next (
  post_id         integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  published_at    timestamptz,
  -- Its year (UTC) as a column of its own: the planner knows how few there are.
  year            smallint GENERATED ALWAYS AS (extract(year FROM published_at AT TIME ZONE 'UTC')::smallint) STORED,
  type_id         integer,
  organization_id integer,
  -- What published posts do to it (the contract's InForce): 0 in force, 1 amended, 2 repealed.
  state           smallint NOT NULL DEFAULT 0,
  category_ids    integer[] NOT NULL DEFAULT '{}',
  terms           tsvector NOT NULL,
  head            tsvector NOT NULL DEFAULT ''::tsvector
) WITH (toast_tuple_target = 128, fillfactor = 90);

-- A post's in-force state from the published posts that amend, replace or repeal it.
CREATE FUNCTION post_state_of(target integer) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN bool_or(r.kind IN ('repeals', 'replaces')) THEN 2 WHEN bool_or(r.kind = 'amends') THEN 1 ELSE 0 END)::smallint
    FROM post_relations r JOIN posts q ON q.id = r.post_id AND q.status = 'published'
   WHERE r.target_id = target AND r.kind <> 'implements'
$$;

-- A post's categories, in order.
CREATE FUNCTION post_category_ids_of(post integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(category_id ORDER BY category_id), '{}') FROM post_categories WHERE post_id = post
$$;

INSERT INTO post_terms_next (post_id, published_at, type_id, organization_id, state, category_ids, terms, head)
SELECT t.post_id, t.published_at, p.type_id, p.organization_id, post_state_of(t.post_id), post_category_ids_of(t.post_id), t.terms, t.head
  FROM post_terms t JOIN posts p ON p.id = t.post_id;

DROP TABLE post_terms;
ALTER TABLE post_terms_next RENAME TO post_terms;
ALTER TABLE post_terms RENAME CONSTRAINT post_terms_next_pkey TO post_terms_pkey;
ALTER TABLE post_terms RENAME CONSTRAINT post_terms_next_post_id_fkey TO post_terms_post_id_fkey;
CREATE INDEX post_terms_gin ON post_terms USING gin (terms);
CREATE INDEX post_terms_date ON post_terms (published_at DESC, post_id DESC);

-- The triggers of the table it replaces (008, 026, 027).
CREATE TRIGGER post_terms_counts AFTER INSERT OR DELETE OR UPDATE OF terms ON post_terms
  FOR EACH ROW EXECUTE FUNCTION keep_term_counts();
CREATE TRIGGER post_terms_titles AFTER INSERT OR DELETE OR UPDATE OF head, published_at ON post_terms
  FOR EACH ROW EXECUTE FUNCTION keep_title_terms();
CREATE TRIGGER post_terms_vocabulary AFTER INSERT ON post_terms
  FOR EACH ROW EXECUTE FUNCTION queue_vocabulary();
CREATE TRIGGER post_terms_vocabulary_upd AFTER UPDATE OF terms ON post_terms
  FOR EACH ROW WHEN (OLD.terms IS DISTINCT FROM NEW.terms) EXECUTE FUNCTION queue_vocabulary();

-- A published post's row, with its keys; a post no longer published has none. Publishing or
-- withdrawing a post changes the state of the posts it amends, replaces or repeals.
CREATE OR REPLACE FUNCTION keep_post_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' THEN
    INSERT INTO post_terms (post_id, published_at, type_id, organization_id, state, category_ids, terms, head)
    VALUES (NEW.id, NEW.published_at, NEW.type_id, NEW.organization_id, post_state_of(NEW.id), post_category_ids_of(NEW.id),
            strip(NEW.search_vector), ts_filter(NEW.search_vector, '{a,b}'))
    ON CONFLICT (post_id) DO UPDATE
      SET published_at = EXCLUDED.published_at, type_id = EXCLUDED.type_id, organization_id = EXCLUDED.organization_id,
          terms = EXCLUDED.terms, head = EXCLUDED.head;
  ELSE
    DELETE FROM post_terms WHERE post_id = NEW.id;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IS DISTINCT FROM NEW.status AND 'published' IN (OLD.status, NEW.status) THEN
    UPDATE post_terms t SET state = post_state_of(t.post_id)
     WHERE t.post_id IN (SELECT r.target_id FROM post_relations r WHERE r.post_id = NEW.id) AND t.state <> post_state_of(t.post_id);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER posts_terms ON posts;
CREATE TRIGGER posts_terms AFTER INSERT OR UPDATE OF status, search_vector, published_at, type_id, organization_id ON posts
  FOR EACH ROW EXECUTE FUNCTION keep_post_terms();

-- Categories given or taken away (drafts have no row here: nothing changes for them).
CREATE FUNCTION post_terms_of_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE post_terms SET category_ids = '{}' WHERE category_ids <> '{}';
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE post_terms t SET category_ids = c.ids FROM (SELECT post_id, post_category_ids_of(post_id) AS ids FROM new_rows GROUP BY post_id) c
     WHERE t.post_id = c.post_id AND t.category_ids <> c.ids;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE post_terms t SET category_ids = c.ids FROM (SELECT post_id, post_category_ids_of(post_id) AS ids FROM old_rows GROUP BY post_id) c
     WHERE t.post_id = c.post_id AND t.category_ids <> c.ids;
  ELSE
    UPDATE post_terms t SET category_ids = c.ids
      FROM (SELECT post_id, post_category_ids_of(post_id) AS ids FROM (SELECT post_id FROM new_rows UNION SELECT post_id FROM old_rows) u) c
     WHERE t.post_id = c.post_id AND t.category_ids <> c.ids;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER post_categories_terms_ins AFTER INSERT ON post_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_categories();
CREATE TRIGGER post_categories_terms_upd AFTER UPDATE ON post_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_categories();
CREATE TRIGGER post_categories_terms_del AFTER DELETE ON post_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_categories();
CREATE TRIGGER post_categories_terms_trunc AFTER TRUNCATE ON post_categories
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_categories();

-- Relations made or undone: the state of the posts they point at.
CREATE FUNCTION post_terms_of_relations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE post_terms SET state = 0 WHERE state <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE post_terms t SET state = post_state_of(t.post_id) WHERE t.post_id IN (SELECT target_id FROM new_rows) AND t.state <> post_state_of(t.post_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE post_terms t SET state = post_state_of(t.post_id) WHERE t.post_id IN (SELECT target_id FROM old_rows) AND t.state <> post_state_of(t.post_id);
  ELSE
    UPDATE post_terms t SET state = post_state_of(t.post_id)
     WHERE t.post_id IN (SELECT target_id FROM new_rows UNION SELECT target_id FROM old_rows) AND t.state <> post_state_of(t.post_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER post_relations_terms_ins AFTER INSERT ON post_relations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_relations();
CREATE TRIGGER post_relations_terms_upd AFTER UPDATE ON post_relations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_relations();
CREATE TRIGGER post_relations_terms_del AFTER DELETE ON post_relations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_relations();
CREATE TRIGGER post_relations_terms_trunc AFTER TRUNCATE ON post_relations
  FOR EACH STATEMENT EXECUTE FUNCTION post_terms_of_relations();

ANALYZE post_terms;
