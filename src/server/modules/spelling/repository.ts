import type { Queryable } from '../../db/db';

/** A term of the vocabulary that published posts hold: its written form and how many posts. */
export interface KnownTerm {
  term: string;
  surface: string;
  n: number;
}

/** How many published posts hold each of some terms (those that none holds are left out). */
export async function postCounts(db: Queryable, terms: string[]): Promise<Map<string, number>> {
  if (!terms.length) return new Map();
  const rows = await db.query<{ term: string; n: number }>(
    'SELECT term, n FROM term_counts WHERE term = ANY($1::text[]) AND n > 0',
    [terms],
  );
  return new Map(rows.map((r) => [r.term, Number(r.n)]));
}

/**
 * In one statement: which of some terms (spellings tried) the vocabulary holds, and the nearest
 * terms by trigram distance to each of others (the words to correct), `near` of each, nearest
 * first — read along the GiST index, so each costs a few pages whatever the vocabulary's size.
 * Only terms published posts hold now (term_counts) come back.
 */
export async function lookUpTerms(
  db: Queryable,
  tried: string[],
  nearTo: string[],
  near: number,
): Promise<{ known: KnownTerm[]; nearest: (KnownTerm & { to: string })[] }> {
  const rows = await db.query<KnownTerm & { to: string | null }>(
    `SELECT v.term, v.surface, c.n, NULL::text AS "to"
       FROM unnest($1::text[]) AS t(term)
       JOIN search_vocabulary v ON v.term = t.term
       JOIN term_counts c ON c.term = v.term AND c.n > 0
     UNION ALL
     SELECT x.term, x.surface, x.n, q.term
       FROM unnest($2::text[]) AS q(term)
       CROSS JOIN LATERAL (
         SELECT v.term, v.surface, c.n
           FROM search_vocabulary v
           JOIN term_counts c ON c.term = v.term AND c.n > 0
          WHERE v.term <> q.term
          ORDER BY v.term <-> q.term
          LIMIT $3) x`,
    [tried, nearTo, near],
  );
  const known: KnownTerm[] = [];
  const nearest: (KnownTerm & { to: string })[] = [];
  for (const r of rows) {
    const term = { term: r.term, surface: r.surface, n: Number(r.n) };
    if (r.to === null) known.push(term);
    else nearest.push({ ...term, to: r.to });
  }
  return { known, nearest };
}

/**
 * How many published posts a search finds, counted as the list counts its first page when the
 * search is of published posts alone, by words (no phrase, no other filter): one word whose
 * commonest term more than `bound` posts hold is known to find more without counting; else its
 * matches are counted in the narrow copy of the terms, up to `bound` + 1 (posts/repository.ts,
 * findPostPageKeys; migrations 006 and 008).
 */
export async function countPublishedMatches(db: Queryable, tsquery: string, alone: string[] | null, bound: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT CASE WHEN (SELECT max(n) FROM term_counts WHERE term = ANY($3::text[])) > $2
                 THEN $2 + 1
                 ELSE count_published_matches($1::tsquery, $2 + 1) END AS n`,
    [tsquery, bound, alone ?? []],
  );
  return Number(row.n);
}
