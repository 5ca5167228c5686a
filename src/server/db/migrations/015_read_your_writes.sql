-- Read replicas (issue 16): when a signed-in reader last wrote, so that for a short while after
-- (READ_YOUR_WRITES_MS) their reads go to the primary, not to a replica still replaying it.
ALTER TABLE users ADD COLUMN wrote_at timestamptz;
