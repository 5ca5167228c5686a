-- What the content API's reads need beyond 001: an SQL twin of the Arabic normaliser for
-- comparisons against stored text that was not normalised at write time, and indexes.

-- The rules of src/shared/arabic.ts normalizeArabic(), in SQL (normalizer.test.ts in the posts
-- module checks that both give the same text). Used where stored text is compared at query
-- time: post type names, organization search, bookmark notes and titles.
CREATE FUNCTION normalize_arabic(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(
           regexp_replace(
             translate(
               regexp_replace(normalize(input, NFC), '[\u064B-\u0652\u0640]', '', 'g'),
               'آأإٱى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'ااااي01234567890123456789'),
             '(^|[^\u0621-\u064A])[وف](?=ال[\u0621-\u064A]{2})', '\1', 'g')),
         '\s+', ' ', 'g'))
$$;

-- Search over published posts only: a count of the matches then needs no visit to the table
-- for the status, and the page's plan can start from the smaller index.
CREATE INDEX posts_pub_search ON posts USING gin (search_vector) WHERE status = 'published';

-- Organization search (code, English and Arabic names), Arabic-aware.
CREATE INDEX organizations_search_norm ON organizations
  USING gin (normalize_arabic(code || ' ' || name || ' ' || name_ar) gin_trgm_ops);

-- A number that changes with every write that can change how a post reads or which posts a
-- list holds — not with view counts. A process may keep posts and list counts in memory only
-- as long as this number is what it was when they were read: every list and detail request
-- reads it in the same statement as the list itself, so nothing is served from memory after
-- the data changed, whichever process changed it. It starts at a random value so that a
-- database made anew never repeats a number a running process saw before.
CREATE TABLE content_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint  NOT NULL
);
INSERT INTO content_version (version) VALUES (floor(random() * 1e15)::bigint);

CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1;
  RETURN NULL;
END $$;

-- Once per statement, so that a bulk import costs one bump per statement, not per row.
CREATE TRIGGER posts_content_version AFTER INSERT OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
-- Every column but view_count, which changes on every counted view and is always read fresh.
CREATE TRIGGER posts_content_version_upd AFTER UPDATE OF
    slug, title, title_ar, summary, summary_ar, content, content_ar, language, status, author_id, type_id,
    organization_id, subsidiary_id, published_at, created_at, updated_at, reading_time, attachment_count,
    meta_description, meta_keywords, search_vector ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
-- What a post shows of its author; a new account has no posts, so inserts do not matter.
CREATE TRIGGER users_content_version AFTER UPDATE OF username, first_name, last_name, user_type, is_verified,
    profile_picture OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_categories_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_subcategories_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_hashtags_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_hashtags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER attachments_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attachments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_types_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_types
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER categories_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER subcategories_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER hashtags_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hashtags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER organizations_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER subsidiaries_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subsidiaries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
