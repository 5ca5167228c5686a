-- The stylesheets drawn pages link to (issue 29: src/server/pages/styles.ts): the CSS of the
-- screens drawn so far, per build of the renderer and Emotion cache (one per direction), named
-- by the hash of their text. Kept in the database so that every process, on any machine, serves
-- the sheet a page drawn by another one names, and after a restart.
CREATE TABLE page_stylesheets (
  hash text PRIMARY KEY,
  build text NOT NULL,
  cache_key text NOT NULL,
  -- What it is made of, [[id, css], …] in its order: its global styles, then its rules.
  globals jsonb NOT NULL,
  rules jsonb NOT NULL,
  -- The sheet as served: the globals' CSS, then the rules'.
  css text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_stylesheets_latest ON page_stylesheets (build, cache_key, created_at DESC);
