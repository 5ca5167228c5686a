/**
 * The workspace's posts: reading a post as its writers see it, and every write of its way from a
 * draft to publication and after — each in one transaction with the post's row locked, checked
 * against the writer's role, and recorded in the audit log.
 */
import { hashtagIdentity, stripHash } from '../../../shared/hashtags';
import type { Db, Queryable } from '../../db/db';
import { HttpError, invalid, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { MessageKey } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { originFreeJson } from '../posts/post-docs';
import { hijriOf, presentPostAt } from '../posts/present';
import type { PostRow } from '../posts/post-sql';
import { findPostsByIds, termsPageIds } from '../posts/repository';
import { SqlParams } from '../posts/sql';
import { postSearchOf, reindexPosts } from '../posts/search-index';
import { readingTime } from '../posts/write';
import { roleIn, rolesIn, type Role } from './access';

type StudioPost = Schemas['StudioPost'];
type TxDb = Db;
type Input = Schemas['StudioPostInput'];
export type Stage = Schemas['PostStage'];

/** What the workspace reads of a post beside its public presentation. */
interface StudioRow {
  id: number;
  status: 'published' | 'draft' | 'archived';
  review_state: 'writing' | 'in_review' | 'changes_requested' | 'scheduled';
  organization_id: number | null;
  subsidiary_id: number | null;
  author_id: number;
  version: number;
  scheduled_at: Date | null;
  category_ids: number[];
  subcategory_ids: number[];
  hashtags: string[];
  /** Who last sent it to review (a second publisher reviews it). */
  submitted_by: number | null;
}

const STUDIO_ROW = `SELECT p.id, p.status, p.review_state, p.organization_id, p.subsidiary_id, p.author_id, p.version, p.scheduled_at,
       ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id ORDER BY category_id) AS category_ids,
       ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id ORDER BY subcategory_id) AS subcategory_ids,
       ARRAY(SELECT h.name FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id WHERE ph.post_id = p.id ORDER BY h.id) AS hashtags,
       (SELECT user_id FROM audit_log WHERE post_id = p.id AND action = 'submitted' ORDER BY id DESC LIMIT 1) AS submitted_by
  FROM posts p`;

export function stageOf(row: Pick<StudioRow, 'status' | 'review_state'>): Stage {
  if (row.status === 'published') return 'published';
  if (row.status === 'archived') return 'withdrawn';
  return row.review_state === 'writing' ? 'draft' : row.review_state;
}

/** What a user in a role may do with a post in its present stage. */
export function abilitiesOf(row: StudioRow, role: Role, auth: AuthContext): Schemas['StudioAbilities'] {
  const stage = stageOf(row);
  const publisher = role === 'publisher';
  const writing = stage === 'draft' || stage === 'changes_requested';
  // A second pair of eyes: who sent a post to review does not publish it (staff excepted).
  const reviewer = publisher && (auth.isStaff || row.submitted_by !== auth.userId);
  return {
    edit: writing || (stage === 'in_review' && publisher),
    submit: writing,
    review: stage === 'in_review' && publisher,
    publish: stage === 'in_review' && reviewer,
    // Scheduling, and for a scheduled post its cancelling.
    schedule: (stage === 'in_review' && reviewer) || (stage === 'scheduled' && publisher),
    correct: stage === 'published' && publisher,
    withdraw: stage === 'published' && publisher,
    delete: row.status === 'draft' && row.version === 0 && stage !== 'scheduled' && (publisher || row.author_id === auth.userId),
  };
}

async function studioRow(db: Queryable, id: number, lock = false): Promise<StudioRow | undefined> {
  if (lock) await db.query('SELECT 1 FROM posts WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<StudioRow>(`${STUDIO_ROW} WHERE p.id = $1`, [id]);
  return row;
}

/** A post of the user's organizations with their role for it; 404 for any other. */
async function accessible(db: Queryable, auth: AuthContext, id: number, lock = false): Promise<{ row: StudioRow; role: Role }> {
  const row = await studioRow(db, id, lock);
  const role = row ? await roleIn(db, auth, row.organization_id) : null;
  if (!row || !role) throw notFound('studioPostNotFound');
  return { row, role };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A post as the workspace shows it, URLs at `base`. */
export async function readStudioPost(db: Queryable, auth: AuthContext, id: number, base: string): Promise<StudioPost> {
  const { row, role } = await accessible(db, auth, id);
  return presentStudioPost(db, row, role, auth, base);
}

async function presentStudioPost(db: Queryable, row: StudioRow, role: Role, auth: AuthContext, base: string): Promise<StudioPost> {
  const {
    rows: [full],
  } = await findPostsByIds(db, [row.id]);
  return studioPostOf(base, row, full, role, auth);
}

function studioPostOf(base: string, row: StudioRow, full: PostRow, role: Role, auth: AuthContext): StudioPost {
  const post = presentPostAt(base, full);
  return {
    id: post.id,
    slug: post.slug,
    stage: stageOf(row),
    status: post.status,
    title: post.title,
    title_ar: post.title_ar,
    summary: post.summary,
    summary_ar: post.summary_ar,
    content: post.content,
    content_ar: post.content_ar,
    language: post.language,
    type_id: post.type.id,
    category_ids: row.category_ids,
    subcategory_ids: row.subcategory_ids,
    hashtags: row.hashtags,
    organization: post.organization!,
    subsidiary_id: row.subsidiary_id,
    document_number: post.document_number,
    issued_on: post.issued_on,
    issued_on_hijri: post.issued_on_hijri,
    author: post.author,
    created_at: post.created_at,
    updated_at: post.updated_at,
    published_at: post.published_at,
    scheduled_at: iso(row.scheduled_at),
    version: row.version,
    attachments: post.attachments,
    relations: post.relations,
    withdrawal: post.withdrawal,
    role,
    can: abilitiesOf(row, role, auth),
  };
}

// ------------------------------------------------------------------ validation

const HASHTAG = /^[\p{L}\p{M}\p{N}_]+$/u;

/** The input's references checked against the database; 400 naming each field at fault. */
async function checkInput(db: Queryable, input: Input, organizationId: number): Promise<void> {
  const errors: Record<string, MessageKey[]> = {};
  if (input.type_id !== undefined) {
    const found = input.type_id === null ? [] : await db.query('SELECT 1 FROM post_types WHERE id = $1', [input.type_id]);
    if (!found.length) errors.type_id = ['unknownPostType'];
  }
  if (input.category_ids?.length) {
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM categories WHERE id = ANY($1::int[])', [
      [...new Set(input.category_ids)],
    ]);
    if (n !== new Set(input.category_ids).size) errors.category_ids = ['unknownCategory'];
  }
  if (input.subcategory_ids?.length) {
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM subcategories WHERE id = ANY($1::int[])', [
      [...new Set(input.subcategory_ids)],
    ]);
    if (n !== new Set(input.subcategory_ids).size) errors.subcategory_ids = ['unknownSubcategory'];
  }
  if (input.subsidiary_id != null) {
    const found = await db.query('SELECT 1 FROM subsidiaries WHERE id = $1 AND organization_id = $2', [input.subsidiary_id, organizationId]);
    if (!found.length) errors.subsidiary_id = ['unknownSubsidiary'];
  }
  if (input.hashtags?.some((h) => !HASHTAG.test(stripHash(h)))) errors.hashtags = ['invalidHashtag'];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** What publishing needs: both titles, the content in the post's language, a type, a category. */
async function checkComplete(db: Queryable, id: number): Promise<void> {
  const [p] = await db.query<{ title: string; title_ar: string; content: string; content_ar: string; language: string; categories: number }>(
    `SELECT title, title_ar, content, content_ar, language,
            (SELECT count(*)::int FROM post_categories WHERE post_id = p.id) AS categories
       FROM posts p WHERE id = $1`,
    [id],
  );
  const errors: Record<string, MessageKey[]> = {};
  if (!p.title.trim()) errors.title = ['fieldRequired'];
  if (!p.title_ar.trim()) errors.title_ar = ['fieldRequired'];
  if (p.language === 'ar' ? !p.content_ar.trim() : !p.content.trim()) errors[p.language === 'ar' ? 'content_ar' : 'content'] = ['fieldRequired'];
  if (!p.categories) errors.category_ids = ['categoryNeeded'];
  if (Object.keys(errors).length) throw new HttpError(400, 'studioIncomplete', { fields: errors });
}

// ------------------------------------------------------------------ writing

async function audit(
  db: Queryable,
  entry: { organizationId: number | null; postId: number | null; userId: number | null; action: Schemas['AuditAction']; version?: number | null; comment?: string | null; details?: object },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (organization_id, post_id, user_id, action, version, comment, details) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.organizationId, entry.postId, entry.userId, entry.action, entry.version ?? null, entry.comment ?? null, JSON.stringify(entry.details ?? {})],
  );
}

const TEXT_FIELDS = ['title', 'title_ar', 'summary', 'summary_ar', 'content', 'content_ar'] as const;

/** Writes the fields given (only those) and the post's lists; returns the names of what changed. */
async function writeFields(db: Queryable, id: number, input: Input): Promise<string[]> {
  const sets: string[] = [];
  const values: unknown[] = [];
  const changed: string[] = [];
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value);
    sets.push(`${column} = $${values.length + 1}${cast}`);
    changed.push(column);
  };
  for (const field of TEXT_FIELDS) if (input[field] !== undefined) set(field, input[field].trim());
  if (input.language !== undefined) set('language', input.language);
  if (input.type_id != null) set('type_id', input.type_id);
  if (input.subsidiary_id !== undefined) set('subsidiary_id', input.subsidiary_id);
  if (input.document_number !== undefined) set('document_number', input.document_number.trim());
  if (input.issued_on !== undefined) set('issued_on', input.issued_on, '::date');
  if (sets.length) {
    await db.query(`UPDATE posts SET ${sets.join(', ')} WHERE id = $1`, [id, ...values]);
  }
  if (input.category_ids !== undefined) {
    await db.query('DELETE FROM post_categories WHERE post_id = $1', [id]);
    await db.query('INSERT INTO post_categories (post_id, category_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, input.category_ids]);
    changed.push('category_ids');
  }
  if (input.subcategory_ids !== undefined) {
    await db.query('DELETE FROM post_subcategories WHERE post_id = $1', [id]);
    await db.query('INSERT INTO post_subcategories (post_id, subcategory_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
      id,
      input.subcategory_ids,
    ]);
    changed.push('subcategory_ids');
  }
  if (input.hashtags !== undefined) {
    const names = [...new Map(input.hashtags.map((h) => [hashtagIdentity(h), stripHash(h)])).entries()];
    await db.query(
      `INSERT INTO hashtags (name, slug, name_normalized)
       SELECT n, replace(i, '_', '-'), i FROM unnest($1::text[], $2::text[]) AS t(n, i)
       ON CONFLICT (name_normalized) DO NOTHING`,
      [names.map(([, n]) => n), names.map(([i]) => i)],
    );
    await db.query('DELETE FROM post_hashtags WHERE post_id = $1', [id]);
    await db.query(
      `INSERT INTO post_hashtags (post_id, hashtag_id) SELECT $1, id FROM hashtags WHERE name_normalized = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, names.map(([i]) => i)],
    );
    changed.push('hashtags');
  }
  if (changed.some((c) => (TEXT_FIELDS as readonly string[]).includes(c))) {
    const [texts] = await db.query<{ content: string; content_ar: string }>('SELECT content, content_ar FROM posts WHERE id = $1', [id]);
    await db.query('UPDATE posts SET reading_time = $2 WHERE id = $1', [id, readingTime(texts)]);
    await reindexPosts(db, [id]);
  }
  if (changed.length) await db.query('UPDATE posts SET updated_at = now() WHERE id = $1', [id]);
  return changed;
}

/** Creates a draft for one of the user's organizations. */
export async function createStudioPost(db: TxDb, auth: AuthContext, input: Input): Promise<number> {
  const errors: Record<string, MessageKey[]> = {};
  if (input.organization_id === undefined) errors.organization_id = ['fieldRequired'];
  if (input.type_id == null) errors.type_id = ['fieldRequired'];
  if (Object.keys(errors).length) throw invalid(errors);
  const organizationId = input.organization_id!;
  // Staff act for every organization, so their role says nothing of whether this one exists.
  const [org] = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  if (!org) throw invalid({ organization_id: ['unknownOrganization'] });
  const role = await roleIn(db, auth, organizationId);
  if (!role) throw invalid({ organization_id: ['studioNotMember'] });
  await checkInput(db, input, organizationId);
  return db.transaction(async (tx) => {
    const [org] = await tx.query<{ code: string }>('SELECT code FROM organizations WHERE id = $1', [organizationId]);
    const [type] = await tx.query<{ name: string }>('SELECT name FROM post_types WHERE id = $1', [input.type_id]);
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO posts (slug, title, title_ar, author_id, type_id, organization_id, status, review_state, version, published_at)
       VALUES (gen_random_uuid()::text, '', '', $1, $2, $3, 'draft', 'writing', 0, NULL) RETURNING id`,
      [auth.userId, input.type_id, organizationId],
    );
    // The address is fixed at creation and stays (links to a post never break).
    await tx.query('UPDATE posts SET slug = $2 WHERE id = $1', [id, `${org.code.toLowerCase()}-${type.name}-${new Date().getUTCFullYear()}-${id}`]);
    await writeFields(tx, id, { ...input, type_id: undefined, organization_id: undefined });
    await audit(tx, { organizationId, postId: id, userId: auth.userId, action: 'created' });
    return id;
  });
}


/** Runs a write on a post with its row locked, for a user with the needed role. */
async function onPost<T>(
  db: TxDb,
  auth: AuthContext,
  id: number,
  fn: (tx: Queryable, row: StudioRow, role: Role) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { row, role } = await accessible(tx, auth, id, true);
    return fn(tx, row, role);
  });
}

const refuse = (status: number, key: MessageKey) => new HttpError(status, key);

/** A post the user may edit now (its row locked, inside the caller's transaction); 404 or 409 otherwise. */
export async function editablePost(tx: Queryable, auth: AuthContext, id: number): Promise<StudioRow> {
  const { row, role } = await accessible(tx, auth, id, true);
  if (!abilitiesOf(row, role, auth).edit) throw refuse(409, 'studioNotEditable');
  return row;
}

export async function updateStudioPost(db: TxDb, auth: AuthContext, id: number, input: Input): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (!abilitiesOf(row, role, auth).edit) throw refuse(409, 'studioNotEditable');
    if (input.organization_id !== undefined && input.organization_id !== row.organization_id) throw invalid({ organization_id: ['organizationFixed'] });
    await checkInput(tx, input, row.organization_id!);
    const changed = await writeFields(tx, id, input);
    if (changed.length) await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'edited', details: { fields: changed } });
  });
}

export async function submitStudioPost(db: TxDb, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (!abilitiesOf(row, role, auth).submit) throw refuse(409, 'studioCannotSubmit');
    await checkComplete(tx, id);
    await tx.query(`UPDATE posts SET review_state = 'in_review' WHERE id = $1`, [id]);
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'submitted' });
  });
}

export async function requestChanges(db: TxDb, auth: AuthContext, id: number, comment: string): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (stageOf(row) !== 'in_review') throw refuse(409, 'studioNotInReview');
    await tx.query(`UPDATE posts SET review_state = 'changes_requested' WHERE id = $1`, [id]);
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'changes_requested', comment: comment.trim() });
  });
}

export async function commentOn(db: TxDb, auth: AuthContext, id: number, comment: string): Promise<void> {
  await onPost(db, auth, id, async (tx, row) => {
    if (row.status !== 'draft') throw refuse(409, 'studioCommentOnDraft');
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'commented', comment: comment.trim() });
  });
}

/** The lists a post is counted in: its type, organization, categories, subcategories and tags. */
interface CountedIn {
  types: number[];
  organizations: number[];
  categories: number[];
  subcategories: number[];
  hashtags: number[];
}

async function countedIn(tx: Queryable, id: number): Promise<CountedIn> {
  const [row] = await tx.query<CountedIn>(
    `SELECT ARRAY[p.type_id] AS types, array_remove(ARRAY[p.organization_id], NULL) AS organizations,
            ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id) AS categories,
            ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id) AS subcategories,
            ARRAY(SELECT hashtag_id FROM post_hashtags WHERE post_id = p.id) AS hashtags
       FROM posts p WHERE p.id = $1`,
    [id],
  );
  return row;
}

/**
 * Counts again the published posts of every list the post is in now and was in `before` (what
 * a correction took it out of: its former type, a category or tag removed), so each count
 * equals a recount after the write. Ids in order: two writers lock shared rows in the same order.
 */
async function refreshCountsOf(tx: Queryable, id: number, before?: CountedIn): Promise<void> {
  const now = await countedIn(tx, id);
  const of = (key: keyof CountedIn) => [...new Set([...now[key], ...(before?.[key] ?? [])])].sort((a, b) => a - b);
  await tx.query(
    `UPDATE post_types t SET post_count = (SELECT count(*) FROM posts p WHERE p.type_id = t.id AND p.status = 'published')
      WHERE t.id = ANY($1::int[])`,
    [of('types')],
  );
  await tx.query(
    `UPDATE organizations o SET post_count = (SELECT count(*) FROM posts p WHERE p.organization_id = o.id AND p.status = 'published')
      WHERE o.id = ANY($1::int[])`,
    [of('organizations')],
  );
  await tx.query(
    `UPDATE categories c SET post_count = (SELECT count(*) FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                                             WHERE pc.category_id = c.id AND p.status = 'published')
      WHERE c.id = ANY($1::int[])`,
    [of('categories')],
  );
  await tx.query(
    `UPDATE subcategories s SET post_count = (SELECT count(*) FROM post_subcategories ps JOIN posts p ON p.id = ps.post_id
                                                WHERE ps.subcategory_id = s.id AND p.status = 'published')
      WHERE s.id = ANY($1::int[])`,
    [of('subcategories')],
  );
  // A tag no post holds any more has no row in post_hashtags: counted from the tag, not the link.
  await tx.query(
    `UPDATE hashtags h SET post_count = x.n, last_used = x.last_used
       FROM hashtags h2 CROSS JOIN LATERAL
            (SELECT count(p.id)::int AS n, max(p.published_at) AS last_used
               FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id AND p.status = 'published'
              WHERE ph.hashtag_id = h2.id) x
      WHERE h.id = h2.id AND h2.id = ANY($1::int[])`,
    [of('hashtags')],
  );
}

/** Keeps the post as readers see it now as its version `version`. */
async function keepVersion(tx: Queryable, id: number, version: number, kind: Schemas['ChangeKind'], userId: number | null, note = '', noteAr = ''): Promise<void> {
  const {
    rows: [row],
  } = await findPostsByIds(tx, [id]);
  await tx.query(
    `INSERT INTO post_versions (post_id, version, kind, note, note_ar, body, created_by) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (post_id, version) DO NOTHING`,
    [id, version, kind, note, noteAr, originFreeJson(row), userId],
  );
}

/** What a correction may change of a post, as one text: equal before and after when nothing changed. */
async function contentSignature(tx: Queryable, id: number): Promise<string> {
  const [{ signature }] = await tx.query<{ signature: string }>(
    `SELECT md5(row(p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar, p.language, p.type_id, p.subsidiary_id,
                    p.document_number, p.issued_on,
                    ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id ORDER BY 1),
                    ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id ORDER BY 1),
                    ARRAY(SELECT hashtag_id FROM post_hashtags WHERE post_id = p.id ORDER BY 1))::text) AS signature
       FROM posts p WHERE p.id = $1`,
    [id],
  );
  return signature;
}

/** Publishes a locked draft at `at`: version 1, kept as such; the lists it belongs to counted again. */
async function publishLocked(tx: Queryable, row: StudioRow, userId: number | null, at: Date | null, by: 'now' | 'schedule'): Promise<void> {
  await checkComplete(tx, row.id);
  await tx.query(
    `UPDATE posts SET status = 'published', review_state = 'writing', scheduled_at = NULL, version = 1,
            published_at = coalesce($2::timestamptz, now()), updated_at = now()
      WHERE id = $1`,
    [row.id, at],
  );
  await keepVersion(tx, row.id, 1, 'first', userId);
  await refreshCountsOf(tx, row.id);
  await audit(tx, { organizationId: row.organization_id, postId: row.id, userId, action: 'published', version: 0, details: { by } });
}

export async function publishStudioPost(db: TxDb, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (row.status === 'published') throw refuse(409, 'studioAlreadyPublished');
    if (stageOf(row) !== 'in_review') throw refuse(409, 'studioNotInReview');
    if (!abilitiesOf(row, role, auth).publish) throw refuse(403, 'studioSecondPair');
    await publishLocked(tx, row, auth.userId, null, 'now');
  });
}

/** At least this far ahead, so that a schedule is not already due when it lands. */
const MIN_SCHEDULE_AHEAD_MS = 60_000;

export async function scheduleStudioPost(db: TxDb, auth: AuthContext, id: number, publishAt: Date): Promise<void> {
  if (Number.isNaN(publishAt.getTime()) || publishAt.getTime() < Date.now() + MIN_SCHEDULE_AHEAD_MS) throw invalid({ publish_at: ['scheduleInPast'] });
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (row.status === 'published') throw refuse(409, 'studioAlreadyPublished');
    if (stageOf(row) !== 'in_review') throw refuse(409, 'studioNotInReview');
    if (!abilitiesOf(row, role, auth).schedule) throw refuse(403, 'studioSecondPair');
    await checkComplete(tx, id);
    await tx.query(`UPDATE posts SET review_state = 'scheduled', scheduled_at = $2 WHERE id = $1`, [id, publishAt.toISOString()]);
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'scheduled', details: { publish_at: publishAt.toISOString() } });
  });
}

export async function unscheduleStudioPost(db: TxDb, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (stageOf(row) !== 'scheduled') throw refuse(409, 'studioNotScheduled');
    await tx.query(`UPDATE posts SET review_state = 'in_review', scheduled_at = NULL WHERE id = $1`, [id]);
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'unscheduled' });
  });
}

/**
 * Publishes every scheduled post now due, each in its own transaction; rows another process is
 * publishing are skipped (FOR UPDATE SKIP LOCKED), so several processes never publish one twice.
 * Returns the ids published.
 */
export async function publishDuePosts(db: TxDb, now = new Date()): Promise<number[]> {
  const published: number[] = [];
  for (;;) {
    const id = await db.transaction(async (tx) => {
      const [due] = await tx.query<{ id: number; scheduled_at: Date }>(
        `SELECT id, scheduled_at FROM posts
          WHERE review_state = 'scheduled' AND status = 'draft' AND scheduled_at <= $1
          ORDER BY scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      );
      if (!due) return null;
      const row = (await studioRow(tx, due.id))!;
      const [scheduler] = await tx.query<{ user_id: number }>(
        `SELECT user_id FROM audit_log WHERE post_id = $1 AND action = 'scheduled' ORDER BY id DESC LIMIT 1`,
        [due.id],
      );
      await publishLocked(tx, row, scheduler?.user_id ?? null, due.scheduled_at, 'schedule');
      return due.id;
    });
    if (id === null) return published;
    published.push(id);
  }
}

export async function correctStudioPost(db: TxDb, auth: AuthContext, id: number, request: Schemas['CorrectionRequest']): Promise<void> {
  const { change_kind: kind, change_note: note = '', change_note_ar: noteAr = '', ...input } = request;
  if (kind === 'major' && !note.trim() && !noteAr.trim()) throw invalid({ change_note: ['changeNoteNeeded'] });
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (row.status !== 'published') throw refuse(409, 'studioNotPublished');
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
    await audit(tx, {
      organizationId: row.organization_id,
      postId: id,
      userId: auth.userId,
      action: 'corrected',
      version: row.version,
      comment: [noteAr.trim(), note.trim()].filter(Boolean).join(' — ') || null,
      details: { kind, fields: changed },
    });
  });
}

export async function withdrawStudioPost(db: TxDb, auth: AuthContext, id: number, reason: string, reasonAr: string): Promise<void> {
  if (!reason.trim() && !reasonAr.trim()) throw invalid({ reason: ['reasonNeeded'], reason_ar: ['reasonNeeded'] });
  await onPost(db, auth, id, async (tx, row, role) => {
    if (role !== 'publisher') throw refuse(403, 'studioPublishersOnly');
    if (row.status !== 'published') throw refuse(409, 'studioNotPublished');
    await tx.query(
      `UPDATE posts SET status = 'archived', withdrawn_reason = $2, withdrawn_reason_ar = $3, withdrawn_at = now(), updated_at = now()
        WHERE id = $1`,
      [id, reason.trim(), reasonAr.trim()],
    );
    await refreshCountsOf(tx, id);
    await audit(tx, {
      organizationId: row.organization_id,
      postId: id,
      userId: auth.userId,
      action: 'withdrawn',
      version: row.version,
      comment: [reasonAr.trim(), reason.trim()].filter(Boolean).join(' — '),
    });
  });
}

export async function deleteStudioPost(db: TxDb, auth: AuthContext, id: number): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    if (row.status !== 'draft' || row.version > 0) throw refuse(409, 'studioWasPublished');
    if (!abilitiesOf(row, role, auth).delete) throw refuse(403, 'studioPublishersOnly');
    const [{ title, title_ar }] = await tx.query<{ title: string; title_ar: string }>('SELECT title, title_ar FROM posts WHERE id = $1', [id]);
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'deleted', details: { id, title, title_ar } });
    await tx.query('DELETE FROM posts WHERE id = $1', [id]);
  });
}

export async function setRelations(db: TxDb, auth: AuthContext, id: number, relations: Schemas['RelationsInput']['relations']): Promise<void> {
  await onPost(db, auth, id, async (tx, row, role) => {
    const can = abilitiesOf(row, role, auth);
    if (row.status === 'published' ? !can.correct : !can.edit) throw refuse(row.status === 'published' ? 403 : 409, row.status === 'published' ? 'studioPublishersOnly' : 'studioNotEditable');
    const targets = [...new Set(relations.map((r) => r.post_id))];
    if (targets.includes(id)) throw invalid({ relations: ['relationToSelf'] });
    if (targets.length) {
      const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE id = ANY($1::int[]) AND status = 'published'`, [targets]);
      if (n !== targets.length) throw invalid({ relations: ['relationTargetNotFound'] });
    }
    await tx.query('DELETE FROM post_relations WHERE post_id = $1', [id]);
    if (relations.length) {
      await tx.query(
        `INSERT INTO post_relations (post_id, kind, target_id) SELECT $1, k, t FROM unnest($2::text[], $3::int[]) AS r(k, t) ON CONFLICT DO NOTHING`,
        [id, relations.map((r) => r.kind), relations.map((r) => r.post_id)],
      );
    }
    await audit(tx, { organizationId: row.organization_id, postId: id, userId: auth.userId, action: 'relations_changed', version: row.version || null, details: { relations } });
  });
}

// ------------------------------------------------------------------ reading lists and history

export interface StudioListQuery {
  organization?: number;
  stage?: Stage;
  search?: string;
}

const STAGE_WHERE: Record<Stage, string> = {
  draft: `p.status = 'draft' AND p.review_state = 'writing'`,
  in_review: `p.status = 'draft' AND p.review_state = 'in_review'`,
  changes_requested: `p.status = 'draft' AND p.review_state = 'changes_requested'`,
  scheduled: `p.status = 'draft' AND p.review_state = 'scheduled'`,
  published: `p.status = 'published'`,
  withdrawn: `p.status = 'archived'`,
};

/** A page of the posts of the given organizations (null: all), newest change first. */
export async function listStudioPosts(
  db: Queryable,
  auth: AuthContext,
  organizations: number[] | null,
  query: StudioListQuery,
  page: { pageSize: number; offset: number },
  base: string,
): Promise<{ count: number; results: StudioPost[] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  if (organizations !== null) where.push(`p.organization_id = ANY(${add(organizations)}::int[])`);
  else where.push('p.organization_id IS NOT NULL');
  if (query.organization !== undefined) where.push(`p.organization_id = ${add(query.organization)}`);
  if (query.stage) where.push(STAGE_WHERE[query.stage]);
  const words = query.search?.trim();
  if (words) {
    const like = add(`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(p.title ILIKE ${like} OR p.title_ar ILIKE ${like} OR normalize_arabic(p.title_ar) ILIKE normalize_arabic(${like}) OR p.document_number ILIKE ${like})`);
  }
  const clause = where.join(' AND ');
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts p WHERE ${clause}`, params);
  const rows = await db.query<StudioRow>(
    `${STUDIO_ROW} WHERE ${clause} ORDER BY p.updated_at DESC, p.id DESC LIMIT ${add(page.pageSize)} OFFSET ${add(page.offset)}`,
    params,
  );
  // The page's posts in one read, the user's roles in another (not two reads a row).
  const full = new Map((await findPostsByIds(db, rows.map((r) => r.id))).rows.map((r) => [r.id, r]));
  const roles = await rolesIn(db, auth, rows.map((r) => r.organization_id!));
  return { count: n, results: rows.map((row) => studioPostOf(base, row, full.get(row.id)!, roles.get(row.organization_id!)!, auth)) };
}

/**
 * Published posts of any organization a post may relate to (the relation picker): those of the
 * document number first (posts_pub_document_number, migration 019), then those whose words
 * match, newest first, read as the public search reads a page (termsPageIds: a short walk down
 * the dates for a common word, the vector index for a rare one). One query ordered by "number
 * first" read every match of a common word: 8.7 s on a million posts. Twice the limit of words'
 * matches, since the number's posts may be among them.
 */
export async function lookupPublishedPosts(db: Queryable, search: string, limit: number): Promise<Schemas['RelatedPost'][]> {
  const words = search.trim();
  const found = postSearchOf(words);
  const params = new SqlParams();
  const number = params.add(words);
  const size = params.add(limit);
  const matching = found?.tsquery
    ? `UNION ALL SELECT id, 1 FROM (${termsPageIds(found.tsquery, '-published_at', { page: 1, pageSize: 2 * limit, offset: 0 }, params, LOOKUP_WALK, found.loose)}) w`
    : '';
  const rows = await db.query<Omit<Schemas['RelatedPost'], 'published_at'> & { published_at: Date | null }>(
    `SELECT p.id, p.slug, p.title, p.title_ar, p.document_number, p.published_at, p.status,
            o.name AS organization_name, o.name_ar AS organization_name_ar
       FROM (SELECT DISTINCT ON (id) id, part FROM (
               (SELECT id, 0 AS part FROM posts WHERE status = 'published' AND document_number = ${number} ORDER BY published_at DESC, id DESC LIMIT ${size})
               ${matching}) f
             ORDER BY id, part) f
       JOIN posts p ON p.id = f.id
       LEFT JOIN organizations o ON o.id = p.organization_id
      ORDER BY f.part, p.published_at DESC, p.id DESC
      LIMIT ${size}`,
    params.values,
  );
  return rows.map((r) => ({ ...r, published_at: iso(r.published_at) }));
}

/** Rows of the dates walked for a word before its matches are read from the vector index. */
const LOOKUP_WALK = 2000;

interface AuditRow {
  id: number;
  action: Schemas['AuditAction'];
  created_at: Date;
  version: number | null;
  comment: string | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  user_type: 'regular' | 'staff' | 'publisher' | null;
  is_verified: boolean | null;
  post_id: number | null;
  slug: string | null;
  title: string | null;
  title_ar: string | null;
  document_number: string | null;
  published_at: Date | null;
  status: 'published' | 'draft' | 'archived' | null;
  org_name: string | null;
  org_name_ar: string | null;
}

const AUDIT_SELECT = `SELECT a.id, a.action, a.created_at, a.version, a.comment,
       u.id AS user_id, u.username, u.first_name, u.last_name, u.user_type, u.is_verified,
       p.id AS post_id, p.slug, p.title, p.title_ar, p.document_number, p.published_at, p.status, o.name AS org_name, o.name_ar AS org_name_ar
  FROM audit_log a
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN posts p ON p.id = a.post_id
  LEFT JOIN organizations o ON o.id = p.organization_id`;

function presentAudit(r: AuditRow): Schemas['AuditEntry'] {
  return {
    id: Number(r.id),
    action: r.action,
    at: iso(r.created_at)!,
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, username: r.username!, first_name: r.first_name!, last_name: r.last_name!, user_type: r.user_type!, is_verified: r.is_verified!, profile_picture: null },
    post:
      r.post_id === null
        ? null
        : {
            id: r.post_id,
            slug: r.slug!,
            title: r.title!,
            title_ar: r.title_ar!,
            document_number: r.document_number!,
            published_at: iso(r.published_at),
            status: r.status!,
            organization_name: r.org_name,
            organization_name_ar: r.org_name_ar,
          },
    version: r.version,
    comment: r.comment,
  };
}

export async function postHistory(db: Queryable, auth: AuthContext, id: number): Promise<Schemas['StudioHistory']> {
  await accessible(db, auth, id);
  const versions = await postVersions(db, id);
  const events = await db.query<AuditRow>(`${AUDIT_SELECT} WHERE a.post_id = $1 ORDER BY a.id DESC LIMIT 500`, [id]);
  return { versions, events: events.map(presentAudit) };
}

export async function postVersions(db: Queryable, id: number): Promise<Schemas['PostVersionSummary'][]> {
  const rows = await db.query<{ version: number; kind: Schemas['ChangeKind']; note: string; note_ar: string; created_at: Date }>(
    'SELECT version, kind, note, note_ar, created_at FROM post_versions WHERE post_id = $1 ORDER BY version DESC',
    [id],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
}

export async function auditPage(db: Queryable, organizationId: number, page: { pageSize: number; offset: number }): Promise<{ count: number; results: Schemas['AuditEntry'][] }> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE organization_id = $1', [organizationId]);
  const rows = await db.query<AuditRow>(`${AUDIT_SELECT} WHERE a.organization_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`, [
    organizationId,
    page.pageSize,
    page.offset,
  ]);
  return { count: n, results: rows.map(presentAudit) };
}

export { audit as recordAudit, hijriOf };
