/**
 * A post as the workspace's rules read it (its stage, organization, author, who sent it to
 * review), reached only by members of its organization: any other user is told it does not exist.
 */
import type { Db, Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/context';
import { roleIn, type Role } from './access';
import { allowed, STAGES, type Actor, type Stage, type WorkflowEvent, type WorkflowPost } from './workflow';

export interface StudioRow extends WorkflowPost {
  id: number;
  organization_id: number | null;
  subsidiary_id: number | null;
  scheduled_at: Date | null;
  category_ids: number[];
  subcategory_ids: number[];
  hashtags: string[];
}

export const STUDIO_ROW = `SELECT p.id, p.status, p.review_state, p.organization_id, p.subsidiary_id, p.author_id, p.version, p.scheduled_at,
       ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id ORDER BY category_id) AS category_ids,
       ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id ORDER BY subcategory_id) AS subcategory_ids,
       ARRAY(SELECT h.name FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id WHERE ph.post_id = p.id ORDER BY h.id) AS hashtags,
       (SELECT user_id FROM audit_log WHERE post_id = p.id AND action = 'submitted' ORDER BY id DESC LIMIT 1) AS submitted_by
  FROM posts p`;

/** The SQL condition of a stage on `posts p`, from the workflow's pairs. */
export const stageWhere = (stage: Stage) => `p.status = '${STAGES[stage].status}' AND p.review_state = '${STAGES[stage].review_state}'`;

export async function studioRow(db: Queryable, id: number, lock = false): Promise<StudioRow | undefined> {
  if (lock) await db.query('SELECT 1 FROM posts WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<StudioRow>(`${STUDIO_ROW} WHERE p.id = $1`, [id]);
  return row;
}

/** A post of the user's organizations with their role for it; 404 for any other. */
export async function accessible(db: Queryable, auth: AuthContext, id: number, lock = false): Promise<{ row: StudioRow; role: Role }> {
  const row = await studioRow(db, id, lock);
  const role = row ? await roleIn(db, auth, row.organization_id) : null;
  if (!row || !role) throw notFound('studioPostNotFound');
  return { row, role };
}

/** A reader acting in their role for a post's organization, as the workflow sees them. */
export const actorOf = (role: Role, auth: AuthContext): Actor => ({ role, userId: auth.userId, isStaff: auth.isStaff });

/** A post the user may reach, locked, with the actor they are for it. */
export interface LockedPost {
  row: StudioRow;
  role: Role;
  actor: Actor;
}

/** Runs a write on a post with its row locked, for a member of its organization. */
export async function onPost<T>(db: Db, auth: AuthContext, id: number, fn: (tx: Queryable, post: LockedPost) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const { row, role } = await accessible(tx, auth, id, true);
    return fn(tx, { row, role, actor: actorOf(role, auth) });
  });
}

/** A post the user may `event` now (its row locked, inside the caller's transaction); 404, 403 or 409 otherwise. */
export async function postFor(tx: Queryable, auth: AuthContext, id: number, event: WorkflowEvent): Promise<StudioRow> {
  const { row, role } = await accessible(tx, auth, id, true);
  allowed(event, row, actorOf(role, auth));
  return row;
}

/** A post the user may edit now (its row locked, inside the caller's transaction); 404 or 409 otherwise. */
export const editablePost = (tx: Queryable, auth: AuthContext, id: number) => postFor(tx, auth, id, 'edit');
