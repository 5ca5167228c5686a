-- Organizations publish (issue 14): members with roles, drafts through review to publication
-- (now or scheduled), corrections as versions, withdrawal with a public reason, relations between
-- documents, and an audit of every write.

-- A user's role in an organization: an editor writes drafts and submits them; a publisher also
-- reviews, publishes, schedules, corrects and withdraws. Staff act for every organization.
CREATE TABLE organization_members (
  organization_id integer     NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id         integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role            text        NOT NULL CHECK (role IN ('editor', 'publisher')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX organization_members_user ON organization_members (user_id);

-- Where a draft is on its way (status 'draft'): being written, in review, sent back, or
-- scheduled for scheduled_at. Published and withdrawn (archived) posts have left the way.
ALTER TABLE posts
  ADD COLUMN review_state       text        NOT NULL DEFAULT 'writing'
    CHECK (review_state IN ('writing', 'in_review', 'changes_requested', 'scheduled')),
  ADD COLUMN scheduled_at       timestamptz,
  ADD COLUMN document_number    text        NOT NULL DEFAULT '',
  ADD COLUMN issued_on          date,
  -- The published version (each correction is one more); 0 for a post never published.
  ADD COLUMN version            integer     NOT NULL DEFAULT 1,
  ADD COLUMN withdrawn_reason    text        NOT NULL DEFAULT '',
  ADD COLUMN withdrawn_reason_ar text        NOT NULL DEFAULT '',
  ADD COLUMN withdrawn_at       timestamptz;
UPDATE posts SET version = 0 WHERE status = 'draft';
-- A post written as a draft (by an importer or the workspace) has never been published.
CREATE FUNCTION posts_draft_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := 0;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_draft_version BEFORE INSERT ON posts
  FOR EACH ROW WHEN (NEW.status = 'draft') EXECUTE FUNCTION posts_draft_version();
-- Due scheduled posts, found by the publishing job of every server process.
CREATE INDEX posts_scheduled ON posts (scheduled_at) WHERE review_state = 'scheduled' AND status = 'draft';
-- The workspace's lists: an organization's posts, newest change first.
CREATE INDEX posts_org_updated ON posts (organization_id, updated_at DESC, id DESC);

-- Each published version of a post as readers saw it (the contract's Post, fresh parts left
-- out): nothing published is overwritten without its earlier text staying readable.
CREATE TABLE post_versions (
  post_id    integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  version    integer     NOT NULL CHECK (version >= 1),
  kind       text        NOT NULL CHECK (kind IN ('first', 'minor', 'major')),
  note       text        NOT NULL DEFAULT '',
  note_ar    text        NOT NULL DEFAULT '',
  body       jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer     REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (post_id, version)
);
CREATE INDEX post_versions_major ON post_versions (post_id, version DESC) WHERE kind = 'major';

-- What a post does to another: amends, repeals, replaces or implements it.
CREATE TABLE post_relations (
  post_id    integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('amends', 'repeals', 'replaces', 'implements')),
  target_id  integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, kind, target_id),
  CHECK (post_id <> target_id)
);
CREATE INDEX post_relations_target ON post_relations (target_id, kind, post_id);

-- Every write of the workspace: who, when, what, on which post, from which published version.
CREATE TABLE audit_log (
  id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer     REFERENCES organizations (id) ON DELETE CASCADE,
  post_id         integer     REFERENCES posts (id) ON DELETE SET NULL,
  user_id         integer     REFERENCES users (id) ON DELETE SET NULL,
  action          text        NOT NULL,
  version         integer,
  comment         text,
  details         jsonb       NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_org ON audit_log (organization_id, id DESC);
CREATE INDEX audit_log_post ON audit_log (post_id, id DESC);

-- What answers show changed: the post's own new columns move its kept answer (migration 010)...
DROP TRIGGER posts_doc_rev ON posts;
CREATE TRIGGER posts_doc_rev BEFORE UPDATE OF
    slug, title, title_ar, summary, summary_ar, content, content_ar, language, status, author_id, type_id,
    organization_id, subsidiary_id, published_at, created_at, updated_at, reading_time, attachment_count,
    meta_description, meta_keywords, document_number, issued_on, version, withdrawn_reason, withdrawn_reason_ar,
    withdrawn_at ON posts
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.title, OLD.title_ar, OLD.summary, OLD.summary_ar, OLD.content, OLD.content_ar, OLD.language,
         OLD.status, OLD.author_id, OLD.type_id, OLD.organization_id, OLD.subsidiary_id, OLD.published_at,
         OLD.created_at, OLD.updated_at, OLD.reading_time, OLD.attachment_count, OLD.meta_description, OLD.meta_keywords,
         OLD.document_number, OLD.issued_on, OLD.version, OLD.withdrawn_reason, OLD.withdrawn_reason_ar, OLD.withdrawn_at)
        IS DISTINCT FROM
        (NEW.slug, NEW.title, NEW.title_ar, NEW.summary, NEW.summary_ar, NEW.content, NEW.content_ar, NEW.language,
         NEW.status, NEW.author_id, NEW.type_id, NEW.organization_id, NEW.subsidiary_id, NEW.published_at,
         NEW.created_at, NEW.updated_at, NEW.reading_time, NEW.attachment_count, NEW.meta_description, NEW.meta_keywords,
         NEW.document_number, NEW.issued_on, NEW.version, NEW.withdrawn_reason, NEW.withdrawn_reason_ar, NEW.withdrawn_at))
  EXECUTE FUNCTION post_doc_changed();

-- ... and so does, for each post related to it either way, what a post shows of the other (its
-- title, slug, number, whether it is published: only published posts' relations count).
CREATE FUNCTION post_docs_of_related() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('qarar.bulk_docs', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE posts SET doc_rev = doc_rev + 1
   WHERE id IN (SELECT target_id FROM post_relations WHERE post_id = NEW.id
                UNION SELECT post_id FROM post_relations WHERE target_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER posts_related_doc AFTER UPDATE OF slug, title, title_ar, document_number, status, published_at,
    organization_id ON posts
  FOR EACH ROW
  WHEN ((OLD.slug, OLD.title, OLD.title_ar, OLD.document_number, OLD.status, OLD.published_at, OLD.organization_id)
        IS DISTINCT FROM (NEW.slug, NEW.title, NEW.title_ar, NEW.document_number, NEW.status, NEW.published_at,
                          NEW.organization_id))
  EXECUTE FUNCTION post_docs_of_related();

-- A relation added or removed moves both posts' kept answers.
CREATE FUNCTION post_docs_of_relations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET doc_rev = doc_rev + 1
     WHERE id IN (SELECT post_id FROM new_rows UNION SELECT target_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts SET doc_rev = doc_rev + 1
     WHERE id IN (SELECT post_id FROM old_rows UNION SELECT target_id FROM old_rows);
  ELSE
    UPDATE posts SET doc_rev = doc_rev + 1
     WHERE id IN (SELECT post_id FROM new_rows UNION SELECT target_id FROM new_rows
                  UNION SELECT post_id FROM old_rows UNION SELECT target_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER post_relations_doc_ins AFTER INSERT ON post_relations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_relations();
CREATE TRIGGER post_relations_doc_upd AFTER UPDATE ON post_relations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_relations();
CREATE TRIGGER post_relations_doc_del AFTER DELETE ON post_relations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_docs_of_relations();
CREATE TRIGGER post_relations_doc_trunc AFTER TRUNCATE ON post_relations
  FOR EACH STATEMENT EXECUTE FUNCTION post_docs_all();

-- A list's content version moves with every change to what a post shows (doc_rev included, which
-- the changes above move) and with relations (explore filters on what they make of a post).
DROP TRIGGER posts_content_version_upd ON posts;
CREATE TRIGGER posts_content_version_upd AFTER UPDATE OF
    slug, title, title_ar, summary, summary_ar, content, content_ar, language, status, author_id, type_id,
    organization_id, subsidiary_id, published_at, created_at, updated_at, reading_time, attachment_count,
    meta_description, meta_keywords, search_vector, document_number, issued_on, version, withdrawn_reason,
    withdrawn_reason_ar, withdrawn_at, doc_rev ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_relations_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_relations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER post_versions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_versions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
