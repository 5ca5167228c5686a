-- Qarar schema. PostgreSQL dialect only: the same file runs on PGlite and on PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ------------------------------------------------------------------ accounts
CREATE TABLE users (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username        text        NOT NULL,
  email           text        NOT NULL,
  password_hash   text        NOT NULL,
  first_name      text        NOT NULL DEFAULT '',
  last_name       text        NOT NULL DEFAULT '',
  user_type       text        NOT NULL DEFAULT 'regular' CHECK (user_type IN ('regular', 'staff', 'publisher')),
  is_staff        boolean     NOT NULL DEFAULT false,
  is_verified     boolean     NOT NULL DEFAULT false,
  is_active       boolean     NOT NULL DEFAULT true,
  date_joined     timestamptz NOT NULL DEFAULT now(),
  profile_picture text,
  bio             text        NOT NULL DEFAULT '',
  location        text        NOT NULL DEFAULT '',
  website         text        NOT NULL DEFAULT '',
  twitter         text        NOT NULL DEFAULT '',
  facebook        text        NOT NULL DEFAULT '',
  instagram       text        NOT NULL DEFAULT '',
  linkedin        text        NOT NULL DEFAULT ''
);
-- Usernames and e-mails are unique without regard to case.
CREATE UNIQUE INDEX users_username_ci ON users (lower(username));
CREATE UNIQUE INDEX users_email_ci ON users (lower(email));
CREATE INDEX users_name_trgm ON users USING gin ((lower(username || ' ' || first_name || ' ' || last_name)) gin_trgm_ops);

-- A session is one sign-in; its refresh tokens rotate. Reusing a rotated token revokes the session.
CREATE TABLE sessions (
  id          uuid        PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_used   timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  user_agent  text        NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_tokens (
  token_hash  text        PRIMARY KEY,           -- SHA-256 of the token; the token itself is never stored
  session_id  uuid        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz                        -- set when exchanged; a second use is theft
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE password_reset_tokens (
  token_hash  text        PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

CREATE TABLE follows (
  follower_id integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_id integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followed_id),
  CHECK (follower_id <> followed_id)
);
CREATE INDEX follows_followed ON follows (followed_id, created_at DESC);

CREATE TABLE interests (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX interests_user_name ON interests (user_id, lower(name));

-- ------------------------------------------------------------------ producers
CREATE TABLE cities (
  id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name    text NOT NULL,
  name_ar text NOT NULL
);

CREATE TABLE organizations (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code           text        NOT NULL,
  name           text        NOT NULL,
  name_ar        text        NOT NULL,
  description    text        NOT NULL DEFAULT '',
  description_ar text        NOT NULL DEFAULT '',
  is_verified    boolean     NOT NULL DEFAULT false,
  is_active      boolean     NOT NULL DEFAULT true,
  city_id        integer     REFERENCES cities (id),
  website        text        NOT NULL DEFAULT '',
  email          text        NOT NULL DEFAULT '',
  phone          text        NOT NULL DEFAULT '',
  post_count     integer     NOT NULL DEFAULT 0,  -- published posts; kept by refresh_post_counts()
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organizations_code_ci ON organizations (lower(code));
CREATE INDEX organizations_name ON organizations (name, id);
CREATE INDEX organizations_search_trgm ON organizations USING gin ((lower(code || ' ' || name || ' ' || name_ar)) gin_trgm_ops);

CREATE TABLE subsidiaries (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  code            text    NOT NULL,
  name            text    NOT NULL,
  name_ar         text    NOT NULL,
  description     text    NOT NULL DEFAULT '',
  description_ar  text    NOT NULL DEFAULT '',
  is_active       boolean NOT NULL DEFAULT true
);
CREATE INDEX subsidiaries_org ON subsidiaries (organization_id);

CREATE TABLE departments (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  subsidiary_id   integer REFERENCES subsidiaries (id) ON DELETE SET NULL,
  name            text    NOT NULL,
  name_ar         text    NOT NULL,
  is_active       boolean NOT NULL DEFAULT true
);
CREATE INDEX departments_org ON departments (organization_id);

-- ------------------------------------------------------------------ taxonomy
CREATE TABLE post_types (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text    NOT NULL UNIQUE,
  name_ar        text    NOT NULL UNIQUE,
  description    text    NOT NULL DEFAULT '',
  description_ar text    NOT NULL DEFAULT '',
  is_active      boolean NOT NULL DEFAULT true,
  post_count     integer NOT NULL DEFAULT 0
);

CREATE TABLE categories (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug           text    NOT NULL UNIQUE,
  name           text    NOT NULL,
  name_ar        text    NOT NULL,
  description    text    NOT NULL DEFAULT '',
  description_ar text    NOT NULL DEFAULT '',
  sort_order     integer NOT NULL DEFAULT 0,
  post_count     integer NOT NULL DEFAULT 0
);

CREATE TABLE subcategories (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_id    integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  slug           text    NOT NULL UNIQUE,
  name           text    NOT NULL,
  name_ar        text    NOT NULL,
  description    text    NOT NULL DEFAULT '',
  description_ar text    NOT NULL DEFAULT '',
  is_active      boolean NOT NULL DEFAULT true,
  post_count     integer NOT NULL DEFAULT 0
);
CREATE INDEX subcategories_category ON subcategories (category_id);

CREATE TABLE hashtags (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name            text        NOT NULL,            -- as written, without '#'
  slug            text        NOT NULL UNIQUE,
  name_normalized text        NOT NULL UNIQUE,     -- normaliseArabic(lower(name)): the identity of a tag
  post_count      integer     NOT NULL DEFAULT 0,
  is_trending     boolean     NOT NULL DEFAULT false,
  last_used       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hashtags_post_count ON hashtags (post_count DESC, id);
CREATE INDEX hashtags_trending ON hashtags (post_count DESC, id) WHERE is_trending;
CREATE INDEX hashtags_name_trgm ON hashtags USING gin (name_normalized gin_trgm_ops);

-- ------------------------------------------------------------------ posts
CREATE TABLE posts (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug             text        NOT NULL UNIQUE,
  title            text        NOT NULL,
  title_ar         text        NOT NULL,
  summary          text        NOT NULL DEFAULT '',
  summary_ar       text        NOT NULL DEFAULT '',
  content          text        NOT NULL DEFAULT '',
  content_ar       text        NOT NULL DEFAULT '',
  language         text        NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en')),
  status           text        NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'draft', 'archived')),
  author_id        integer     NOT NULL REFERENCES users (id),
  type_id          integer     NOT NULL REFERENCES post_types (id),
  organization_id  integer     REFERENCES organizations (id),
  subsidiary_id    integer     REFERENCES subsidiaries (id),
  published_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  view_count       integer     NOT NULL DEFAULT 0,
  reading_time     integer     NOT NULL DEFAULT 1,
  attachment_count integer     NOT NULL DEFAULT 0,
  meta_description text        NOT NULL DEFAULT '',
  meta_keywords    text        NOT NULL DEFAULT '',
  -- Built at write time from text normalised by src/shared/arabic.ts (the same rules the
  -- query side applies): Arabic fields with the 'arabic' configuration, English with 'english'.
  search_vector    tsvector    NOT NULL DEFAULT ''::tsvector
);
-- Every list is ordered by (key, id) so that pages never overlap.
CREATE INDEX posts_pub_feed      ON posts (published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_pub_views     ON posts (view_count DESC, id DESC)   WHERE status = 'published';
CREATE INDEX posts_pub_type      ON posts (type_id, published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_pub_org       ON posts (organization_id, published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_pub_org_type  ON posts (organization_id, type_id, published_at DESC) WHERE status = 'published';
CREATE INDEX posts_pub_files     ON posts (published_at DESC, id DESC) WHERE status = 'published' AND attachment_count > 0;
CREATE INDEX posts_status_feed   ON posts (status, published_at DESC, id DESC);
CREATE INDEX posts_author        ON posts (author_id, published_at DESC, id DESC);
CREATE INDEX posts_search        ON posts USING gin (search_vector);

CREATE TABLE post_categories (
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, category_id)
);
CREATE INDEX post_categories_category ON post_categories (category_id, post_id);

CREATE TABLE post_subcategories (
  post_id        integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  subcategory_id integer NOT NULL REFERENCES subcategories (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, subcategory_id)
);
CREATE INDEX post_subcategories_sub ON post_subcategories (subcategory_id, post_id);

CREATE TABLE post_hashtags (
  post_id    integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  hashtag_id integer NOT NULL REFERENCES hashtags (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, hashtag_id)
);
CREATE INDEX post_hashtags_hashtag ON post_hashtags (hashtag_id, post_id);

CREATE TABLE attachments (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id        integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  storage_key    text        NOT NULL,   -- path under DATA_DIR/media
  thumbnail_key  text,                   -- a smaller rendition, images only
  title          text        NOT NULL,
  description    text        NOT NULL DEFAULT '',
  file_type      text        NOT NULL,
  size           integer     NOT NULL,
  file_extension text        NOT NULL,
  width          integer,
  height         integer,
  sort_order     integer     NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_post ON attachments (post_id, sort_order, id);

-- One row per reader and post: a view counts when there is none or it is 30 minutes old.
CREATE TABLE post_views (
  post_id   integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  reader    text        NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, reader)
);

CREATE TABLE bookmarks (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id    integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  notes      text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, post_id)
);
CREATE INDEX bookmarks_user ON bookmarks (user_id, created_at DESC, id DESC);

-- ------------------------------------------------------------------ exact counts, kept on write
-- The feed's `count` is exact, but counting every published post on every request does not
-- scale; this table is kept exact by the trigger below, in the same transaction as the write.
CREATE TABLE post_status_counts (
  status text    PRIMARY KEY,
  n      integer NOT NULL
);
INSERT INTO post_status_counts (status, n) VALUES ('published', 0), ('draft', 0), ('archived', 0);

CREATE FUNCTION posts_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE post_status_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE post_status_counts SET n = n + 1 WHERE status = NEW.status;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_count_status_ins AFTER INSERT OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_count_status();
CREATE TRIGGER posts_count_status_upd AFTER UPDATE OF status ON posts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION posts_count_status();

-- Per-taxonomy published-post counts shown on lists; recomputed by the importer after it writes.
CREATE FUNCTION refresh_post_counts() RETURNS void LANGUAGE sql AS $$
  UPDATE post_types t SET post_count = coalesce((SELECT count(*) FROM posts p WHERE p.type_id = t.id AND p.status = 'published'), 0);
  UPDATE organizations o SET post_count = coalesce((SELECT count(*) FROM posts p WHERE p.organization_id = o.id AND p.status = 'published'), 0);
  UPDATE categories c SET post_count = coalesce((SELECT count(*) FROM post_categories pc JOIN posts p ON p.id = pc.post_id WHERE pc.category_id = c.id AND p.status = 'published'), 0);
  UPDATE subcategories s SET post_count = coalesce((SELECT count(*) FROM post_subcategories ps JOIN posts p ON p.id = ps.post_id WHERE ps.subcategory_id = s.id AND p.status = 'published'), 0);
  UPDATE hashtags h SET post_count = x.n, last_used = x.last_used
    FROM (SELECT h2.id, count(p.id) AS n, max(p.published_at) AS last_used
            FROM hashtags h2
            LEFT JOIN post_hashtags ph ON ph.hashtag_id = h2.id
            LEFT JOIN posts p ON p.id = ph.post_id AND p.status = 'published'
           GROUP BY h2.id) x
   WHERE x.id = h.id;
$$;
