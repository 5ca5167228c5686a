/**
 * The counts beside explore's filters (GET /content/facets/, issue 32 point 2): for each
 * dimension — types, organizations, categories, in-force state, year of publication — how many
 * published posts each of its values finds with the search and every other dimension's filter
 * (its own choice left out: what changing it would give; "disjunctive" faceting, as finders and
 * shops count). Dimensions with no choice made are counted together, in one statement over the
 * results; each dimension with a choice is counted in a statement of its own, without it.
 */
import { BoundedCache } from '../../cache/bounded-cache';
import type { Db } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { PostFilter } from '../posts/filters';
import { whereClause } from '../posts/repository';
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

const IN_FORCE: Schemas['InForce'][] = ['in_force', 'amended', 'repealed'];

const chosen = (f: PostFilter, d: Dimension) => OWN_FIELDS[d].some((k) => f[k] !== undefined);

function without(f: PostFilter, d: Dimension): PostFilter {
  const copy = { ...f };
  for (const k of OWN_FIELDS[d]) delete copy[k];
  return copy;
}

/** One dimension's counts: rows of (dim, key, n) over the matched posts `m` (each named: any may come first). */
const COUNTS: Record<Dimension, string> = {
  type: `SELECT 'type' AS dim, m.type_id AS key, count(*)::int AS n FROM m GROUP BY m.type_id`,
  organization: `SELECT 'organization' AS dim, m.organization_id AS key, count(*)::int AS n FROM m WHERE m.organization_id IS NOT NULL GROUP BY m.organization_id`,
  year: `SELECT 'year' AS dim, m.year AS key, count(*)::int AS n FROM m GROUP BY m.year`,
  category: `SELECT 'category' AS dim, pc.category_id AS key, count(*)::int AS n FROM m JOIN post_categories pc ON pc.post_id = m.id GROUP BY pc.category_id`,
  // What published posts do to it (the contract's InForce): 2 repealed, 1 amended, 0 in force.
  in_force: `SELECT 'in_force' AS dim, CASE WHEN st.repealed THEN 2 WHEN st.amended THEN 1 ELSE 0 END AS key, count(*)::int AS n
               FROM m LEFT JOIN (
                 SELECT r.target_id, bool_or(r.kind IN ('repeals', 'replaces')) AS repealed, bool_or(r.kind = 'amends') AS amended
                   FROM post_relations r JOIN posts q ON q.id = r.post_id AND q.status = 'published'
                  WHERE r.kind <> 'implements'
                  GROUP BY r.target_id) st ON st.target_id = m.id
              GROUP BY 2`,
};

interface CountRow {
  dim: Dimension | 'total';
  key: number | null;
  n: number;
}

/** Counts `dims` over the posts `f` finds, with the total when asked. */
async function count(db: Db, f: PostFilter, dims: Dimension[], withTotal: boolean): Promise<CountRow[]> {
  const params = new SqlParams();
  const where = whereClause(f, params);
  const parts = dims.map((d) => COUNTS[d]);
  if (withTotal) parts.push(`SELECT 'total', NULL::int, count(*)::int FROM m`);
  const sql = `WITH m AS MATERIALIZED (
       SELECT p.id, p.type_id, p.organization_id, extract(year FROM p.published_at AT TIME ZONE 'UTC')::int AS year
         FROM posts p
        WHERE ${where})
     ${parts.join('\n     UNION ALL ')}`;
  if (!f.search?.tsquery) return db.query<CountRow>(sql, params.values);
  // A search's matches are read from the vector index: a common word is in most posts, and the
  // planner would rather read every post's vector in turn (five times slower here: it does not
  // reckon the cost of reading vectors kept apart from their rows).
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
  const open = DIMENSIONS.filter((d) => !chosen(f, d));
  const statements = [count(db, f, open, true), ...DIMENSIONS.filter((d) => chosen(f, d)).map((d) => count(db, without(f, d), [d], false))];
  const rows = (await Promise.all(statements)).flat();
  const counts = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    if (r.dim === 'total') total = r.n;
    else counts.set(`${r.dim}:${r.key}`, r.n);
  }
  const n = (d: Dimension, key: number | null) => counts.get(`${d}:${key}`) ?? 0;

  const organizationIds = rows.filter((r) => r.dim === 'organization' && r.key !== null).map((r) => r.key as number);
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

  const years = rows.filter((r) => r.dim === 'year' && r.key !== null).map((r) => r.key as number);
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
