/**
 * Suggestions as a reader types (GET /content/suggest/, issue 32 point 1): hashtags,
 * organizations, post types and the titles of published posts that begin with, or hold, what was
 * typed — every word read by the search analyzer, the last one as a prefix.
 *
 * Each group costs a bounded read whatever the number of posts: hashtags by their trigram index;
 * organizations and types (a few hundred rows at most) matched here by the analyzer; titles by
 * completing the last word from the vocabulary (term_counts: the most used terms it begins) and
 * reading the newest posts whose title holds them from title_terms (migration 027), a few rows
 * of each term's range, checked against every word of the search in their post_terms.head.
 */
import { hashtagIdentity } from '../../../shared/hashtags';
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { findHashtagPage } from '../hashtags/repository';
import { nameScore, readTyped, type Typed } from './typed';

export type Suggestions = Schemas['Suggestions'];
export type SuggestionKind = Schemas['SuggestionKind'];

/** How the answer's places are shared when every kind has enough (they add up to 10). */
const SHARE: Record<SuggestionKind, number> = { post: 4, hashtag: 3, organization: 2, type: 1 };
/** The order the kinds are given their places, and take those another kind left. */
const KINDS: SuggestionKind[] = ['post', 'hashtag', 'organization', 'type'];

/** Terms the last word may be completed to; posts read of each. */
const COMPLETIONS = 8;
const POSTS_PER_COMPLETION = 6;
/** Newest title rows read of each alternative of the search's rarest complete word. */
const DRIVER_ROWS = 400;

const empty = (q: string): Suggestions => ({ q, hashtags: [], organizations: [], types: [], posts: [] });

/** A tsquery lexeme, quoted. */
const lexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery a title (post_terms.head, weight A) must answer: every word, the last by its ranges. */
function titleQuery(typed: Typed): string {
  const parts = typed.words.map((alternatives) => `(${alternatives.map((t) => `${lexeme(t)}:A`).join(' | ')})`);
  if (typed.ranges.length) parts.push(`(${typed.ranges.map((p) => `${lexeme(p)}:*A`).join(' | ')})`);
  return parts.join(' & ');
}

/** The upper bound of a prefix's range in text_pattern_ops order: its last character raised. */
function afterPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop() as string;
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1);
}

interface PostRow {
  slug: string;
  title: string;
  title_ar: string;
  type: Schemas['PostTypeName'];
  organization_name: string | null;
  organization_name_ar: string | null;
  published_at: Date;
}

const POST_COLUMNS = `p.slug, p.title, p.title_ar, ty.name AS type, o.name AS organization_name, o.name_ar AS organization_name_ar, c.published_at`;
const POST_JOINS = `JOIN posts p ON p.id = c.post_id AND p.status = 'published'
  JOIN post_types ty ON ty.id = p.type_id
  LEFT JOIN organizations o ON o.id = p.organization_id`;

async function titleCandidates(db: Queryable, typed: Typed, limit: number): Promise<PostRow[]> {
  const query = titleQuery(typed);
  if (!typed.words.length) {
    // Only a word being typed: its most used completions, and each one's newest titles.
    const ranges = typed.ranges.map((_, i) => `(term ~>=~ $${2 * i + 1} AND term ~<~ $${2 * i + 2})`).join(' OR ');
    const params: unknown[] = typed.ranges.flatMap((p) => [p, afterPrefix(p)]);
    params.push(query);
    return db.query<PostRow>(
      `WITH completions AS (
         SELECT term FROM term_counts WHERE ${ranges} ORDER BY n DESC LIMIT ${COMPLETIONS}
       ), c AS (
         SELECT DISTINCT x.post_id, x.published_at
           FROM completions t
           CROSS JOIN LATERAL (
             SELECT post_id, published_at FROM title_terms tt WHERE tt.term = t.term
              ORDER BY published_at DESC LIMIT ${POSTS_PER_COMPLETION}) x
           JOIN post_terms pt ON pt.post_id = x.post_id AND pt.head @@ $${params.length}::tsquery
       )
       SELECT ${POST_COLUMNS} FROM c ${POST_JOINS}
        ORDER BY c.published_at DESC LIMIT ${limit * 3}`,
      params,
    );
  }
  // Complete words: the newest titles holding the rarest of them, checked against the rest.
  const counts = await db.query<{ term: string; n: number }>('SELECT term, n FROM term_counts WHERE term = ANY($1)', [
    [...new Set(typed.words.flat())],
  ]);
  const n = new Map(counts.map((r) => [r.term, Number(r.n)]));
  const weight = (alternatives: string[]) => alternatives.reduce((sum, t) => sum + (n.get(t) ?? 0), 0);
  const driver = [...typed.words].sort((a, b) => weight(a) - weight(b))[0];
  if (weight(driver) === 0) return [];
  return db.query<PostRow>(
    `WITH c AS (
       SELECT DISTINCT x.post_id, x.published_at
         FROM unnest($1::text[]) a(term)
         CROSS JOIN LATERAL (
           SELECT post_id, published_at FROM title_terms tt WHERE tt.term = a.term
            ORDER BY published_at DESC LIMIT ${DRIVER_ROWS}) x
         JOIN post_terms pt ON pt.post_id = x.post_id AND pt.head @@ $2::tsquery
        ORDER BY x.published_at DESC LIMIT ${limit * 3}
     )
     SELECT ${POST_COLUMNS} FROM c ${POST_JOINS}
      ORDER BY c.published_at DESC`,
    [driver, query],
  );
}

/** The titles that answer best: those that hold what was typed in its order first, then the newest. */
async function posts(db: Queryable, typed: Typed, limit: number): Promise<Schemas['PostSuggestion'][]> {
  const rows = await titleCandidates(db, typed, limit);
  return rows
    .map((row, order) => ({ row, order, score: nameScore([row.title_ar, row.title], typed) }))
    // The index ranges are wider than the word typed: a title must begin a word with it as written.
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ row }) => ({
      slug: row.slug,
      title: row.title,
      title_ar: row.title_ar,
      type: row.type,
      organization_name: row.organization_name,
      organization_name_ar: row.organization_name_ar,
    }));
}

/** Named rows that answer what was typed: those it begins first, then the caller's order. */
function byName<T>(rows: T[], names: (row: T) => string[], typed: Typed, limit: number): T[] {
  return rows
    .map((row, order) => ({ row, order, score: nameScore(names(row), typed) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((r) => r.row);
}

async function organizations(db: Queryable, typed: Typed, limit: number): Promise<Schemas['OrganizationSummary'][]> {
  const rows = await db.query<Schemas['OrganizationSummary'] & { post_count: number }>(
    'SELECT id, code, name, name_ar, is_verified, post_count FROM organizations WHERE is_active ORDER BY post_count DESC, name, id',
  );
  return byName(rows, (o) => [o.code, o.name_ar, o.name], typed, limit).map(({ id, code, name, name_ar, is_verified }) => ({
    id,
    code,
    name,
    name_ar,
    is_verified,
  }));
}

async function types(db: Queryable, typed: Typed, limit: number): Promise<Schemas['PostTypeSummary'][]> {
  const rows = await db.query<Schemas['PostTypeSummary']>(
    'SELECT id, name, name_ar FROM post_types WHERE is_active ORDER BY post_count DESC, id',
  );
  return byName(rows, (t) => [t.name_ar, t.name], typed, limit);
}

async function hashtags(db: Queryable, typed: Typed, limit: number): Promise<Schemas['HashtagSuggestion'][]> {
  // The directory's search also finds names merely close to the text (trigrams, for a misspelt
  // search); a suggestion must begin with what was typed, as the analyzer reads both.
  const page = await findHashtagPage(db, { search: hashtagIdentity(typed.text) }, { page: 1, pageSize: limit * 2, offset: 0 });
  return byName(page.results, (h) => [h.name.replace(/_/g, ' ')], typed, limit).map(({ id, name, slug, post_count }) => ({
    id,
    name,
    slug,
    post_count,
  }));
}

/** The places each kind gets: its share, then what the kinds before it left, in KINDS' order. */
export function shareOut(found: Record<SuggestionKind, number>, limit: number, only?: SuggestionKind): Record<SuggestionKind, number> {
  const places: Record<SuggestionKind, number> = { post: 0, hashtag: 0, organization: 0, type: 0 };
  if (only) {
    places[only] = Math.min(found[only], limit);
    return places;
  }
  let left = limit;
  for (const kind of KINDS) {
    places[kind] = Math.min(found[kind], Math.round((SHARE[kind] * limit) / 10), left);
    left -= places[kind];
  }
  for (const kind of KINDS) {
    const more = Math.min(found[kind] - places[kind], left);
    places[kind] += more;
    left -= more;
  }
  return places;
}

/** Suggestions for what was typed (an empty answer when it is shorter than two characters). */
export async function suggest(db: Queryable, q: string, limit: number, only?: SuggestionKind): Promise<Suggestions> {
  const typed = readTyped(q);
  if (!typed) return empty(q.trim().replace(/^#+/, '').trim());
  const wants = (kind: SuggestionKind) => !only || only === kind;
  const [h, o, t, p] = await Promise.all([
    wants('hashtag') ? hashtags(db, typed, limit) : [],
    wants('organization') ? organizations(db, typed, limit) : [],
    wants('type') ? types(db, typed, limit) : [],
    wants('post') ? posts(db, typed, limit) : [],
  ]);
  const places = shareOut({ hashtag: h.length, organization: o.length, type: t.length, post: p.length }, limit, only);
  return {
    q: typed.text,
    hashtags: h.slice(0, places.hashtag),
    organizations: o.slice(0, places.organization),
    types: t.slice(0, places.type),
    posts: p.slice(0, places.post),
  };
}
