-- Signed versions (issue 30, point 1). Every published version of a post is signed with the
-- portal's Ed25519 key (src/server/signing/): the exact text signed (a canonical JSON form of its
-- public content, RFC 8785, with the SHA-256 of each of its files), its SHA-256, the key's id and
-- the signature are kept with the version, so that anyone can check it with the published keys.

-- Every key that has signed, by its id (RFC 7638 thumbprint): published at
-- /.well-known/qarar-keys.json, a retired one still there, so that what it signed still verifies.
CREATE TABLE signing_keys (
  kid        text        PRIMARY KEY,
  public_jwk jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- The SHA-256 of each file, as a reader who downloads it computes it (lower-case hex): kept at
-- upload, else computed from the file once, when a version showing it is first signed.
ALTER TABLE attachments ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
CREATE INDEX attachments_sha256 ON attachments (sha256) WHERE sha256 IS NOT NULL;

ALTER TABLE post_versions
  ADD COLUMN signed_payload text,
  ADD COLUMN digest         text CHECK (digest ~ '^[0-9a-f]{64}$'),
  ADD COLUMN kid            text REFERENCES signing_keys (kid),
  ADD COLUMN signature      text,
  ADD COLUMN signed_at      timestamptz,
  ADD CONSTRAINT post_versions_signed_whole CHECK (
    (signed_payload IS NULL AND digest IS NULL AND kid IS NULL AND signature IS NULL AND signed_at IS NULL)
    OR (signed_payload IS NOT NULL AND digest IS NOT NULL AND kid IS NOT NULL AND signature IS NOT NULL AND signed_at IS NOT NULL)
  );
-- The versions still to sign (a version is signed just after the transaction that made it; one
-- made before this migration, by the importer or by a process that stopped meanwhile, by the
-- signing step of the scheduled work).
CREATE INDEX post_versions_unsigned ON post_versions (post_id, version) WHERE signature IS NULL;
CREATE INDEX post_versions_digest ON post_versions (digest) WHERE digest IS NOT NULL;

-- A withdrawal is a version of its own (its note the reason), signed as the others are: a reader
-- holding the withdrawn text can tell it was withdrawn, and when.
ALTER TABLE post_versions DROP CONSTRAINT post_versions_kind_check;
ALTER TABLE post_versions ADD CONSTRAINT post_versions_kind_check CHECK (kind IN ('first', 'minor', 'major', 'withdrawal'));

-- The files each signed version holds, as signed (its payload's `files`), by their SHA-256: what
-- GET /content/verify/?sha256= looks up. Written with the signature, never changed after.
CREATE TABLE version_files (
  post_id       integer NOT NULL,
  version       integer NOT NULL,
  attachment_id integer NOT NULL,
  sha256        text    NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (post_id, version, attachment_id),
  FOREIGN KEY (post_id, version) REFERENCES post_versions (post_id, version) ON DELETE CASCADE
);
CREATE INDEX version_files_sha256 ON version_files (sha256);
