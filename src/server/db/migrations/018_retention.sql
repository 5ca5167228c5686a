-- Retention (issue 27): the tables that grew with every view, sign-in and alert are cleared by
-- the scheduled work (src/server/retention.ts) in small batches; these indexes let each batch
-- find its rows without reading the whole table.

-- A view older than the counting period (VIEW_PERIOD_MS) decides nothing any more.
CREATE INDEX post_views_viewed_at ON post_views (viewed_at);

-- Sessions ended (revoked, or their last refresh token long expired) some time ago.
CREATE INDEX sessions_revoked_at ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX sessions_last_used ON sessions (last_used);

-- A visitor's alert never confirmed.
CREATE INDEX alert_subscriptions_unconfirmed ON alert_subscriptions (created_at) WHERE confirmed_at IS NULL;
-- Whether a list is followed at all, confirmed or not (alert_subscriptions_list has confirmed
-- alerts only); also what deleting a list checks for its foreign key.
CREATE INDEX alert_subscriptions_list_key ON alert_subscriptions (list_key);

-- Words that are in no post any more.
CREATE INDEX term_counts_unused ON term_counts (term) WHERE n = 0;
