-- A post's state is one of the workflow's stages (issue 28): each stage is a pair of
-- (status, review_state), and these are the pairs of the table in
-- src/server/modules/studio/workflow.ts (STAGES), every one of them reachable there;
-- workflow.test.ts fails when this list and the table's reachable stages differ.

-- The workspace read a published or withdrawn post's review_state as nothing (its stage came
-- from the status alone), so a pair left from before keeps its stage as 'writing'.
UPDATE posts SET review_state = 'writing' WHERE status <> 'draft' AND review_state <> 'writing';

ALTER TABLE posts ADD CONSTRAINT posts_state CHECK ((status, review_state) IN (
  ('draft', 'writing'),              -- draft
  ('draft', 'in_review'),            -- in_review
  ('draft', 'changes_requested'),    -- changes_requested
  ('draft', 'scheduled'),            -- scheduled
  ('published', 'writing'),          -- published
  ('archived', 'writing')            -- withdrawn
));
