/**
 * The workspace's organization log for the seeded posts (issue 14): posts are inserted directly,
 * so each gets here the history a post made in the workspace would have — 'created' and
 * 'submitted' by its organization's editor (its author when the author is one, else one of the
 * editors, else its publisher), 'published' by its publisher at its `published_at`; a draft its
 * 'created'. The rows are those `recordAudit` writes (version 0 on 'published', details
 * `{ by: 'now' }`, no comment), for organizations with workspace members only.
 *
 * Everything is one statement, with the entries already written (the corrections) put back in
 * among them, so that the log's ids follow time as they do in a real workspace.
 */
import type { Queryable } from '../db/db';
import { hashString, Random } from './random';

/** Writes the log; returns the number of entries it added. */
export async function seedAuditLog(tx: Queryable, seed: number): Promise<number> {
  const rng = new Random(seed ^ hashString('audit-log'));
  const posts = await tx.query<{ id: number }>(
    `SELECT p.id FROM posts p
      WHERE p.status IN ('published', 'draft')
        AND EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = p.organization_id AND m.role = 'publisher')
      ORDER BY p.id`,
  );
  // Per post: where submission falls between creation and publication, and which editor writes.
  const ids = posts.map((p) => p.id);
  const submitAt = posts.map(() => 0.35 + 0.55 * rng.next());
  const editorPick = posts.map(() => rng.int(0, 1000));
  const [{ n }] = await tx.query<{ n: number }>(
    `WITH x AS (SELECT * FROM unnest($1::int[], $2::float8[], $3::int[]) AS x(id, f, k)),
     staff AS (
       SELECT organization_id,
              min(user_id) FILTER (WHERE role = 'publisher') AS publisher,
              array_agg(user_id ORDER BY user_id) FILTER (WHERE role = 'editor') AS editors
         FROM organization_members GROUP BY organization_id),
     p AS (
       SELECT p.id, p.organization_id, p.status, p.created_at, p.published_at, s.publisher,
              CASE WHEN p.author_id = ANY(s.editors) THEN p.author_id
                   WHEN cardinality(s.editors) > 0 THEN s.editors[1 + x.k % cardinality(s.editors)]
                   ELSE s.publisher END AS writer,
              -- Submitted between creation and publication, to the second.
              date_trunc('second', p.created_at + x.f * (p.published_at - p.created_at)) AS submitted_at
         FROM x JOIN posts p ON p.id = x.id JOIN staff s ON s.organization_id = p.organization_id
        WHERE s.publisher IS NOT NULL),
     made (organization_id, post_id, user_id, action, version, comment, details, created_at, step, old_id) AS (
       SELECT organization_id, id, writer, 'created', NULL::int, NULL::text, '{}'::jsonb, created_at, 0, 0::bigint FROM p
       UNION ALL
       SELECT organization_id, id, writer, 'submitted', NULL, NULL, '{}', greatest(submitted_at, created_at), 1, 0 FROM p WHERE status = 'published'
       UNION ALL
       SELECT organization_id, id, publisher, 'published', 0, NULL, '{"by": "now"}', published_at, 2, 0 FROM p WHERE status = 'published'),
     -- What the seed already recorded (the corrections) goes back in, in its place in time.
     kept AS (
       DELETE FROM audit_log WHERE post_id IS NOT NULL
       RETURNING organization_id, post_id, user_id, action, version, comment, details, created_at, 3 AS step, id AS old_id),
     added AS (
       INSERT INTO audit_log (organization_id, post_id, user_id, action, version, comment, details, created_at)
       SELECT organization_id, post_id, user_id, action, version, comment, details, created_at
         FROM (SELECT * FROM made UNION ALL SELECT * FROM kept) a
        ORDER BY created_at, post_id, step, old_id
       RETURNING 1)
     SELECT (SELECT count(*)::int FROM added) - (SELECT count(*)::int FROM kept) AS n`,
    [ids, submitAt, editorPick],
  );
  return n;
}
