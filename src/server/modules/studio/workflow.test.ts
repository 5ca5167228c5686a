import fc from 'fast-check';
import { HttpError } from '../../http/errors';
import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import type { AuthContext } from '../auth/context';
import { reachableStages, STAGES, stageOf, TRANSITIONS, type Abilities, type Stage, type StatePair, type WorkflowEvent } from './workflow';

/**
 * The workflow's table against the database: the pairs of columns the database accepts
 * (migration 020) are the stages the table can reach; and random series of events by random
 * readers (fast-check), run through the app's StudioService on one database, keep the
 * workflow's promises after every step. A failure prints fast-check's seed and path;
 * FC_SEED=<seed> replays it.
 */
let ctx: TestContext;
type Who = 'editor' | 'editor2' | 'publisher' | 'publisher2' | 'staff' | 'outsider';
const WHO: Who[] = ['editor', 'editor2', 'publisher', 'publisher2', 'staff', 'outsider'];
const auth = {} as Record<Who, AuthContext>;
const fixture = { organization: 0, type: 0, category: 0, target: 0 };

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      for (const who of WHO) {
        const id = await f.user(`${who}_user`, { staff: who === 'staff' });
        auth[who] = { userId: id, sessionId: `workflow-${who}`, username: `${who}_user`, isStaff: who === 'staff' };
      }
      fixture.organization = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      fixture.type = (await f.postTypes()).decision;
      fixture.category = await f.category('health', 'Health', 'الصحة');
      fixture.target = await f.post({ slug: 'a-published-post', author_id: auth.staff.userId, type_id: fixture.type, organization_id: fixture.organization });
      await db.query(
        `INSERT INTO organization_members (organization_id, user_id, role)
         VALUES ($1, $2, 'editor'), ($1, $3, 'editor'), ($1, $4, 'publisher'), ($1, $5, 'publisher')`,
        [fixture.organization, auth.editor.userId, auth.editor2.userId, auth.publisher.userId, auth.publisher2.userId],
      );
    },
  });
});
afterAll(() => ctx.close());

const key = (p: StatePair) => `${p.status}/${p.review_state}`;

describe('the table', () => {
  it('has at most one row for an event from a stage', () => {
    const seen = new Set<string>();
    for (const t of TRANSITIONS) {
      for (const from of t.from) {
        expect(seen.has(`${t.event} ${from}`)).toBe(false);
        seen.add(`${t.event} ${from}`);
      }
    }
  });

  it('reaches every stage it names, and never lets an editor publish', () => {
    expect([...reachableStages()].sort()).toEqual(Object.keys(STAGES).sort());
    expect(TRANSITIONS.filter((t) => t.to === 'published' && t.who === 'member')).toEqual([]);
  });

  it("is what the database accepts: the pairs of migration 020's CHECK are the table's reachable stages", async () => {
    const accepted: string[] = [];
    for (const status of ['draft', 'published', 'archived']) {
      for (const reviewState of ['writing', 'in_review', 'changes_requested', 'scheduled']) {
        const rolledBack = new Error('rolled back');
        try {
          await ctx.db.transaction(async (tx) => {
            await tx.query('UPDATE posts SET status = $2, review_state = $3 WHERE id = $1', [fixture.target, status, reviewState]);
            throw rolledBack;
          });
        } catch (err) {
          if (err === rolledBack) accepted.push(`${status}/${reviewState}`);
          else expect((err as { code?: string }).code).toBe('23514');
        }
      }
    }
    expect(accepted.sort()).toEqual([...reachableStages()].map((s) => key(STAGES[s])).sort());
  });
});

/** The events a reader can send, as the contract offers them, with inputs that are valid. */
type Event = ('edit' | 'submit' | 'requestChanges' | 'publish' | 'schedule' | 'unschedule' | 'publishDue' | 'correct' | 'withdraw' | 'comment' | 'delete') & WorkflowEvent;

let edits = 0;
async function send(event: Event, who: Who, id: number): Promise<void> {
  const studio = ctx.app.studio;
  const a = auth[who];
  switch (event) {
    case 'edit':
      return studio.update(a, id, { title: `Decision ${++edits}` });
    case 'submit':
      return studio.submit(a, id);
    case 'requestChanges':
      return studio.requestChanges(a, id, 'The number is wrong');
    case 'publish':
      return studio.publish(a, id);
    case 'schedule':
      return studio.schedule(a, id, new Date(Date.now() + 3_600_000));
    case 'unschedule':
      return studio.unschedule(a, id);
    case 'publishDue':
      await studio.publishDue(new Date(Date.now() + 7_200_000));
      return;
    case 'correct':
      return studio.correct(a, id, { change_kind: 'minor', title: `Decision ${++edits}` });
    case 'withdraw':
      return studio.withdraw(a, id, 'Issued in error', '');
    case 'comment':
      await studio.comment(a, id, 'Seen');
      return;
    case 'delete':
      return studio.delete(a, id);
  }
}

/** Whether the abilities a reader was told offer the event in that stage. */
function offered(can: Abilities, stage: Stage, event: Event): boolean | undefined {
  switch (event) {
    case 'edit':
      return can.edit;
    case 'submit':
      return can.submit;
    case 'requestChanges':
      return can.review;
    case 'publish':
      return can.publish;
    // One ability for both: scheduling a post in review, cancelling a scheduled one.
    case 'schedule':
      return can.schedule && stage !== 'scheduled';
    case 'unschedule':
      return can.schedule && stage === 'scheduled';
    case 'correct':
      return can.correct;
    case 'withdraw':
      return can.withdraw;
    case 'delete':
      return can.delete;
    default:
      return undefined;
  }
}

interface Row extends StatePair {
  version: number;
  scheduled_at: Date | null;
  withdrawn_reason: string;
  withdrawn_reason_ar: string;
  kept: boolean;
  audited: number;
}

const rowOf = async (id: number) =>
  (
    await ctx.db.query<Row>(
      `SELECT status, review_state, version, scheduled_at, withdrawn_reason, withdrawn_reason_ar,
              EXISTS (SELECT 1 FROM post_versions v WHERE v.post_id = p.id AND v.version = p.version) AS kept,
              (SELECT count(*)::int FROM audit_log a WHERE a.post_id = p.id) AS audited
         FROM posts p WHERE id = $1`,
      [id],
    )
  )[0] as Row | undefined;

/** The promises of the workflow, of a post after any step. */
function expectSound(row: Row): void {
  const pairs = [...reachableStages()].map((s) => key(STAGES[s]));
  expect(pairs).toContain(key(row));
  const stage = stageOf(row);
  if (stage === 'published') expect(row.version >= 1 && row.kept).toBe(true);
  if (stage === 'withdrawn') expect(row.withdrawn_reason + row.withdrawn_reason_ar).not.toBe('');
  if (['draft', 'in_review', 'changes_requested', 'scheduled'].includes(stage)) expect(row.version).toBe(0);
  expect(row.scheduled_at !== null).toBe(stage === 'scheduled');
}

/** The way to each stage a series may start from. */
const WAY: Record<string, [Event, Who][]> = {
  draft: [],
  in_review: [['submit', 'editor']],
  scheduled: [['submit', 'editor'], ['schedule', 'publisher2']],
  published: [['submit', 'editor'], ['publish', 'publisher2']],
};

/** Any event by any reader, weighted toward the way forward so that series reach publication and beyond. */
const weighted = <T>(weights: Record<string, number>) =>
  fc.oneof(...Object.entries(weights).map(([value, weight]) => ({ arbitrary: fc.constant(value as T), weight })));
const step = fc.tuple(
  weighted<Event>({ edit: 1, submit: 3, requestChanges: 1, publish: 3, schedule: 2, unschedule: 1, publishDue: 1, correct: 2, withdraw: 1, comment: 1, delete: 1 }),
  weighted<Who>({ editor: 2, editor2: 1, publisher: 3, publisher2: 2, staff: 1, outsider: 1 }),
);

it('keeps its promises after every step of any series of events by any reader', async () => {
  const seed = Number(process.env.FC_SEED) || Math.floor(Math.random() * 2 ** 31);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom<Who>('editor', 'publisher'), fc.constantFrom(...Object.keys(WAY)), fc.array(step, { minLength: 1, maxLength: 12 }), async (author, start, series) => {
      const id = await ctx.app.studio.create(auth[author], {
        organization_id: fixture.organization,
        type_id: fixture.type,
        title: 'Decision 794',
        title_ar: 'قرار رقم 794',
        content_ar: 'نص القرار.',
        language: 'ar',
        category_ids: [fixture.category],
      });
      // From a stage further on, so that each run is not spent on the way there.
      for (const [event, who] of WAY[start]) await send(event, who, id);
      for (const [event, who] of series) {
        const before = await rowOf(id);
        if (!before) break;
        expectSound(before);
        const stage = stageOf(before);
        const can = who === 'outsider' ? null : (await ctx.app.studio.read(auth[who], id, 'http://localhost')).can;
        let refusal: HttpError | null = null;
        try {
          await send(event, who, id);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          refusal = err;
        }
        const after = await rowOf(id);
        if (event === 'publishDue') {
          expect(after && stageOf(after)).toBe(stage === 'scheduled' ? 'published' : stage);
        } else if (who === 'outsider') {
          // Nobody outside the organization learns the post exists.
          expect(refusal?.statusCode).toBe(404);
        } else {
          // A refusal is the table's (never a 400 of the inputs, which are valid, or a 500).
          if (refusal) expect([403, 409]).toContain(refusal.statusCode);
          // What the reader was told they may do is what succeeds.
          const told = offered(can!, stage, event);
          if (told !== undefined) expect([event, who, stage, !refusal]).toEqual([event, who, stage, told]);
          // An editor never publishes, schedules, sends back, corrects or withdraws.
          if (who.startsWith('editor') && ['publish', 'schedule', 'unschedule', 'requestChanges', 'correct', 'withdraw'].includes(event)) {
            expect(refusal?.statusCode).toBe(403);
          }
        }
        if (!after) {
          expect([event, refusal]).toEqual(['delete', null]);
          break;
        }
        expectSound(after);
        // Every change is in the log; nothing refused is.
        const done = event === 'publishDue' ? stage === 'scheduled' : !refusal;
        expect(after.audited - before.audited).toBe(done ? 1 : 0);
      }
      // Whoever published it, never an editor.
      const publishers = await ctx.db.query<{ user_id: number | null }>(`SELECT user_id FROM audit_log WHERE post_id = $1 AND action = 'published'`, [id]);
      for (const { user_id } of publishers) expect([auth.editor.userId, auth.editor2.userId]).not.toContain(user_id);
    }),
    { numRuns: 30, seed },
  );
}, 120_000);
