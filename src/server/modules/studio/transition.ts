/**
 * The one way a post moves through the workflow: the event checked against the table
 * (workflow.ts), the post completed if the event needs it, the event's own writes, the new
 * state written with what the event sets beside it in one UPDATE (migration 020's CHECK never
 * sees half of a change), what follows from it, and the audit entry — all in the caller's
 * transaction, on the post's locked row.
 */
import type { Queryable } from '../../db/db';
import { recordAudit, type AuditNote } from './audit';
import type { StudioRow } from './studio-row';
import { checkComplete } from './validation';
import { allowed, STAGES, stageAfter, stageOf, type Actor, type Stage, type WorkflowEvent } from './workflow';

/** now() of the transaction, as a column's value. */
export const NOW = Symbol('now()');

/** What an event writes beside its change of stage. */
export interface Effect {
  /**
   * The event's own writes, made once the event is allowed (an edit's fields, a correction's
   * version); returns what the audit entry notes, or null when nothing was done (an edit that
   * changed nothing is not recorded).
   */
  write?: (tx: Queryable) => Promise<AuditNote | null>;
  /** Columns set in the same UPDATE as the state. */
  columns?: Record<string, unknown>;
  /** What follows from the new state (a published version kept, the lists' counts). */
  after?: (tx: Queryable) => Promise<void>;
  /** The audit entry's note, when `write` does not give one. */
  audit?: AuditNote;
}

/**
 * Checks `event` on a locked post for `actor` (throws the table's refusal), writes it, records it.
 * Returns the post's stage after it (null: deleted).
 */
export async function transition(tx: Queryable, post: StudioRow, actor: Actor, event: WorkflowEvent, effect: Effect = {}): Promise<Stage | null> {
  const step = allowed(event, post, actor);
  if (step.complete) await checkComplete(tx, post.id);
  const note = effect.write ? await effect.write(tx) : (effect.audit ?? {});
  const from = stageOf(post);
  const to = stageAfter(step, from);
  if (to !== null) await setState(tx, post, to, effect.columns ?? {});
  await effect.after?.(tx);
  if (note) await recordAudit(tx, { organizationId: post.organization_id, postId: post.id, userId: actor.userId, action: step.action, ...note });
  if (to === null) await tx.query('DELETE FROM posts WHERE id = $1', [post.id]);
  return to;
}

/** One UPDATE of the columns that change: the state pair's (those that differ) and the event's. */
async function setState(tx: Queryable, post: StudioRow, to: Stage, columns: Record<string, unknown>): Promise<void> {
  const changes: Record<string, unknown> = {};
  for (const column of ['status', 'review_state'] as const) if (STAGES[to][column] !== post[column]) changes[column] = STAGES[to][column];
  Object.assign(changes, columns);
  const values: unknown[] = [post.id];
  const sets = Object.entries(changes).map(([column, value]) => {
    if (value === NOW) return `${column} = now()`;
    values.push(value);
    return `${column} = $${values.length}`;
  });
  if (sets.length) await tx.query(`UPDATE posts SET ${sets.join(', ')} WHERE id = $1`, values);
}
