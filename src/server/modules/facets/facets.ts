/**
 * The counts beside explore's filters (GET /content/facets/, issue 32 point 2): for each
 * dimension — types, organizations, categories, in-force state, year of publication — how many
 * published posts each of its values finds with the search and every other dimension's filter
 * (its own choice left out: what changing it would give; "disjunctive" faceting, as finders and
 * shops count). All of it in one statement over post_terms, the narrow copy of published posts
 * that carries their keys (migration 028), whatever the choices.
 */
import { BoundedCache } from '../../cache/bounded-cache';
import type { Db } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { PostFilter } from '../posts/filters';
import { whereClause } from '../posts/repository';
import { sqlInstant } from '../posts/dates';
import { SqlParams } from '../posts/sql';

export type PostFacets = Schemas['PostFacets'];
type Dimension = 'type' | 'organization' | 'category' | 'in_force' | 'year';
const DIMENSIONS: Dimension[] = ['type', 'organization', 'category', 'in_force', 'year'];

/** The filter's fields each dimension's choice is made of. */
const OWN_FIELDS: Record<Dimension, (keyof PostFilter)[]> = {
  type: ['typeName', 'typeId'],
  organization: ['organizationId', 'organizationCode'],
  category: ['categorySlug'],
  in_force: ['inForce'],
  year: ['publishedFrom', 'publishedBefore', 'publishedUntil'],
};

const chosen = (f: PostFilter, d: Dimension) => OWN_FIELDS[d].some((k) => f[k] !== undefined);

/** Each dimension's key in post_terms `t` (migration 028), and its name in the counts. */
const KEYS: Record<Dimension, [expression: string, name: string]> = {
  type: ['t.type_id', 'type_id'],
  organization: ['t.organization_id', 'organization_id'],
  year: ['t.year', 'year'],
  in_force: ['t.state', 'state'],
  category: ['t.category_ids', 'category_ids'],
};

/** The contract's InForce as post_terms keeps it: 0 in force, 1 amended, 2 repealed. */
const IN_FORCE: Schemas['InForce'][] = ['in_force', 'amended', 'repealed'];

/** A dimension's choice as a condition on post_terms `t` (the same as whereClause's on posts). */
function choiceOf(f: PostFilter, d: Dimension, params: SqlParams): string {
  const all: string[] = [];
  switch (d) {
    case 'type':
      if (f.typeName) {
        const name = params.add(f.typeName);
        all.push(`t.type_id IN (SELECT id FROM post_types WHERE lower(name) = ${name} OR normalize_arabic(name_ar) = ${name})`);
      }
      if (f.typeId !== undefined) all.push(`t.type_id = ${params.add(f.typeId)}`);
      break;
    case 'organization':
      if (f.organizationId !== undefined) all.push(`t.organization_id = ${params.add(f.organizationId)}`);
      if (f.organizationCode) all.push(`t.organization_id = (SELECT id FROM organizations WHERE lower(code) = lower(${params.add(f.organizationCode)}))`);
      break;
    case 'category':
      if (f.categorySlug) all.push(`t.category_ids @> ARRAY[(SELECT id FROM categories WHERE slug = ${params.add(f.categorySlug)})]`);
      break;
    case 'in_force':
      if (f.inForce) all.push(`t.state = ${IN_FORCE.indexOf(f.inForce)}`);
      break;
    case 'year':
      if (f.publishedFrom) all.push(`t.published_at >= ${params.add(sqlInstant(f.publishedFrom))}::timestamptz`);
      if (f.publishedBefore) all.push(`t.published_at < ${params.add(sqlInstant(f.publishedBefore))}::timestamptz`);
      if (f.publishedUntil) all.push(`t.published_at <= ${params.add(sqlInstant(f.publishedUntil))}::timestamptz`);
      break;
  }
  return `coalesce(${all.join(' AND ')}, false)`;
}

/** The filter without the dimensions' choices and the search: what only posts can tell. */
function restOf(f: PostFilter): PostFilter | null {
  const rest: PostFilter = { ...f, search: undefined };
  for (const d of DIMENSIONS) for (const k of OWN_FIELDS[d]) delete rest[k];
  const narrowed = Object.entries(rest).some(([k, v]) => k !== 'status' && v !== undefined);
  return narrowed ? rest : null;
}

/**
 * A row of the counts: the grouping set it belongs to (GROUPING's bits), its key, and how many
 * posts of that key meet every choice (`n`) and, of each dimension with a choice, every choice
 * but its own (`n_type`…).
 */
interface CountRow {
  g: number;
  type_id: number | null;
  organization_id: number | null;
  year: number | null;
  state: number | null;
  category_ids: number[] | null;
  n_type?: number;
  n_organization?: number;
  n_category?: number;
  n_in_force?: number;
  n_year?: number;
  n: number;
}

/** GROUPING(type_id, organization_id, year, state, category_ids) of the two sets: the single-valued keys together, and the categories. */
const KEYS_SET = 0b00001;
const CATEGORIES_SET = 0b11110;
const SINGLE: Dimension[] = ['type', 'organization', 'year', 'in_force'];

/**
 * One statement over post_terms, the narrow copy of published posts (migration 028): the posts
 * the search and the other filters find, each with whether it meets each dimension's choice;
 * counted by each dimension's key, each count over the posts that meet every choice but its
 * dimension's own.
 */
async function count(db: Db, f: PostFilter, choices: Dimension[]): Promise<CountRow[]> {
  const params = new SqlParams();
  const where: string[] = [];
  const search = f.search;
  if (search?.tsquery) {
    // A phrase is found by its words here, and its words' positions checked on the post.
    where.push(`t.terms @@ ${params.add(search.loose ?? search.tsquery)}::tsquery`);
    if (search.loose) where.push(`EXISTS (SELECT 1 FROM posts p WHERE p.id = t.post_id AND p.search_vector @@ ${params.add(search.tsquery)}::tsquery)`);
  } else if (search?.excluded) where.push(`NOT (t.terms @@ ${params.add(search.excluded)}::tsquery)`);
  const rest = restOf(f);
  if (rest) where.push(`EXISTS (SELECT 1 FROM posts p WHERE p.id = t.post_id AND ${whereClause(rest, params)})`);
  const met = choices.map((d, i) => `${choiceOf(f, d, params)} AS c${i}`);
  const counted = (but: Dimension | null) => {
    const needed = choices.flatMap((d, i) => (d === but ? [] : [`c${i}`]));
    return needed.length ? `count(*) FILTER (WHERE ${needed.join(' AND ')})::int` : 'count(*)::int';
  };
  // A dimension with no choice of its own is counted over the posts that meet every choice: n.
  const own = choices.map((d) => `${counted(d)} AS n_${d}`);
  const sql = `SELECT GROUPING(type_id, organization_id, year, state, category_ids) AS g, type_id, organization_id, year, state, category_ids,
            ${[...own, `${counted(null)} AS n`].join(', ')}
       FROM (SELECT ${[...DIMENSIONS.map((d) => `${KEYS[d][0]} AS ${KEYS[d][1]}`), ...met].join(', ')}
               FROM post_terms t
              ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) m
      GROUP BY GROUPING SETS ((type_id, organization_id, year, state), (category_ids))`;
  if (!search?.tsquery) return db.query<CountRow>(sql, params.values);
  // A search's matches are read from the vector index: a common word is in most posts, and the
  // planner would rather read every row's vector in turn (it does not reckon the cost of reading
  // vectors kept apart from their rows).
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    return tx.query<CountRow>(sql, params.values);
  });
}

/** The year a date filter stands for, when it covers exactly one whole (UTC) year. */
function chosenYear(f: PostFilter): number | null {
  if (!f.publishedFrom || !f.publishedBefore || f.publishedUntil) return null;
  const year = f.publishedFrom.getUTCFullYear();
  const whole =
    f.publishedFrom.getTime() === Date.UTC(year, 0, 1) && f.publishedBefore.getTime() === new Date(Date.UTC(year + 1, 0, 1)).getTime();
  return whole ? year : null;
}

/**
 * Counts asked for again while nothing published changed (the explore screen as it opens, a
 * search shared around) are kept, each at the content version (migration 002) it was counted at.
 */
const kept = new WeakMap<Db, BoundedCache<string, { version: number; answer: PostFacets }>>();
const KEPT_BYTES = 4 * 1024 * 1024;

/** The counts of explore's filters for a filter of published posts. */
export async function postFacets(db: Db, f: PostFilter): Promise<PostFacets> {
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = new BoundedCache({ maxBytes: KEPT_BYTES })));
  const key = JSON.stringify(f);
  const [{ version }] = await db.query<{ version: number }>('SELECT version FROM content_version');
  const hit = cache.lookup(key, (entry) => entry.version === Number(version));
  if (hit) return hit.answer;
  // Counted after the version was read: should a write come between, this is kept under the
  // older version, which no later request has.
  const answer = await countFacets(db, f);
  cache.set(key, { version: Number(version), answer });
  return answer;
}

async function countFacets(db: Db, f: PostFilter): Promise<PostFacets> {
  const choices = DIMENSIONS.filter((d) => chosen(f, d));
  const rows = await count(db, f, choices);
  const counts = new Map<string, number>();
  let total = 0;
  const add = (d: Dimension, key: number, n: number) => counts.set(`${d}:${key}`, (counts.get(`${d}:${key}`) ?? 0) + n);
  // The single-valued keys are counted together (a few thousand combinations at a million
  // posts: one hash instead of four over every post found) and added up here.
  for (const r of rows) {
    const g = Number(r.g);
    if (g === KEYS_SET) {
      total += r.n;
      for (const d of SINGLE) {
        const n = r[`n_${d}`] ?? r.n;
        const key = d === 'type' ? r.type_id : d === 'organization' ? r.organization_id : d === 'year' ? r.year : r.state;
        if (n && key !== null) add(d, Number(key), n);
      }
    } else if (g === CATEGORIES_SET) {
      const n = r.n_category ?? r.n;
      if (n) for (const id of r.category_ids ?? []) add('category', id, n);
    }
  }
  const n = (d: Dimension, key: number) => counts.get(`${d}:${key}`) ?? 0;
  const keysOf = (d: Dimension) => [...counts.keys()].filter((k) => k.startsWith(`${d}:`)).map((k) => Number(k.slice(d.length + 1)));

  const organizationIds = keysOf('organization');
  if (f.organizationId !== undefined) organizationIds.push(f.organizationId);
  const [types, categories, organizations] = await Promise.all([
    db.query<Schemas['PostTypeSummary']>('SELECT id, name, name_ar FROM post_types WHERE is_active ORDER BY id'),
    db.query<Schemas['CategorySummary']>('SELECT id, slug, name, name_ar FROM categories ORDER BY sort_order, id'),
    db.query<Schemas['OrganizationSummary']>(
      `SELECT id, code, name, name_ar, is_verified FROM organizations
        WHERE id = ANY($1) OR ($2::text IS NOT NULL AND lower(code) = lower($2))`,
      [organizationIds, f.organizationCode ?? null],
    ),
  ]);

  const years = keysOf('year');
  const year = chosenYear(f);
  if (year !== null && !years.includes(year)) years.push(year);

  return {
    count: total,
    types: types.map((t) => ({ ...t, count: n('type', t.id) })),
    organizations: organizations
      .map((o) => ({ ...o, count: n('organization', o.id) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    categories: categories.map((c) => ({ ...c, count: n('category', c.id) })),
    in_force: IN_FORCE.map((value, i) => ({ value, count: n('in_force', i) })),
    years: [...new Set(years)].sort((a, b) => b - a).map((y) => ({ year: y, count: n('year', y) })),
  };
}
