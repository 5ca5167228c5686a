/**
 * The publishing workflow as one table: each event, the stages it may start from, the stage it
 * leads to, who may cause it and what else must hold. Everything else reads this table — the
 * checks of every write (transition.ts), what each reader is told they may do (`can`), the
 * stages the database accepts (migration 020, kept equal by workflow.test.ts) — so a rule is
 * changed here once and nowhere else. No database here: the table and pure functions of it.
 */
import { HttpError } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { MessageKey } from '../../i18n';
import type { Role } from './access';

export type Stage = Schemas['PostStage'];
export type Abilities = Schemas['StudioAbilities'];
type AuditAction = Schemas['AuditAction'];

/** What readers know (`posts.status`) and where a draft is on its way (`posts.review_state`). */
export interface StatePair {
  status: 'draft' | 'published' | 'archived';
  review_state: 'writing' | 'in_review' | 'changes_requested' | 'scheduled';
}

/** Each stage as the two columns hold it; no other pair is a post's state (migration 020). */
export const STAGES: Readonly<Record<Stage, StatePair>> = {
  draft: { status: 'draft', review_state: 'writing' },
  in_review: { status: 'draft', review_state: 'in_review' },
  changes_requested: { status: 'draft', review_state: 'changes_requested' },
  scheduled: { status: 'draft', review_state: 'scheduled' },
  published: { status: 'published', review_state: 'writing' },
  withdrawn: { status: 'archived', review_state: 'writing' },
};

/** Where the workspace starts a post (createStudioPost). */
export const CREATED: Stage = 'draft';

export type WorkflowEvent =
  | 'edit'
  | 'submit'
  | 'requestChanges'
  | 'publish'
  | 'schedule'
  | 'unschedule'
  | 'publishDue'
  | 'correct'
  | 'withdraw'
  | 'comment'
  | 'delete';

/**
 * Who may cause an event: any member of the post's organization (editor or publisher), its
 * publishers only, or the publishing job (a schedule come due). Staff act as publishers.
 */
type Who = 'member' | 'publisher' | 'scheduler';

/** Who is acting: a reader in their role for the post's organization, or the publishing job. */
export interface Actor {
  role: Role | 'scheduler';
  userId: number | null;
  isStaff: boolean;
}

/** What the table reads of a post. */
export interface WorkflowPost extends StatePair {
  version: number;
  author_id: number;
  /** Who last sent it to review. */
  submitted_by: number | null;
}

type Guard = 'secondPair' | 'neverPublished' | 'authorOrPublisher';

interface Transition {
  event: WorkflowEvent;
  from: readonly Stage[];
  /** The stage after; `same` for a change within the stage, `gone` for a deletion. */
  to: Stage | 'same' | 'gone';
  who: Who;
  /** Checked in this order after who and from, each with its own refusal (GUARDS). */
  guards?: readonly Guard[];
  /**
   * The post must be complete (validation.ts, checkComplete): a 400 naming what is missing.
   * Not an ability: the screens offer the button and show what to fill in.
   */
  complete?: true;
  /** What the audit log records. */
  action: AuditAction;
}

const WRITING: readonly Stage[] = ['draft', 'changes_requested'];
const ON_THE_WAY: readonly Stage[] = ['draft', 'in_review', 'changes_requested', 'scheduled'];

/** The workflow. An event may have several rows (edit: by anyone while writing, by publishers in review). */
export const TRANSITIONS: readonly Transition[] = [
  { event: 'edit', from: WRITING, to: 'same', who: 'member', action: 'edited' },
  { event: 'edit', from: ['in_review'], to: 'same', who: 'publisher', action: 'edited' },
  { event: 'submit', from: WRITING, to: 'in_review', who: 'member', complete: true, action: 'submitted' },
  { event: 'requestChanges', from: ['in_review'], to: 'changes_requested', who: 'publisher', action: 'changes_requested' },
  // A second pair of eyes: who sent a post to review does not publish it (staff excepted).
  { event: 'publish', from: ['in_review'], to: 'published', who: 'publisher', guards: ['secondPair'], complete: true, action: 'published' },
  { event: 'schedule', from: ['in_review'], to: 'scheduled', who: 'publisher', guards: ['secondPair'], complete: true, action: 'scheduled' },
  { event: 'unschedule', from: ['scheduled'], to: 'in_review', who: 'publisher', action: 'unscheduled' },
  { event: 'publishDue', from: ['scheduled'], to: 'published', who: 'scheduler', complete: true, action: 'published' },
  { event: 'correct', from: ['published'], to: 'same', who: 'publisher', action: 'corrected' },
  { event: 'withdraw', from: ['published'], to: 'withdrawn', who: 'publisher', action: 'withdrawn' },
  { event: 'comment', from: ON_THE_WAY, to: 'same', who: 'member', action: 'commented' },
  // A scheduled post is unscheduled before it is deleted.
  { event: 'delete', from: ['draft', 'in_review', 'changes_requested'], to: 'gone', who: 'member', guards: ['neverPublished', 'authorOrPublisher'], action: 'deleted' },
];

type Refusal = readonly [status: number, key: MessageKey];

const PUBLISHERS_ONLY: Refusal = [403, 'studioPublishersOnly'];
const NOT_EDITABLE: Refusal = [409, 'studioNotEditable'];
const WAS_PUBLISHED: Refusal = [409, 'studioWasPublished'];

const GUARDS: Record<Guard, { holds: (post: WorkflowPost, actor: Actor) => boolean; refusal: Refusal }> = {
  secondPair: { holds: (post, actor) => actor.isStaff || post.submitted_by !== actor.userId, refusal: [403, 'studioSecondPair'] },
  neverPublished: { holds: (post) => post.version === 0, refusal: WAS_PUBLISHED },
  authorOrPublisher: { holds: (post, actor) => actor.role === 'publisher' || post.author_id === actor.userId, refusal: PUBLISHERS_ONLY },
};

/**
 * The answer to an event the table does not allow: `who` when no row of the event admits the
 * actor's role (checked first: an editor learns they may not publish before where the post is),
 * `from` when none starts from the post's stage. The words are the ones the workspace has
 * always answered with.
 */
const REFUSALS: Record<WorkflowEvent, { who: Refusal; from: Refusal | ((post: WorkflowPost, stage: Stage) => Refusal) }> = {
  edit: { who: NOT_EDITABLE, from: NOT_EDITABLE },
  submit: { who: [409, 'studioCannotSubmit'], from: [409, 'studioCannotSubmit'] },
  requestChanges: { who: PUBLISHERS_ONLY, from: [409, 'studioNotInReview'] },
  publish: { who: PUBLISHERS_ONLY, from: (_, stage) => (stage === 'published' ? [409, 'studioAlreadyPublished'] : [409, 'studioNotInReview']) },
  schedule: { who: PUBLISHERS_ONLY, from: (_, stage) => (stage === 'published' ? [409, 'studioAlreadyPublished'] : [409, 'studioNotInReview']) },
  unschedule: { who: PUBLISHERS_ONLY, from: [409, 'studioNotScheduled'] },
  publishDue: { who: PUBLISHERS_ONLY, from: [409, 'studioNotScheduled'] },
  correct: { who: PUBLISHERS_ONLY, from: [409, 'studioNotPublished'] },
  withdraw: { who: PUBLISHERS_ONLY, from: [409, 'studioNotPublished'] },
  comment: { who: PUBLISHERS_ONLY, from: [409, 'studioCommentOnDraft'] },
  // A draft never published but scheduled: not deletable as it stands, not "was published".
  delete: { who: PUBLISHERS_ONLY, from: (post, stage) => (stage === 'scheduled' && post.version === 0 ? PUBLISHERS_ONLY : WAS_PUBLISHED) },
};

/** Each ability the app is told (`can`) is the events it offers; an event offered is one the table allows now. */
const ABILITIES: Readonly<Record<keyof Abilities, readonly WorkflowEvent[]>> = {
  edit: ['edit'],
  submit: ['submit'],
  review: ['requestChanges'],
  publish: ['publish'],
  // Scheduling, and for a scheduled post its cancelling.
  schedule: ['schedule', 'unschedule'],
  correct: ['correct'],
  withdraw: ['withdraw'],
  delete: ['delete'],
};

const admits = (who: Who, actor: Actor) =>
  who === 'scheduler' ? actor.role === 'scheduler' : who === 'member' ? actor.role !== 'scheduler' : actor.role === 'publisher';

/** The stage of a pair of columns (migration 020 allows no other pairs). */
export function stageOf(pair: StatePair): Stage {
  for (const [stage, p] of Object.entries(STAGES) as [Stage, StatePair][]) {
    if (p.status === pair.status && p.review_state === pair.review_state) return stage;
  }
  throw new Error(`No stage has status ${pair.status} with review_state ${pair.review_state}`);
}

/** The table's row for an event now, or the refusal, in the order the checks are made. */
export function decide(event: WorkflowEvent, post: WorkflowPost, actor: Actor): { transition: Transition } | { refusal: Refusal } {
  const rows = TRANSITIONS.filter((t) => t.event === event);
  const refusals = REFUSALS[event];
  if (!rows.some((t) => admits(t.who, actor))) return { refusal: refusals.who };
  const stage = stageOf(post);
  const here = rows.filter((t) => t.from.includes(stage));
  if (!here.length) return { refusal: typeof refusals.from === 'function' ? refusals.from(post, stage) : refusals.from };
  const transition = here.find((t) => admits(t.who, actor));
  if (!transition) return { refusal: refusals.who };
  for (const guard of transition.guards ?? []) if (!GUARDS[guard].holds(post, actor)) return { refusal: GUARDS[guard].refusal };
  return { transition };
}

/** The table's row for an event now; the refusal thrown (an HttpError) when it does not allow it. */
export function allowed(event: WorkflowEvent, post: WorkflowPost, actor: Actor): Transition {
  const decision = decide(event, post, actor);
  if ('refusal' in decision) throw new HttpError(decision.refusal[0], decision.refusal[1]);
  return decision.transition;
}

/** What an actor may do with a post now: derived from the table, never stated apart from it. */
export function abilitiesOf(post: WorkflowPost, actor: Actor): Abilities {
  const can = (events: readonly WorkflowEvent[]) => events.some((e) => 'transition' in decide(e, post, actor));
  return Object.fromEntries(Object.entries(ABILITIES).map(([ability, events]) => [ability, can(events)])) as unknown as Abilities;
}

/** The stage an event leads to from `from` (null: the post is gone). */
export function stageAfter(transition: Transition, from: Stage): Stage | null {
  if (transition.to === 'gone') return null;
  return transition.to === 'same' ? from : transition.to;
}

/** Every stage a post can be in: where the workspace starts one, and all the table leads to from there. */
export function reachableStages(): Set<Stage> {
  const seen = new Set<Stage>([CREATED]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of TRANSITIONS) {
      for (const from of t.from) {
        const to = seen.has(from) ? stageAfter(t, from) : null;
        if (to && !seen.has(to)) {
          seen.add(to);
          grew = true;
        }
      }
    }
  }
  return seen;
}
