-- Each post as answers show it, kept ready (src/server/modules/posts/post-docs.ts): the JSON of the
-- contract's Post, relations included, without what is read fresh for every request (its view
-- count, the reader's bookmark). A page of posts is then a lookup of ten rows and a
-- concatenation instead of a statement of subqueries and a serialization.
--
-- A kept post is good while its `rev` is the post's `doc_rev`, which every change to what the
-- answer shows moves on — the post's own columns, its categories, subcategories, hashtags and
-- attachments, and the names of its author, type, organization, subsidiary, categories and
-- hashtags — in the transaction of the change. A post kept from an older snapshot is never
-- served: its rev no longer matches, read in the same statement as the post.
ALTER TABLE posts ADD COLUMN doc_rev integer NOT NULL DEFAULT 0;

-- A kept post (some 6 kB) stays in the table's own page, compressed (MAIN: not moved to the
-- TOAST table, whose index each read would visit): half the size, so that a million of them
-- leave room in memory for the rest; LZ4 where the server has it (faster to read back).
CREATE TABLE post_docs (
  post_id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  rev     integer NOT NULL,
  body    text    NOT NULL
);
ALTER TABLE post_docs ALTER COLUMN body SET STORAGE MAIN;
DO $$
BEGIN
  ALTER TABLE post_docs ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  NULL; -- built without LZ4 (PGlite): the default compression
END $$;

-- The post's own columns (not its view count, nor its search vector).
CREATE FUNCTION post_doc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc_rev := OLD.doc_rev + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_doc_rev BEFORE UPDATE OF
    slug, title, title_ar, summary, summary_ar, content, content_ar, language, status, author_id, type_id,
    organization_id, subsidiary_id, published_at, created_at, updated_at, reading_time, attachment_count,
    meta_description, meta_keywords ON posts
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.title, OLD.title_ar, OLD.summary, OLD.summary_ar, OLD.content, OLD.content_ar, OLD.language,
         OLD.status, OLD.author_id, OLD.type_id, OLD.organization_id, OLD.subsidiary_id, OLD.published_at,
         OLD.created_at, OLD.updated_at, OLD.reading_time, OLD.attachment_count, OLD.meta_description, OLD.meta_keywords)
        IS DISTINCT FROM
        (NEW.slug, NEW.title, NEW.title_ar, NEW.summary, NEW.summary_ar, NEW.content, NEW.content_ar, NEW.language,
         NEW.status, NEW.author_id, NEW.type_id, NEW.organization_id, NEW.subsidiary_id, NEW.published_at,
         NEW.created_at, NEW.updated_at, NEW.reading_time, NEW.attachment_count, NEW.meta_description, NEW.meta_keywords))
  EXECUTE FUNCTION post_doc_changed();

-- Bulk writers of new posts (the demo seed) set qarar.bulk_docs to 'on' in their transaction:
-- their posts have no kept answer yet, and one update per post and statement would be wasted.
-- A post's own lists: one update of the posts a statement touched (rows added, changed or removed).
CREATE FUNCTION post_docs_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET doc_rev = doc_rev + 1 WHERE id IN (SELECT post_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts SET doc_rev = doc_rev + 1 WHERE id IN (SELECT post_id FROM old_rows);
  ELSE
    UPDATE posts SET doc_rev = doc_rev + 1 WHERE id IN (SELECT post_id FROM new_rows UNION SELECT post_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION post_docs_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE posts SET doc_rev = doc_rev + 1;
  RETURN NULL;
END $$;

-- On each of a post's own lists: rows added, changed, removed, or all of them at once.
DO $$
DECLARE
  list text;
BEGIN
  FOREACH list IN ARRAY ARRAY['post_categories', 'post_subcategories', 'post_hashtags', 'attachments'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_rows()', list || '_doc_ins', list);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_rows()', list || '_doc_upd', list);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_rows()', list || '_doc_del', list);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION post_docs_all()', list || '_doc_trunc', list);
  END LOOP;
END $$;

-- The names posts show of what they belong to (rare changes; each moves on the posts that show
-- it). post_docs_of_owner(column): the posts whose `column` is the changed row's id;
-- post_docs_of_link(table, column): the posts linked to it through `table`.
CREATE FUNCTION post_docs_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  EXECUTE format('UPDATE posts SET doc_rev = doc_rev + 1 WHERE %I = $1', TG_ARGV[0]) USING NEW.id;
  RETURN NULL;
END $$;
CREATE FUNCTION post_docs_of_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  EXECUTE format('UPDATE posts SET doc_rev = doc_rev + 1 WHERE id IN (SELECT post_id FROM %I WHERE %I = $1)', TG_ARGV[0], TG_ARGV[1])
    USING NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_doc AFTER UPDATE OF username, first_name, last_name, user_type, is_verified, profile_picture ON users
  FOR EACH ROW
  WHEN ((OLD.username, OLD.first_name, OLD.last_name, OLD.user_type, OLD.is_verified, OLD.profile_picture)
        IS DISTINCT FROM (NEW.username, NEW.first_name, NEW.last_name, NEW.user_type, NEW.is_verified, NEW.profile_picture))
  EXECUTE FUNCTION post_docs_of_owner('author_id');
CREATE TRIGGER post_types_doc AFTER UPDATE ON post_types
  FOR EACH ROW WHEN ((OLD.name, OLD.name_ar) IS DISTINCT FROM (NEW.name, NEW.name_ar))
  EXECUTE FUNCTION post_docs_of_owner('type_id');
CREATE TRIGGER organizations_doc AFTER UPDATE ON organizations
  FOR EACH ROW
  WHEN ((OLD.code, OLD.name, OLD.name_ar, OLD.is_verified) IS DISTINCT FROM (NEW.code, NEW.name, NEW.name_ar, NEW.is_verified))
  EXECUTE FUNCTION post_docs_of_owner('organization_id');
CREATE TRIGGER subsidiaries_doc AFTER UPDATE ON subsidiaries
  FOR EACH ROW WHEN ((OLD.name, OLD.name_ar) IS DISTINCT FROM (NEW.name, NEW.name_ar))
  EXECUTE FUNCTION post_docs_of_owner('subsidiary_id');
CREATE TRIGGER subcategories_doc AFTER UPDATE ON subcategories
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.name, OLD.name_ar, OLD.category_id) IS DISTINCT FROM (NEW.slug, NEW.name, NEW.name_ar, NEW.category_id))
  EXECUTE FUNCTION post_docs_of_link('post_subcategories', 'subcategory_id');
CREATE TRIGGER hashtags_doc AFTER UPDATE ON hashtags
  FOR EACH ROW WHEN ((OLD.name, OLD.slug) IS DISTINCT FROM (NEW.name, NEW.slug))
  EXECUTE FUNCTION post_docs_of_link('post_hashtags', 'hashtag_id');

-- A category's slug is also shown in its subcategories' entries.
CREATE FUNCTION post_docs_of_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE posts SET doc_rev = doc_rev + 1
   WHERE id IN (SELECT post_id FROM post_categories WHERE category_id = NEW.id
                UNION
                SELECT ps.post_id FROM post_subcategories ps JOIN subcategories sc ON sc.id = ps.subcategory_id
                 WHERE sc.category_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER categories_doc AFTER UPDATE ON categories
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.name, OLD.name_ar, OLD.sort_order) IS DISTINCT FROM (NEW.slug, NEW.name, NEW.name_ar, NEW.sort_order))
  EXECUTE FUNCTION post_docs_of_category();
