-- Open data (issue 30, point 6): a daily export of every published version under /data/
-- (src/server/modules/opendata/). One row a day, so that however many processes serve one
-- database the day is exported once: the first to claim it (an INSERT … ON CONFLICT) makes its
-- files; a claim whose process stopped beating (heartbeat_at) is taken over by the next; and a
-- server whose DATA_DIR lacks a finished day's files makes them again from the same versions
-- (those signed before `cutoff`), checking them against `files`. Kept as long as the files are
-- (the module's retention: the last days' exports).
CREATE TABLE opendata_exports (
  day          date        PRIMARY KEY,
  state        text        NOT NULL CHECK (state IN ('running', 'done')),
  -- The day's versions are those signed before this instant: fixed by the claim, so that the
  -- files made again elsewhere hold the same rows.
  cutoff       timestamptz NOT NULL,
  -- Which process holds the claim (host, pid and a random part), and when it last said so.
  claimed_by   text        NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  -- Each file as its manifest lists it: name, format, bytes, sha256, rows.
  files        jsonb,
  CHECK ((state = 'done') = (finished_at IS NOT NULL AND files IS NOT NULL))
);
