/**
 * A few published posts corrected after publication, through the workspace's own correction
 * (`correctStudioPost`, issue 14) by their organization's publisher, so that the demo shows a
 * post "updated on …" with its history of versions and a version as it read then.
 *
 * - A decision whose implementation period was misstated: a major correction of the figure in
 *   both languages, with its note in both; then a minor one fixing a typo in its titles (the
 *   decision went out with «بشان» for «بشأن»), which carries no note.
 * - An announcement whose effective date was wrong: a major correction of the date.
 *
 * Corrections are made at the moment of seeding; their times are then moved back to a plausible
 * moment between the post's publication and `now` (the versions, the post's last update, the
 * audit entry), each before the next correction reads them.
 */
import type { Db, Queryable } from '../db/db';
import type { Schemas } from '../http/routes';
import type { AuthContext } from '../modules/auth/context';
import { correctStudioPost } from '../modules/studio/posts';
import { DAY_MS, dayWords, MONTHS } from './dates';
import { hashString, Random } from './random';

const HOUR_MS = 3_600_000;
/** Corrected posts were published at least this long before now, so their corrections fit between. */
const MIN_AGE_MS = 4 * DAY_MS;
/** Among the most recent posts that fit, so that the demo's first pages show one. */
const RECENT = 12;

interface Candidate {
  id: number;
  slug: string;
  published_at: Date;
  title: string;
  title_ar: string;
  content: string;
  content_ar: string;
  publisher_id: number;
  publisher: string;
}

export interface SeededCorrection {
  postId: number;
  slug: string;
  version: number;
  kind: 'minor' | 'major';
}

/** The implementation period of a decision's clauses, as content.ts writes it. */
const PERIODS: ReadonlyArray<{ ar: RegExp; en: RegExp; writeAr: (n: number) => string; writeEn: (n: number) => string }> = [
  {
    ar: /خلال مدة لا تتجاوز (\d+) يومًا من تاريخ الصدور/,
    en: /within (\d+) days of issue/,
    writeAr: (n) => `خلال مدة لا تتجاوز ${n} يومًا من تاريخ الصدور`,
    writeEn: (n) => `within ${n} days of issue`,
  },
  {
    ar: /فترة انتقالية للجهات المشمولة مدتها (\d+) يومًا/,
    en: /transition period of (\d+) days/,
    writeAr: (n) => `فترة انتقالية للجهات المشمولة مدتها ${n} يومًا`,
    writeEn: (n) => `transition period of ${n} days`,
  },
];
/** The period the decision meant: twice as long (the figures content.ts draws are 15 to 90). */
const CORRECTED_PERIOD: Record<number, number> = { 15: 30, 30: 60, 60: 90, 90: 120 };

/** An announcement's effective date, as content.ts writes it in its opening. */
const EFFECTIVE_AR = /اعتبارًا من (\d{1,2} \S+ \d{4})/;
const EFFECTIVE_EN = /, effective (\d{1,2}) ([A-Z][a-z]+) (\d{4}),/;

/** Writes the corrections; returns them in the order made. */
export async function seedCorrections(tx: Queryable, kind: Db['kind'], now: Date, seed: number): Promise<SeededCorrection[]> {
  const rng = new Random(seed ^ hashString('corrections'));
  // The workspace's writes run in a transaction of their own: here, inside the seed's.
  const db: Db = {
    kind, query: tx.query.bind(tx), exec: tx.exec.bind(tx), transaction: (fn) => fn(tx), close: async () => undefined,
  };
  const done: SeededCorrection[] = [];
  const correct = async (post: Candidate, request: Schemas['CorrectionRequest'], at: Date) => {
    const auth: AuthContext = { userId: post.publisher_id, username: post.publisher, sessionId: '00000000-0000-4000-8000-000000000000', isStaff: false };
    await correctStudioPost(db, auth, post.id, request);
    const [{ version }] = await tx.query<{ version: number }>('SELECT version FROM posts WHERE id = $1', [post.id]);
    await backdate(tx, post.id, version, at);
    done.push({ postId: post.id, slug: post.slug, version, kind: request.change_kind });
  };

  // A decision: its period corrected (major), then its titles' typo (minor).
  const decisions = (await candidates(tx, 'decision', now)).filter(
    (p) => p.title_ar.includes('بشأن') && PERIODS.some((f) => f.ar.test(p.content_ar) && f.en.test(p.content)),
  );
  const decision = decisions.length ? rng.pick(decisions.slice(0, RECENT)) : undefined;
  if (decision) {
    const form = PERIODS.find((f) => f.ar.test(decision.content_ar) && f.en.test(decision.content))!;
    const was = Number(form.ar.exec(decision.content_ar)![1]);
    const is = CORRECTED_PERIOD[was] ?? was * 2;
    // As it went out: with the typo the minor correction fixes.
    const typoAr = decision.title_ar.replace('بشأن', 'بشان');
    const typoEn = decision.title.replace('Decision No.', 'Decison No.');
    await tx.query('UPDATE posts SET title_ar = $2, title = $3 WHERE id = $1', [decision.id, typoAr, typoEn]);
    const published = decision.published_at.getTime();
    const major = at(officeHours(published + rng.int(1, 3) * DAY_MS, rng), published, now);
    await correct(
      decision,
      {
        content_ar: decision.content_ar.replace(form.ar, form.writeAr(is)),
        content: decision.content.replace(form.en, form.writeEn(is)),
        change_kind: 'major',
        change_note_ar: `تصحيح مدة تنفيذ القرار لتكون ${is} يومًا بدلًا من ${was} يومًا.`,
        change_note: `Corrected the period for implementing the decision to ${is} days (it was given as ${was} days).`,
      },
      major,
    );
    await correct(decision, { title_ar: decision.title_ar, title: decision.title, change_kind: 'minor' }, at(major.getTime() + rng.int(2, 5) * HOUR_MS + rng.int(0, 59) * 60_000, major.getTime(), now));
  }

  // An announcement: its effective date corrected (major).
  const announcements = (await candidates(tx, 'announcement', now)).filter((p) => p.id !== decision?.id && effectiveOf(p) !== null);
  const announcement = announcements.length ? rng.pick(announcements.slice(0, RECENT)) : undefined;
  if (announcement) {
    const was = effectiveOf(announcement)!;
    const is = dayWords(new Date(was.getTime() + rng.pick([7, 14]) * DAY_MS));
    const wasWords = dayWords(was);
    const published = announcement.published_at.getTime();
    await correct(
      announcement,
      {
        content_ar: announcement.content_ar.replace(`اعتبارًا من ${wasWords.ar}`, `اعتبارًا من ${is.ar}`),
        content: announcement.content.replace(`, effective ${wasWords.en},`, `, effective ${is.en},`),
        change_kind: 'major',
        change_note_ar: `تصحيح تاريخ بدء العمل بما ورد في الإعلان ليكون ${is.ar}.`,
        change_note: `Corrected the date the announcement takes effect to ${is.en}.`,
      },
      at(officeHours(published + rng.int(1, 2) * DAY_MS, rng), published, now),
    );
  }
  return done;
}

/** Published posts of a type whose organization has a publisher, newest first. */
async function candidates(tx: Queryable, type: string, now: Date): Promise<Candidate[]> {
  const rows = await tx.query<Candidate>(
    `SELECT p.id, p.slug, p.published_at, p.title, p.title_ar, p.content, p.content_ar, m.user_id AS publisher_id, u.username AS publisher
       FROM posts p
       JOIN post_types t ON t.id = p.type_id
       JOIN LATERAL (SELECT user_id FROM organization_members
                      WHERE organization_id = p.organization_id AND role = 'publisher' ORDER BY user_id LIMIT 1) m ON true
       JOIN users u ON u.id = m.user_id
      WHERE p.status = 'published' AND t.name = $1 AND p.published_at <= $2
      ORDER BY p.published_at DESC, p.id DESC`,
    [type, new Date(now.getTime() - MIN_AGE_MS).toISOString()],
  );
  return rows.map((r) => ({ ...r, published_at: new Date(r.published_at) }));
}

/** An announcement's effective date, when its two texts give the same one. */
function effectiveOf(p: Candidate): Date | null {
  const en = EFFECTIVE_EN.exec(p.content);
  const ar = EFFECTIVE_AR.exec(p.content_ar);
  if (!en || !ar) return null;
  const month = MONTHS.findIndex(([, name]) => name === en[2]);
  if (month < 0) return null;
  // Noon in Riyadh, the hour dayWords reads a day at.
  const date = new Date(Date.UTC(Number(en[3]), month, Number(en[1]), 9));
  const words = dayWords(date);
  return words.en === `${en[1]} ${en[2]} ${en[3]}` && words.ar === ar[1] ? date : null;
}

/** A moment in the morning (Riyadh, UTC+3) of the day of `time`. */
function officeHours(time: number, rng: Random): number {
  const day = Math.floor((time + 3 * HOUR_MS) / DAY_MS) * DAY_MS - 3 * HOUR_MS;
  return day + rng.int(9, 12) * HOUR_MS + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000;
}

/** A moment after `after` and before `now`: `wanted` if it is one, else halfway. */
function at(wanted: number, after: number, now: Date): Date {
  return new Date(wanted > after && wanted < now.getTime() ? wanted : after + (now.getTime() - after) / 2);
}

/**
 * Moves a correction just made to `when`: its version (and the text it keeps, which gives the
 * time of the post's last change), the first version to the post's publication, the post's
 * last update, and the audit entry.
 */
async function backdate(tx: Queryable, postId: number, version: number, when: Date): Promise<void> {
  const iso = when.toISOString();
  await tx.query(
    `UPDATE post_versions SET created_at = $3::timestamptz,
            body = CASE WHEN body ? 'updated_at' THEN jsonb_set(body, '{updated_at}', to_jsonb($4::text)) ELSE body END
      WHERE post_id = $1 AND version = $2`,
    [postId, version, iso, iso],
  );
  await tx.query(
    `UPDATE post_versions v SET created_at = p.published_at FROM posts p WHERE v.post_id = $1 AND v.kind = 'first' AND p.id = v.post_id`,
    [postId],
  );
  await tx.query('UPDATE posts SET updated_at = $2 WHERE id = $1', [postId, iso]);
  await tx.query(`UPDATE audit_log SET created_at = $2 WHERE id = (SELECT max(id) FROM audit_log WHERE post_id = $1 AND action = 'corrected')`, [postId, iso]);
}
