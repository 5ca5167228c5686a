import type { Queryable } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { onlyByStatus, type PostFilter, type PostOrdering } from './filters';
import { sqlInstant } from './dates';
import { KEPT_DOC_JOIN, POST_JOINS, postColumns, type PostRow } from './post-sql';
import { SqlParams, storable } from './sql';

// Every ordering ends with the id in the same direction, so that pages never overlap; each
// matches an index of the migrations (read backwards for the ascending ones) — by views, that of
// post_view_ranks (orderOf). Relevance is read
// by rankedIds(); as a plain order (without a search, past the ranked window) it is the newest first.
const ORDER_BY: Record<PostOrdering, (alias: string) => string> = {
  '-published_at': (a) => `${a}.published_at DESC, ${a}.id DESC`,
  published_at: (a) => `${a}.published_at ASC, ${a}.id ASC`,
  '-view_count': (a) => `${a}.view_count DESC, ${a}.id DESC`,
  view_count: (a) => `${a}.view_count ASC, ${a}.id ASC`,
  relevance: (a) => `${a}.published_at DESC, ${a}.id DESC`,
};

/**
 * Whether a list's order by views is read from post_view_ranks (migration 022): posts keeps no
 * index on view_count, so that a counted view updates a post's row alone. It holds every
 * published post with its count (kept by a trigger in the writer's statement: the same count as
 * the post's), ordered by an index; lists of other posts (drafts, archived) are few and sorted.
 */
function rankedByViews(filter: PostFilter, ordering: PostOrdering): boolean {
  return filter.status === 'published' && (ordering === '-view_count' || ordering === 'view_count');
}

/** The join a list ranked by views reads its order from (`r`). */
const RANKS_JOIN = ' JOIN post_view_ranks r ON r.post_id = p.id';

/** A list's order: of posts `p`, or of their ranks `r` (rankedByViews). */
function orderOf(ordering: PostOrdering, ranked: boolean): string {
  if (!ranked) return ORDER_BY[ordering]('p');
  return ordering === '-view_count' ? 'r.view_count DESC, r.post_id DESC' : 'r.view_count ASC, r.post_id ASC';
}

/** The key columns of an ordering a page can seek on (all but relevance), and their direction. */
export const SEEK_KEYS: Partial<Record<PostOrdering, { column: 'published_at' | 'view_count'; descending: boolean }>> = {
  '-published_at': { column: 'published_at', descending: true },
  published_at: { column: 'published_at', descending: false },
  '-view_count': { column: 'view_count', descending: true },
  view_count: { column: 'view_count', descending: false },
};

/** Where a page starts: the ordering key and id of its first post (see findSeekPoints). */
export interface SeekPoint {
  value: string | number;
  id: number;
}

/** The WHERE clause over `posts p` for a filter (the lists here, the explore counts: src/server/modules/facets/). */
export function whereClause(f: PostFilter, params: SqlParams): string {
  // The status is written as a literal, not a parameter: the partial indexes (WHERE status =
  // 'published') are only used when the planner can see the value.
  const where = [`p.status = '${f.status}'`];
  if (f.nothing) where.push('false');
  if (f.ownDraftsOf !== undefined) where.push(`p.author_id = ${params.add(f.ownDraftsOf)}`);
  if (f.language) where.push(`p.language = ${params.add(f.language)}`);
  if (f.search?.tsquery) where.push(`p.search_vector @@ ${params.add(f.search.tsquery)}::tsquery`);
  else if (f.search?.excluded) where.push(`NOT (p.search_vector @@ ${params.add(f.search.excluded)}::tsquery)`);
  if (f.categorySlug) {
    where.push(`EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                         WHERE pc.post_id = p.id AND c.slug = ${params.add(f.categorySlug)})`);
  }
  if (f.subcategorySlug) {
    where.push(`EXISTS (SELECT 1 FROM post_subcategories ps JOIN subcategories sc ON sc.id = ps.subcategory_id
                         WHERE ps.post_id = p.id AND sc.slug = ${params.add(f.subcategorySlug)})`);
  }
  if (f.typeName) {
    const name = params.add(f.typeName);
    where.push(`p.type_id IN (SELECT id FROM post_types WHERE lower(name) = ${name} OR normalize_arabic(name_ar) = ${name})`);
  }
  if (f.typeId !== undefined) where.push(`p.type_id = ${params.add(f.typeId)}`);
  if (f.followingOf !== undefined) {
    const reader = params.add(f.followingOf);
    const followed = (kind: string) => `SELECT target_id FROM topic_follows WHERE user_id = ${reader} AND kind = '${kind}'`;
    where.push(`(p.author_id IN (SELECT followed_id FROM follows WHERE follower_id = ${reader})
              OR p.organization_id IN (${followed('organization')})
              OR p.type_id IN (${followed('type')})
              OR EXISTS (SELECT 1 FROM post_hashtags ph WHERE ph.post_id = p.id AND ph.hashtag_id IN (${followed('hashtag')})))`);
  }
  if (f.organizationId !== undefined) where.push(`p.organization_id = ${params.add(f.organizationId)}`);
  if (f.organizationCode) {
    where.push(`p.organization_id = (SELECT id FROM organizations WHERE lower(code) = lower(${params.add(f.organizationCode)}))`);
  }
  if (f.hashtag) {
    const slug = params.add(f.hashtag.slug);
    const identity = params.add(f.hashtag.identity);
    // A slug names one tag; should it also be another tag's name, the slug wins.
    where.push(`EXISTS (SELECT 1 FROM post_hashtags ph
                         WHERE ph.post_id = p.id
                           AND ph.hashtag_id = (SELECT h.id FROM hashtags h
                                                 WHERE h.slug = ${slug} OR h.name_normalized = ${identity}
                                                 ORDER BY h.slug = ${slug} DESC LIMIT 1))`);
  }
  if (f.hashtagId !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM post_hashtags ph WHERE ph.post_id = p.id AND ph.hashtag_id = ${params.add(f.hashtagId)})`);
  }
  if (f.authorUsername) {
    where.push(`p.author_id = (SELECT id FROM users WHERE lower(username) = lower(${params.add(f.authorUsername)}))`);
  }
  if (f.publishedFrom) where.push(`p.published_at >= ${params.add(sqlInstant(f.publishedFrom))}::timestamptz`);
  if (f.publishedBefore) where.push(`p.published_at < ${params.add(sqlInstant(f.publishedBefore))}::timestamptz`);
  if (f.publishedUntil) where.push(`p.published_at <= ${params.add(sqlInstant(f.publishedUntil))}::timestamptz`);
  if (f.minViews !== undefined || f.maxViews !== undefined) {
    const views = [
      ...(f.minViews !== undefined ? [`view_count >= ${params.add(f.minViews)}`] : []),
      ...(f.maxViews !== undefined ? [`view_count <= ${params.add(f.maxViews)}`] : []),
    ];
    // Published posts' counts are indexed in post_view_ranks (migration 022); others are few.
    if (f.status === 'published') where.push(`p.id IN (SELECT post_id FROM post_view_ranks WHERE ${views.join(' AND ')})`);
    else where.push(views.map((v) => `p.${v}`).join(' AND '));
  }
  if (f.hasAttachments !== undefined) where.push(f.hasAttachments ? 'p.attachment_count > 0' : 'p.attachment_count = 0');
  if (f.inForce) {
    // What published posts do to it (see the contract's InForce).
    const by = (kinds: string) => `EXISTS (SELECT 1 FROM post_relations r JOIN posts q ON q.id = r.post_id
                         WHERE r.target_id = p.id AND r.kind IN (${kinds}) AND q.status = 'published')`;
    const repealed = by(`'repeals', 'replaces'`);
    const amended = by(`'amends'`);
    if (f.inForce === 'repealed') where.push(repealed);
    else if (f.inForce === 'amended') where.push(`${amended} AND NOT ${repealed}`);
    else where.push(`NOT ${repealed} AND NOT ${amended}`);
  }
  return where.join('\n      AND ');
}

/** What a list needs fresh on every request; the rest of each post may come from memory. */
export interface PostKey {
  id: number;
  view_count: number;
  bookmark_id: number | null;
  /**
   * The post as kept for answers (post-docs.ts), when the read asked for it: null when none is
   * kept at its revision.
   */
  doc?: string | null;
}

/** The kept answer of each post `p` read, when asked for (migration 010). */
const DOC_COLUMN = ', d.body AS doc';
const DOC_JOIN = KEPT_DOC_JOIN;

/** A list size the database computed before, at some content version. */
export interface KnownCount {
  version: number;
  count: number;
  /** The list holds more than `count` posts (see COUNT_BOUND). */
  bounded: boolean;
}

const bookmarkOf = (readerParam: string | null) =>
  readerParam === null ? 'NULL::integer' : `(SELECT b.id FROM bookmarks b WHERE b.user_id = ${readerParam} AND b.post_id = p.id)`;

/**
 * A search's page walks the date index when df² ≥ WALK_FACTOR × (offset + size) × published,
 * i.e. when the rows walked, each read with its terms, cost less than reading all df matches
 * from the vector index (a row walked costs about eight read from the index; measured on
 * 100,000 and 1,000,000 posts).
 */
const WALK_FACTOR = 8;

/** Offsets up to this read the page straight off the table; deeper ones take ids from the index first. */
const DEEP_OFFSET = 200;

/**
 * A search is counted up to this many posts on first sight: past it the answer says "more than
 * COUNT_BOUND" (count_bounded) unless a page beyond it is asked for, which counts it exactly
 * (once per search and content version). A word found in half of a million posts is then not
 * counted to the end for a first page of ten.
 */
export const COUNT_BOUND = 1000;

const VERSION = '(SELECT version FROM content_version)';
/** The number every change of view counts moves (migration 022). */
const VIEWS = '(SELECT version FROM view_version)';

/**
 * One page of a list as keys (the parts of each post that change without a new content
 * version), the size of the list, and the content version — in one light statement, cheap to
 * plan. The size of a list narrowed only by status is read from post_status_counts (kept by a
 * trigger); another list is counted with the indexes, unless `known` holds its size at the
 * current version (CASE evaluates the count only when it is needed); a search whose pages lie
 * within COUNT_BOUND is counted only that far. A deep page takes its ids from the index alone
 * before it reads any row; with a `seek` point it starts there instead of skipping rows.
 */
export async function findPostPageKeys(
  db: Queryable,
  filter: PostFilter,
  ordering: PostOrdering,
  page: PageRequest,
  readerId: number | null,
  known: KnownCount | null,
  seek: SeekPoint | null = null,
  withDocs = false,
): Promise<{ version: number; views: number; count: number; bounded: boolean; keys: PostKey[] }> {
  const mayBound = !!filter.search && page.offset + page.pageSize <= COUNT_BOUND;
  const usable = known && (!known.bounded || mayBound) ? known : null;
  const countParams = new SqlParams();
  // A search of published posts alone, without a phrase (the narrow copy has no positions), can
  // be read from post_terms: counted there, and its first pages walked there when it finds many.
  const publishedOnly =
    !!filter.search?.tsquery && filter.status === 'published' &&
    Object.entries(filter).every(([key, value]) => key === 'status' || key === 'search' || value === undefined);
  // A phrase's pages are read there too, each match it finds there checked against the post's
  // positions before it counts (see termsPageIds); it is counted and ranked on posts.
  const phrase = publishedOnly && filter.search!.loose !== null;
  const termsOnly = publishedOnly && !phrase;
  const narrow = mayBound && !usable && termsOnly;
  const countWhere = narrow ? '' : whereClause(filter, countParams);
  let total: string;
  if (onlyByStatus(filter)) total = `(SELECT n FROM post_status_counts WHERE status = '${filter.status}')`;
  else {
    const alone = filter.search?.alone;
    // One word whose commonest term is in more posts than the bound: "1,000+" without counting.
    const counted = narrow
      ? alone
        ? `CASE WHEN (SELECT max(n) FROM term_counts WHERE term = ANY(${countParams.add(alone)}::text[])) > ${COUNT_BOUND}
                THEN ${COUNT_BOUND + 1}
                ELSE count_published_matches(${countParams.add(filter.search!.tsquery)}::tsquery, ${COUNT_BOUND + 1}) END`
        : `count_published_matches(${countParams.add(filter.search!.tsquery)}::tsquery, ${COUNT_BOUND + 1})`
      : mayBound
      ? `(SELECT count(*) FROM (SELECT 1 FROM posts p WHERE ${countWhere} LIMIT ${COUNT_BOUND + 1}) bounded)`
      : `(SELECT count(*) FROM posts p WHERE ${countWhere})`;
    // A kept count is handed back as -1 - count when it is a bound, so that the answer tells.
    const kept = usable ? (usable.bounded ? -1 - usable.count : usable.count) : 0;
    total = usable ? `CASE WHEN ${VERSION} = ${countParams.add(usable.version)} THEN ${countParams.add(kept)}::bigint ELSE ${counted} END` : counted;
  }
  // Of a search of published posts: for each word, how many posts its commonest term is in,
  // and how many are published, which tell how soon its newest matches come along the date index.
  const words = termsOnly ? filter.search!.words : [];
  const share = words.length
    ? `, (SELECT array_agg(coalesce(m, 0) ORDER BY w) FROM (
           SELECT u.w, max(c.n) AS m
             FROM unnest(${countParams.add(words.flat())}::text[], ${countParams.add(words.flatMap((terms, i) => terms.map(() => i)))}::int[]) AS u(term, w)
             LEFT JOIN term_counts c ON c.term = u.term GROUP BY u.w) d) AS dfs,
         (SELECT n FROM post_status_counts WHERE status = 'published') AS published`
    : '';
  const head = `SELECT ${VERSION} AS version, ${VIEWS} AS views, ${total} AS total${share}`;
  // The page's statement may add to the same parameters: the head alone takes these.
  const headValues = [...countParams.values];

  // A search is counted first: how many posts it finds decides how its page is best read. A
  // few (up to COUNT_BOUND) are read from the vector index and sorted; of a word found in more,
  // the newest are read along the ordering's index until a page is full. Left to itself, the
  // planner may walk the date index for a rare word and read every vector on the way.
  let countRow: { version: number; views: number; total: number; dfs?: number[] | null; published?: number } | null = null;
  if (filter.search) [countRow] = await db.query<{ version: number; views: number; total: number }>(head, headValues);
  const counted = countRow !== null && Number(countRow.total) >= 0 && Number(countRow.total) <= COUNT_BOUND;
  // Walking the date index reads about (offset + size) × published / df rows (each with its
  // terms); reading the matches from the vector index and sorting them reads df small rows. A
  // word in few posts of many is read the second way, though found in more than COUNT_BOUND.
  // Of several words, df is reckoned as if they were found independently of one another.
  const published = Number(countRow?.published ?? 0);
  const df = countRow?.dfs && published > 0 ? Math.max(COUNT_BOUND + 1, countRow.dfs.reduce((est, n) => (est * Number(n)) / published, published)) : null;
  // Relevance ranks the newest RANK_WINDOW matches: that many are wanted.
  const wanted = ordering === 'relevance' ? Math.max(RANK_WINDOW, page.offset + page.pageSize) : page.offset + page.pageSize;
  const walkable = df === null || df * df >= WALK_FACTOR * wanted * published;
  const few = counted || !walkable;

  // Of a word found in many posts, the newest are met soon along the date index: walked in post_terms.
  // Of one found in few, the matches are read there and sorted (small rows, not posts' wide ones).
  const walkTerms = publishedOnly && !seek && page.offset < DEEP_OFFSET && (ordering === '-published_at' || ordering === 'published_at');
  const rankQuery = ordering === 'relevance' && filter.search?.tsquery ? filter.search.tsquery : null;
  // Pages read from post_terms alone need no condition on posts (and must not add its parameters).
  const fromTerms = walkTerms || (termsOnly && rankQuery !== null);
  const params = countRow ? new SqlParams() : countParams;
  const where = fromTerms ? '' : countRow ? whereClause(filter, params) : countWhere;
  const pageHead = countRow ? `SELECT ${VERSION} AS version, ${VIEWS} AS views, ${params.add(Number(countRow.total))}::bigint AS total` : head;
  const ranked = rankedByViews(filter, ordering);
  const ranks = ranked ? RANKS_JOIN : '';
  // The order of the page's rows once read (the ranks' counts are the posts' own).
  const order = ORDER_BY[ordering]('p');
  const listOrder = orderOf(ordering, ranked);
  // The same order as an expression no index has: read by the vector index, then sorted.
  const sortedOrder = few
    ? listOrder.replace(/([pr])\.(published_at|view_count) (ASC|DESC)/, (_, alias: string, column: string, dir: string) => `(${alias}.${column} ${column === 'published_at' ? "+ interval '0 s'" : '+ 0'}) ${dir}`)
    : listOrder;
  let seekWhere = '';
  if (seek) {
    const key = SEEK_KEYS[ordering]!;
    const cast = key.column === 'published_at' ? '::timestamptz' : '::integer';
    const columns = ranked ? 'r.view_count, r.post_id' : `p.${key.column}, p.id`;
    // The seek point is the first post of its block: it belongs to the page.
    seekWhere = ` AND (${columns}) ${key.descending ? '<=' : '>='} (${params.add(seek.value)}${cast}, ${params.add(seek.id)}::integer)`;
  }
  const columns = `p.id, p.view_count, ${bookmarkOf(readerId === null ? null : params.add(readerId))} AS bookmark_id${withDocs ? DOC_COLUMN : ''}`;
  const docs = withDocs ? DOC_JOIN : '';
  // Every parameter must be used by the statement: added only on the branch that uses it.
  const limit = () => `LIMIT ${params.add(page.pageSize)} OFFSET ${params.add(page.offset)}`;
  const sql = rankQuery
    ? `${pageHead}, ${columns}
         FROM (${rankedIds(fromTerms ? null : where, rankQuery, page, params, few)}) k
         JOIN posts p ON p.id = k.id${docs}
        ORDER BY k.n`
    : walkTerms
    ? `${pageHead}, ${columns}
         FROM (${termsPageIds(filter.search!.tsquery!, ordering, page, params, few ? null : walkLimit(df, wanted, published), filter.search!.loose)}) k
         JOIN posts p ON p.id = k.id${docs}
        ORDER BY ${order}`
    : page.offset < DEEP_OFFSET && !seek
      ? `${pageHead}, ${columns} FROM posts p${ranks}${docs} WHERE ${where} ORDER BY ${sortedOrder} ${limit()}`
      : `${pageHead}, ${columns}
           FROM (SELECT p.id FROM posts p${ranks} WHERE ${where}${seekWhere} ORDER BY ${sortedOrder} ${limit()}) k
           JOIN posts p ON p.id = k.id${docs}
          ORDER BY ${order}`;
  // A list's page is planned once per connection (its plan does not hang on the values); a
  // search's is planned for its words.
  const rows = await db.query<PostKey & { version: number; views: number; total: number }>(sql, params.values, { prepare: !filter.search });
  // An empty page has no row to carry the versions and the size: ask for them alone.
  const [first] = rows.length ? rows : countRow ? [countRow] : await db.query<{ version: number; views: number; total: number }>(head, headValues);
  let count = Number(first.total);
  let bounded = false;
  if (count < 0) {
    count = -1 - count;
    bounded = true;
  } else if (mayBound && !usable && count > COUNT_BOUND) {
    count = COUNT_BOUND;
    bounded = true;
  }
  return {
    version: Number(first.version),
    views: Number(first.views),
    count,
    bounded,
    keys: rows.map(({ id, view_count, bookmark_id, doc }) => (withDocs ? { id, view_count, bookmark_id, doc } : { id, view_count, bookmark_id })),
  };
}

/** The most rows a walk along the dates reads: four times what the reckoned share needs. */
function walkLimit(df: number | null, wanted: number, published: number): number {
  if (df === null || published <= 0) return WALK_MOST;
  return Math.min(WALK_MOST, Math.max(1000, Math.ceil((4 * wanted * published) / df)));
}

/** However common the words, a walk along the dates reads at most this many rows. */
const WALK_MOST = 20_000;

/**
 * The ids of a page of a search of published posts in date order, from post_terms. With `walk`
 * rows to read, along the date index, stopping at the page's end; if the words turn out to be
 * found together less often than reckoned and those rows do not fill the page, the page is read
 * from the vector index and sorted instead (the second branch runs only then). Without, read so
 * at once.
 */
export function termsPageIds(
  tsquery: string,
  ordering: PostOrdering,
  page: PageRequest,
  params: SqlParams,
  walk: number | null,
  /**
   * Of a search with a phrase, its form without positions (PostSearch.loose): post_terms has
   * none, so the posts found there by it are checked against posts' vectors in turn until the
   * page is full.
   */
  loose: string | null = null,
): string {
  const dir = ordering === 'published_at' ? 'ASC' : 'DESC';
  const q = params.add(loose ?? tsquery);
  const whole = loose === null ? null : params.add(tsquery);
  const holds = (id: string) => (whole === null ? '' : ` AND EXISTS (SELECT 1 FROM posts v WHERE v.id = ${id} AND v.search_vector @@ ${whole}::tsquery)`);
  const [size, offset] = [params.add(page.pageSize), params.add(page.offset)];
  // Sorted first, then checked in that order (an ORDER BY above the check would check all first).
  const sorted =
    whole === null
      ? `SELECT t.post_id AS id FROM post_terms t WHERE t.terms @@ ${q}::tsquery
          ORDER BY (t.published_at + interval '0 s') ${dir}, t.post_id ${dir} LIMIT ${size} OFFSET ${offset}`
      : `SELECT c.id FROM (SELECT t.post_id AS id FROM post_terms t WHERE t.terms @@ ${q}::tsquery
                            ORDER BY (t.published_at + interval '0 s') ${dir}, t.post_id ${dir}) c
          WHERE TRUE${holds('c.id')} LIMIT ${size} OFFSET ${offset}`;
  if (walk === null) return sorted;
  return `WITH walked AS MATERIALIZED (
            SELECT t.post_id AS id FROM (
              SELECT post_id, published_at, terms FROM post_terms ORDER BY published_at ${dir}, post_id ${dir} LIMIT ${params.add(walk)}) t
             WHERE t.terms @@ ${q}::tsquery${holds('t.post_id')} ORDER BY t.published_at ${dir}, t.post_id ${dir} LIMIT ${size} OFFSET ${offset})
          SELECT id FROM walked WHERE (SELECT count(*) FROM walked) >= ${size}
          UNION ALL
          SELECT id FROM (${sorted}) s WHERE (SELECT count(*) FROM walked) < ${size}`;
}

/**
 * How many of a search's matches relevance ranks: the newest RANK_WINDOW (all of them when
 * there are fewer); the rest follow, newest first. A word found in half a million posts is
 * ranked among its most recent matches, not all.
 */
export const RANK_WINDOW = COUNT_BOUND;

/**
 * The ids of a page of a search ordered by relevance, with `n` their place: within the window
 * by rank (then newest first), past it in date order (the window being the newest matches, the
 * rest starts at the window's size in date order). A page across the edge takes from both.
 * The rank is ts_rank over the terms of the title and the summary (the vector's A and B parts):
 * a word in a title before one in a summary, several before one, and a post that only mentions
 * it in its body or files after both, newest first. With `where` null (a search of published
 * posts alone), the matches and these small vectors are read from post_terms (migration 009);
 * otherwise from posts.
 */
function rankedIds(where: string | null, tsquery: string, page: PageRequest, params: SqlParams, few: boolean): string {
  const terms = where === null;
  const [id, head, from, match] = terms
    ? ['p.post_id', 'p.head', 'post_terms p', `p.terms @@ ${params.add(tsquery)}::tsquery`]
    : ['p.id', "ts_filter(p.search_vector, '{a,b}')", 'posts p', where];
  const byDate = `p.published_at DESC, ${id} DESC`;
  // A search that finds few posts is read from the vector index (see findPostPageKeys).
  const windowOrder = few ? `(p.published_at + interval '0 s') DESC, ${id} DESC` : byDate;
  const parts: string[] = [];
  const end = page.offset + page.pageSize;
  if (page.offset < RANK_WINDOW) {
    const take = Math.min(end, RANK_WINDOW) - page.offset;
    parts.push(`SELECT id, n FROM (
        SELECT w.id, row_number() OVER (ORDER BY ts_rank(w.head, ${params.add(tsquery)}::tsquery) DESC, w.published_at DESC, w.id DESC) AS n
          FROM (SELECT ${id} AS id, p.published_at, ${head} AS head FROM ${from} WHERE ${match} ORDER BY ${windowOrder} LIMIT ${RANK_WINDOW}) w
       ) r WHERE n > ${params.add(page.offset)} AND n <= ${params.add(page.offset + take)}`);
  }
  if (end > RANK_WINDOW) {
    const start = Math.max(page.offset, RANK_WINDOW);
    parts.push(`SELECT id, ${params.add(start)}::bigint + row_number() OVER (ORDER BY d.published_at DESC, d.id DESC) AS n FROM (
        SELECT ${id} AS id, p.published_at FROM ${from} WHERE ${match} ORDER BY ${byDate} LIMIT ${params.add(end - start)} OFFSET ${params.add(start)}) d`);
  }
  return parts.map((part) => `(${part})`).join(' UNION ALL ');
}

/** Every this many posts of a list, the key of one is kept: a deep page skips at most this many. */
export const SEEK_STRIDE = 100;

/**
 * The size of a list and the key of every SEEK_STRIDE-th post in its order (the first of each
 * block), read from the ordering's index in one pass, at the content version returned. A deep
 * page then starts from the point before it instead of skipping every post before it.
 */
export async function findSeekPoints(
  db: Queryable,
  filter: PostFilter,
  ordering: PostOrdering,
): Promise<{ version: number; count: number; points: SeekPoint[] }> {
  const key = SEEK_KEYS[ordering]!;
  const params = new SqlParams();
  const where = whereClause(filter, params);
  const byRank = rankedByViews(filter, ordering);
  const order = orderOf(ordering, byRank);
  // JSON carries timestamps as ISO text with all their digits: a seek compares them exactly.
  const rows = await db.query<{ version: number; total: number; points: [string | number, number][] | null }>(
    `WITH ranked AS (
       SELECT ${byRank ? 'r' : 'p'}.${key.column} AS value, p.id, row_number() OVER (ORDER BY ${order}) AS n
         FROM posts p${byRank ? RANKS_JOIN : ''} WHERE ${where})
     SELECT ${VERSION} AS version, (SELECT count(*) FROM ranked) AS total,
            (SELECT json_agg(json_build_array(value, id) ORDER BY n) FROM ranked WHERE (n - 1) % ${SEEK_STRIDE} = 0) AS points`,
    params.values,
  );
  const points = (rows[0].points ?? []).map(([v, id]) => ({ value: v, id }));
  return { version: Number(rows[0].version), count: Number(rows[0].total), points };
}

/**
 * The keys of posts known by id, in no particular order — none unless the content version is
 * still `version` (the ids were chosen at that version, and only a new version can change them)
 * — and the views version they were read at.
 */
export async function findPostKeysAtVersion(
  db: Queryable,
  version: number,
  ids: number[],
  readerId: number | null,
  withDocs = false,
): Promise<{ keys: PostKey[]; views: number | null }> {
  const params = new SqlParams();
  const idsParam = params.add(ids);
  const versionParam = params.add(version);
  const rows = await db.query<PostKey & { views: number }>(
    `SELECT p.id, p.view_count, ${bookmarkOf(readerId === null ? null : params.add(readerId))} AS bookmark_id${withDocs ? DOC_COLUMN : ''},
            ${VIEWS} AS views
       FROM posts p${withDocs ? DOC_JOIN : ''}
      WHERE p.id = ANY(${idsParam}::integer[]) AND ${VERSION} = ${versionParam}`,
    params.values,
    { prepare: true },
  );
  return {
    keys: rows.map(({ id, view_count, bookmark_id, doc }) => (withDocs ? { id, view_count, bookmark_id, doc } : { id, view_count, bookmark_id })),
    views: rows.length ? Number(rows[0].views) : null,
  };
}

/** The content version and the views version now, in one light statement. */
export async function findVersions(db: Queryable): Promise<{ version: number; views: number }> {
  const [row] = await db.query<{ version: number; views: number }>(`SELECT ${VERSION} AS version, ${VIEWS} AS views`, [], { prepare: true });
  return { version: Number(row.version), views: Number(row.views) };
}

/** Posts by id, with the content version they were read at. */
export async function findPostsByIds(db: Queryable, ids: number[]): Promise<{ version: number; rows: PostRow[] }> {
  const rows = await db.query<PostRow & { content_version: number }>(
    `SELECT (SELECT version FROM content_version) AS content_version, p.doc_rev, ${postColumns(null)}
       FROM posts p
       ${POST_JOINS}
      WHERE p.id = ANY($1::integer[])`,
    [ids],
    { prepare: true },
  );
  const version = rows.length ? Number(rows[0].content_version) : NaN;
  return { version, rows: rows.map(({ content_version: _, ...row }) => row) };
}

/** Who may see a post, and what of it changes without a new content version. */
export interface PostAccessKey extends PostKey {
  status: PostRow['status'];
  author_id: number;
  /** The current version's signature (issue 30), when it is signed: read with the key, for a post's own answer. */
  signature?: Schemas['PostSignature'] | null;
}

/** Which post a request asks for by slug, and for which reader (their bookmark of it). */
export interface SlugAsk {
  slug: string;
  readerId: number | null;
}

/**
 * The keys of several posts by slug, each for its reader, read in one statement at one content
 * version (returned with it): what the requests of one moment ask for (CachedReads.findPost
 * gathers them), an answer each, undefined where there is no such post.
 */
export async function findPostKeysBySlugs(db: Queryable, asks: readonly SlugAsk[]): Promise<{ version: number; keys: (PostAccessKey | undefined)[] }> {
  const keys: (PostAccessKey | undefined)[] = asks.map(() => undefined);
  const wanted = asks.flatMap((ask, i) => (storable(ask.slug) ? [{ ...ask, i }] : []));
  if (!wanted.length) return { version: NaN, keys };
  const rows = await db.query<PostAccessKey & { version: number; n: number }>(
    `SELECT ${VERSION} AS version, q.n::integer AS n, p.id, p.status, p.author_id, p.view_count,
            (SELECT b.id FROM bookmarks b WHERE b.user_id = q.reader AND b.post_id = p.id) AS bookmark_id,
            (SELECT json_build_object('version', v.version, 'alg', 'EdDSA', 'kid', v.kid, 'digest', v.digest, 'signature', v.signature,
                                      'signed_at', v.signed_at, 'files',
                                      COALESCE((SELECT json_agg(json_build_object('id', f.attachment_id, 'sha256', f.sha256) ORDER BY f.attachment_id)
                                                  FROM version_files f WHERE f.post_id = v.post_id AND f.version = v.version), '[]'::json))
               FROM post_versions v WHERE v.post_id = p.id AND v.version = p.version AND v.signature IS NOT NULL) AS signature
       FROM unnest($1::text[], $2::integer[]) WITH ORDINALITY AS q(slug, reader, n)
       JOIN posts p ON p.slug = q.slug`,
    [wanted.map((w) => w.slug), wanted.map((w) => w.readerId)],
    { prepare: true },
  );
  let version = NaN;
  for (const { version: at, n, ...key } of rows) {
    version = Number(at);
    if (key.signature) key.signature = { ...key.signature, signed_at: new Date(key.signature.signed_at).toISOString() };
    keys[wanted[Number(n) - 1].i] = key;
  }
  return { version, keys };
}

/** The id, status and author of a post, for permission checks that need nothing else. */
export async function findPostAccess(
  db: Queryable,
  slug: string,
): Promise<{ id: number; status: PostRow['status']; author_id: number } | undefined> {
  if (!storable(slug)) return undefined;
  const [row] = await db.query<{ id: number; status: PostRow['status']; author_id: number }>(
    'SELECT id, status, author_id FROM posts WHERE slug = $1',
    [slug],
  );
  return row;
}

/** Whether a post has a saved version by that number (its page: /post/{slug}/versions/{n}). */
export async function postVersionExists(db: Queryable, postId: number, version: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM post_versions WHERE post_id = $1 AND version = $2', [postId, version])).length > 0;
}

/** A saved version of a post: its note, when it was made, the post as it was then (JSON kept by originFreeJson), and the current version's number. */
export interface PostVersionRow {
  version: number;
  kind: 'first' | 'minor' | 'major' | 'withdrawal';
  note: string;
  note_ar: string;
  created_at: Date;
  body: string;
  current: number;
  /** Its signature, all null until it is signed (modules/signing). */
  signed_payload: string | null;
  digest: string | null;
  kid: string | null;
  signature: string | null;
  signed_at: Date | null;
}

export async function findPostVersion(db: Queryable, postId: number, version: number): Promise<PostVersionRow | undefined> {
  const [row] = await db.query<PostVersionRow>(
    `SELECT v.version, v.kind, v.note, v.note_ar, v.created_at, v.body::text AS body, p.version AS current,
            v.signed_payload, v.digest, v.kid, v.signature, v.signed_at
       FROM post_versions v JOIN posts p ON p.id = v.post_id WHERE v.post_id = $1 AND v.version = $2`,
    [postId, version],
  );
  return row;
}

/** Which of `ids` a list (a filter) holds: how an alert checks new posts against its list. */
export async function postsInList(db: Queryable, f: PostFilter, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const params = new SqlParams();
  const where = whereClause(f, params);
  const rows = await db.query<{ id: number }>(`SELECT p.id FROM posts p WHERE p.id = ANY(${params.add(ids)}::int[]) AND ${where}`, params.values);
  return new Set(rows.map((r) => r.id));
}
