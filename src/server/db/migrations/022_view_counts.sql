-- View counts that are cheap to write (issue 29, point 5). Views are written in batches
-- (src/server/modules/posts/views.ts): one statement adds to the view_count of each post viewed
-- since the last. A post's row is wide and indexed many ways, three of them GIN over its words,
-- and an update that changes an indexed column writes a new entry in every index — each of the
-- post's words again in the GIN ones: some 0.5 ms and 40 kB of WAL a post on 100,000 posts.
-- view_count was indexed only for the lists ordered by views: that index moves to a narrow table
-- kept by a trigger in the same statement, and posts' pages keep room for a new version of a
-- row, so that a count's update is heap-only (HOT): no index of posts touched, a tenth of the
-- cost. Rows written before this gain their room when they are first updated.

-- The view count of each published post, ordered: what lists by views read (repository.ts).
CREATE TABLE post_view_ranks (
  post_id    integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  view_count integer NOT NULL
);
INSERT INTO post_view_ranks (post_id, view_count) SELECT id, view_count FROM posts WHERE status = 'published';
CREATE INDEX post_view_ranks_order ON post_view_ranks (view_count DESC, post_id DESC);

CREATE FUNCTION keep_post_view_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' THEN
    INSERT INTO post_view_ranks (post_id, view_count) VALUES (NEW.id, NEW.view_count)
    ON CONFLICT (post_id) DO UPDATE SET view_count = EXCLUDED.view_count;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'published' THEN
    DELETE FROM post_view_ranks WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_view_rank_ins AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION keep_post_view_rank();
CREATE TRIGGER posts_view_rank_upd AFTER UPDATE OF status, view_count ON posts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.view_count IS DISTINCT FROM NEW.view_count)
  EXECUTE FUNCTION keep_post_view_rank();

DROP INDEX posts_pub_views;

-- A number that changes with every statement that changes view counts (a batch of views moves
-- it once), as content_version (migration 002) does with everything else a list shows: a
-- visitor's list answer kept at both numbers is the same answer while neither has moved
-- (list-answers.ts), which one light statement tells. Random at first, as content_version.
CREATE TABLE view_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint  NOT NULL
);
INSERT INTO view_version (version) VALUES (floor(random() * 1e15)::bigint);

CREATE FUNCTION bump_view_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE view_version SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_view_version AFTER UPDATE OF view_count ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_view_version();

-- A quarter of each page left free when rows are written: a post's row (about 1.8 kB, its long
-- texts compressed or stored apart) then fits again on its own page when its count changes.
ALTER TABLE posts SET (fillfactor = 75);
