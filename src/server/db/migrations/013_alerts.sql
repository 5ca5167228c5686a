-- E-mail alerts (issue 15): an address follows a list of posts (listPosts' filters), each new
-- post of it sent at once or in a daily or weekly digest, never twice.

-- An address that has alerts, with the token that manages them all (in every alert e-mail).
CREATE TABLE alert_addresses (
  email        text        PRIMARY KEY,
  manage_token text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- A list followed by alerts (AlertList: listPosts' filters), once however many follow it.
-- New posts are matched to lists, not to each alert: the cost of a new post follows the lists
-- it may be in, never how many alerts there are (src/server/modules/alerts/deliver.ts).
CREATE TABLE alert_lists (
  -- The list as canonical text (its filters sorted, trimmed).
  list_key  text    PRIMARY KEY,
  list      jsonb   NOT NULL,
  -- The one filter the list requires that posts are looked up by: 'org:12', 'tag:رؤية_2030',
  -- 'type:3'…, or 'all'. A new post reads only the lists of its own keys.
  match_key text    NOT NULL,
  -- The newest of its posts (alert_list_posts.seq), and whether some alert has not had it yet.
  last_seq  bigint  NOT NULL DEFAULT 0,
  pending   boolean NOT NULL DEFAULT false
);
CREATE INDEX alert_lists_match ON alert_lists (match_key);
CREATE INDEX alert_lists_pending ON alert_lists (list_key) WHERE pending;

-- The posts of each list, in the order they were matched.
CREATE TABLE alert_list_posts (
  seq      bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  list_key text    NOT NULL REFERENCES alert_lists (list_key) ON DELETE CASCADE,
  post_id  integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  UNIQUE (list_key, post_id)
);
CREATE INDEX alert_list_posts_seq ON alert_list_posts (list_key, seq);

CREATE TABLE alert_subscriptions (
  id            integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         text        NOT NULL REFERENCES alert_addresses (email) ON DELETE CASCADE,
  user_id       integer     REFERENCES users (id) ON DELETE CASCADE,
  list_key      text        NOT NULL REFERENCES alert_lists (list_key),
  frequency     text        NOT NULL CHECK (frequency IN ('immediate', 'daily', 'weekly')),
  lang          text        NOT NULL CHECK (lang IN ('ar', 'en')),
  -- The portal's address the alert was made at: its e-mails' links start with it.
  origin        text        NOT NULL,
  -- One-click unsubscribe of this alert (List-Unsubscribe).
  token         text        NOT NULL UNIQUE,
  -- The double opt-in: a visitor's alert waits for its link; null once confirmed.
  confirm_token text        UNIQUE,
  confirmed_at  timestamptz,
  -- The list's posts sent so far (up to this alert_list_posts.seq): advanced, under the row's
  -- lock, before a message goes — a post is never sent twice.
  sent_seq      bigint      NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_sent_at  timestamptz,
  UNIQUE (email, list_key)
);
CREATE INDEX alert_subscriptions_list ON alert_subscriptions (list_key) WHERE confirmed_at IS NOT NULL;
CREATE INDEX alert_subscriptions_user ON alert_subscriptions (user_id) WHERE user_id IS NOT NULL;

-- Posts just published, waiting to be matched to lists (a post is queued once).
CREATE TABLE alert_queue (
  post_id   integer     PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- A post that becomes published (now, by schedule, or inserted so) is queued, unless it was
-- published long ago (demo content, imports): alerts are of new posts.
CREATE FUNCTION queue_published_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'published')
     AND NEW.published_at > now() - interval '1 day' THEN
    INSERT INTO alert_queue (post_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_alert_queue AFTER INSERT OR UPDATE OF status ON posts
  FOR EACH ROW EXECUTE FUNCTION queue_published_post();
