-- Issue 27: an alert whose message could not be sent keeps its own outcome and is tried again
-- (src/server/modules/alerts/deliver.ts, sendDueAlerts). Kept on the alert itself, not in a
-- table of deliveries: an alert has one message in flight at a time (everything past its
-- cursor, sent_seq), so its next try is that same message with any post matched since, and
-- its state is these four columns — a delivery table would repeat the cursor and grow.

-- Failed sends in a row (0 once one goes).
ALTER TABLE alert_subscriptions ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- Not tried before this (the backoff after a failure); null: whenever it is due.
ALTER TABLE alert_subscriptions ADD COLUMN next_attempt_at timestamptz;
-- What the last failed send was told (the SMTP server's reply, or why it could not connect).
ALTER TABLE alert_subscriptions ADD COLUMN last_error text;
-- Set after MAX_SEND_ATTEMPTS failures in a row: then tried once a day, until one goes.
ALTER TABLE alert_subscriptions ADD COLUMN failed_at timestamptz;

-- Where the cursor was before a send under way (null when none): on the embedded database a
-- claim is written before its message goes, and one still set when a process starts was cut by
-- a crash, so the cursor goes back and the message is sent again (deliver.ts, giveBackCutSends).
ALTER TABLE alert_subscriptions ADD COLUMN sending_from bigint;

-- The few alerts whose sends fail, for staff (GET /studio/alerts/undelivered/) and /metrics.
CREATE INDEX alert_subscriptions_undelivered ON alert_subscriptions (id) WHERE attempts > 0;
