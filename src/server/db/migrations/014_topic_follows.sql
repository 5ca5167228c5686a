-- Following inside the portal (issue 15): beside people (follows), a reader follows
-- organizations, hashtags and post types; their posts make the reader's Following feed.
CREATE TABLE topic_follows (
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('organization', 'hashtag', 'type')),
  target_id  integer     NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target_id)
);
CREATE INDEX topic_follows_target ON topic_follows (kind, target_id);
