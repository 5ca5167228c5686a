-- E-mail alerts (issue 15): an address follows a list of posts (listPosts' filters), each new
-- post of it sent at once or in a daily or weekly digest, never twice.

-- An address that has alerts, with the token that manages them all (in every alert e-mail).
CREATE TABLE alert_addresses (
  email        text        PRIMARY KEY,
  manage_token text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE alert_subscriptions (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         text        NOT NULL REFERENCES alert_addresses (email) ON DELETE CASCADE,
  user_id       integer     REFERENCES users (id) ON DELETE CASCADE,
  -- The list as AlertList (snake_case filters), and the same as canonical text: one alert per address and list.
  list          jsonb       NOT NULL,
  list_key      text        NOT NULL,
  -- The one filter the list requires that posts are looked up by (src/server/modules/alerts/match.ts):
  -- 'org:12', 'tag:رؤية_2030', 'type:3'…, or 'all'. A new post reads only the alerts of its own keys.
  match_key     text        NOT NULL,
  frequency     text        NOT NULL CHECK (frequency IN ('immediate', 'daily', 'weekly')),
  lang          text        NOT NULL CHECK (lang IN ('ar', 'en')),
  -- The portal's address the alert was made at: its e-mails' links start with it.
  origin        text        NOT NULL,
  -- One-click unsubscribe of this alert (List-Unsubscribe).
  token         text        NOT NULL UNIQUE,
  -- The double opt-in: a visitor's alert waits for its link; null once confirmed.
  confirm_token text        UNIQUE,
  confirmed_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_sent_at  timestamptz,
  UNIQUE (email, list_key)
);
CREATE INDEX alert_subscriptions_match ON alert_subscriptions (match_key, list_key) WHERE confirmed_at IS NOT NULL;
CREATE INDEX alert_subscriptions_list ON alert_subscriptions (list_key) WHERE confirmed_at IS NOT NULL;
CREATE INDEX alert_subscriptions_user ON alert_subscriptions (user_id) WHERE user_id IS NOT NULL;

-- Posts just published, waiting to be matched to alerts (a post is queued once).
CREATE TABLE alert_queue (
  post_id   integer     PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- Each post an alert is to carry; sent_at set when it went out. The key keeps a post from
-- being sent twice to an alert, whatever the number of processes.
CREATE TABLE alert_deliveries (
  subscription_id integer     NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
  post_id         integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  matched_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  PRIMARY KEY (subscription_id, post_id)
);
CREATE INDEX alert_deliveries_pending ON alert_deliveries (subscription_id) WHERE sent_at IS NULL;

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
