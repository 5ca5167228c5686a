/**
 * A post's way from review to readers and after: submitting, sending back, publishing (now or
 * by schedule), correcting as new versions, withdrawing. Each is one event of the workflow
 * (workflow.ts) made through `transition`, with what it writes beside its change of stage.
 */
import type { Db, Queryable } from '../../db/db';
import { invalid } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { countedIn, refreshCountsOf } from './counts';
import { writeFields } from './post-fields';
import { onPost, studioRow, stageWhere, type StudioRow } from './studio-row';
import { NOW, transition, type Effect } from './transition';
import { checkInput, checkNumberFree } from './validation';
import { contentSignature, keepVersion } from './versions';
import type { Actor } from './workflow';

/** Signs a post's new versions inside the transaction that made them (VersionSigner.signWithin). */
export type SignWithin = (tx: Queryable, postIds: number[]) => Promise<void>;

/** At least this far ahead, so that a schedule is not already due when it lands. */
const MIN_SCHEDULE_AHEAD_MS = 60_000;

export async function submitStudioPost(db: Db, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) => transition(tx, row, actor, 'submit'));
}

export async function requestChanges(db: Db, auth: AuthContext, id: number, comment: string): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) => transition(tx, row, actor, 'requestChanges', { audit: { comment: comment.trim() } }));
}

/** Publishing at `at` (now when null): version 1, kept as such; the lists it belongs to counted again. */
const publication = (row: StudioRow, userId: number | null, at: Date | null, by: 'now' | 'schedule', sign?: SignWithin): Effect => ({
  columns: { scheduled_at: null, version: 1, published_at: at ?? NOW, updated_at: NOW },
  after: async (tx) => {
    await keepVersion(tx, row.id, 1, 'first', userId);
    await refreshCountsOf(tx, row.id);
    await sign?.(tx, [row.id]);
  },
  audit: { version: 0, details: { by } },
});

export async function publishStudioPost(db: Db, auth: AuthContext, id: number, sign?: SignWithin): Promise<void> {
  await onPost(db, auth, id, async (tx, { row, actor }) => {
    await checkNumberFree(tx, id);
    return transition(tx, row, actor, 'publish', publication(row, auth.userId, null, 'now', sign));
  });
}

export async function scheduleStudioPost(db: Db, auth: AuthContext, id: number, publishAt: Date): Promise<void> {
  if (Number.isNaN(publishAt.getTime()) || publishAt.getTime() < Date.now() + MIN_SCHEDULE_AHEAD_MS) throw invalid({ publish_at: ['scheduleInPast'] });
  const at = publishAt.toISOString();
  await onPost(db, auth, id, async (tx, { row, actor }) => {
    await checkNumberFree(tx, id);
    return transition(tx, row, actor, 'schedule', { columns: { scheduled_at: at }, audit: { details: { publish_at: at } } });
  });
}

export async function unscheduleStudioPost(db: Db, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, (tx, { row, actor }) => transition(tx, row, actor, 'unschedule', { columns: { scheduled_at: null } }));
}

/**
 * Publishes every scheduled post now due, each in its own transaction; rows another process is
 * publishing are skipped (FOR UPDATE SKIP LOCKED), so several processes never publish one twice.
 * Returns the ids published.
 */
export async function publishDuePosts(db: Db, now = new Date(), sign?: SignWithin): Promise<number[]> {
  const published: number[] = [];
  // A post that cannot be published (its number taken meanwhile) waits for the next run without
  // holding up the posts due after it; the run then fails with what went wrong, to be logged.
  const failed = new Map<number, unknown>();
  for (;;) {
    let dueId: number | null = null;
    try {
      const id = await db.transaction(async (tx) => {
        const [due] = await tx.query<{ id: number; scheduled_at: Date }>(
          `SELECT id, scheduled_at FROM posts p
            WHERE ${stageWhere('scheduled')} AND scheduled_at <= $1 AND NOT id = ANY($2::integer[])
            ORDER BY scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now.toISOString(), [...failed.keys()]],
        );
        if (!due) return null;
        dueId = due.id;
        await publishDue(tx, due, sign);
        return due.id;
      });
      if (id === null) break;
      published.push(id);
    } catch (err) {
      if (dueId === null) throw err;
      failed.set(dueId, err);
    }
  }
  if (failed.size) throw new AggregateError([...failed.values()], `scheduled posts ${[...failed.keys()].join(', ')} could not be published (${published.length} were)`);
  return published;
}

/** A due post published by the publishing job, in the name of who scheduled it. */
async function publishDue(tx: Queryable, due: { id: number; scheduled_at: Date }, sign?: SignWithin): Promise<void> {
  const row = (await studioRow(tx, due.id))!;
  const [scheduler] = await tx.query<{ user_id: number }>(`SELECT user_id FROM audit_log WHERE post_id = $1 AND action = 'scheduled' ORDER BY id DESC LIMIT 1`, [
    due.id,
  ]);
  const job: Actor = { role: 'scheduler', userId: scheduler?.user_id ?? null, isStaff: false };
  await transition(tx, row, job, 'publishDue', publication(row, job.userId, due.scheduled_at, 'schedule', sign));
}

export async function correctStudioPost(db: Db, auth: AuthContext, id: number, request: Schemas['CorrectionRequest'], sign?: SignWithin): Promise<void> {
  const { change_kind: kind, change_note: note = '', change_note_ar: noteAr = '', ...input } = request;
  if (kind === 'major' && !note.trim() && !noteAr.trim()) throw invalid({ change_note: ['changeNoteNeeded'] });
  await onPost(db, auth, id, (tx, { row, actor }) =>
    transition(tx, row, actor, 'correct', {
      write: async () => {
        if (input.organization_id !== undefined && input.organization_id !== row.organization_id) throw invalid({ organization_id: ['organizationFixed'] });
        await checkInput(tx, input, row.organization_id!);
        // A post published before versions were kept (or by the importer) keeps its text as it was first.
        await keepVersion(tx, id, row.version, 'first', null);
        const before = await contentSignature(tx, id);
        const lists = await countedIn(tx, id);
        const changed = await writeFields(tx, id, input);
        if ((await contentSignature(tx, id)) === before) throw invalid({ change_kind: ['nothingChanged'] });
        const version = row.version + 1;
        await tx.query('UPDATE posts SET version = $2, updated_at = now() WHERE id = $1', [id, version]);
        await keepVersion(tx, id, version, kind, auth.userId, note.trim(), noteAr.trim());
        await refreshCountsOf(tx, id, lists);
        await sign?.(tx, [id]);
        return { version: row.version, comment: [noteAr.trim(), note.trim()].filter(Boolean).join(' — ') || null, details: { kind, fields: changed } };
      },
    }),
  );
}

export async function withdrawStudioPost(db: Db, auth: AuthContext, id: number, reason: string, reasonAr: string, sign?: SignWithin): Promise<void> {
  if (!reason.trim() && !reasonAr.trim()) throw invalid({ reason: ['reasonNeeded'], reason_ar: ['reasonNeeded'] });
  await onPost(db, auth, id, (tx, { row, actor }) =>
    transition(tx, row, actor, 'withdraw', {
      // A withdrawal is a version of its own, kept (and signed) as readers see the post then:
      // withdrawn, with its reason as the version's note.
      columns: { withdrawn_reason: reason.trim(), withdrawn_reason_ar: reasonAr.trim(), withdrawn_at: NOW, updated_at: NOW, version: row.version + 1 },
      write: async (tx) => {
        // A post published before versions were kept (or by the importer) keeps its text as it was first.
        await keepVersion(tx, id, row.version, 'first', null);
        return { version: row.version, comment: [reasonAr.trim(), reason.trim()].filter(Boolean).join(' — ') };
      },
      after: async (tx) => {
        await refreshCountsOf(tx, id);
        await keepVersion(tx, id, row.version + 1, 'withdrawal', auth.userId, reason.trim(), reasonAr.trim());
        await sign?.(tx, [id]);
      },
    }),
  );
}
