-- Per-client attempt counters for sign-in, registration and password calls, shared by every
-- API process (a counter in one process's memory would let N processes allow N times the limit).
-- Unlogged: losing the counters in a crash only resets the windows.
CREATE UNLOGGED TABLE rate_limits (
  key         text        PRIMARY KEY,
  count       integer     NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_ends ON rate_limits (window_ends);
