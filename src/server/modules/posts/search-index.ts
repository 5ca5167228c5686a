/**
 * The search index of posts: the shared analyzer's terms (src/shared/search/analyzer.ts) stored
 * as a PostgreSQL tsvector with positions and weights — title A, summary B, content C, attached
 * files D — so that no text search configuration of the database takes part: the terms a post is
 * found by are exactly those the analyzer gives the reader's words.
 */
import { analyze, ANALYZER_VERSION } from '../../../shared/search/analyzer';
import { parseQuery, positiveTerms, queryKey, toLooseTsQuery, toTsQuery, type ParsedQuery } from '../../../shared/search/query';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../../db/db';
import type { PostText } from './post-text';
import { extractPdfText } from '../media/pdf-text';

export type Weight = 'A' | 'B' | 'C' | 'D';

/** tsvector positions stop at 16383; a lexeme keeps at most 256 of them. */
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_TERM = 256;
/** Fields are kept apart, so that a phrase never runs from one into the next. */
const FIELD_GAP = 2;

const lexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsvector text of some texts, each with its weight, in order. */
export function tsvectorOf(fields: { text: string; weight: Weight }[]): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const { text, weight } of fields) {
    if (!text) continue;
    for (const word of analyze(text)) {
      position = Math.min(position + 1, MAX_POSITION);
      for (const term of word.terms) {
        let list = positions.get(term);
        if (!list) positions.set(term, (list = []));
        if (list.length < MAX_POSITIONS_PER_TERM) list.push(weight === 'D' ? String(position) : `${position}${weight}`);
      }
    }
    position = Math.min(position + FIELD_GAP, MAX_POSITION);
  }
  let out = '';
  for (const [term, list] of positions) out += `${out ? ' ' : ''}${lexeme(term)}:${list.join(',')}`;
  return out;
}

/** What a post's search vector is made of: its text in both languages. */
export type SearchableText = PostText;

/** An attached file as the index reads it: its titles and description, and its text by page. */
export interface SearchableFile {
  title_ar: string;
  title?: string | null;
  description?: string;
  pages?: string[] | null;
}

/** The tsvector text of a post: titles, summaries, bodies, then its files (least weight). */
export function postVector(p: SearchableText, files: SearchableFile[] = []): string {
  const fields: { text: string; weight: Weight }[] = [
    { text: p.title_ar, weight: 'A' },
    { text: p.title, weight: 'A' },
    { text: p.summary_ar, weight: 'B' },
    { text: p.summary, weight: 'B' },
    { text: p.content_ar, weight: 'C' },
    { text: p.content, weight: 'C' },
  ];
  for (const f of files) {
    fields.push({ text: f.title_ar, weight: 'D' }, { text: f.title ?? '', weight: 'D' }, { text: f.description ?? '', weight: 'D' });
    for (const page of f.pages ?? []) fields.push({ text: page, weight: 'D' });
  }
  return tsvectorOf(fields);
}

/** A reader's search, read once: what the database matches and what a highlighter marks. */
export interface PostSearch {
  /** tsquery text over the analyzer's terms; null when the search only excludes. */
  tsquery: string | null;
  /** The words to leave out, as a tsquery (only when tsquery is null). */
  excluded: string | null;
  /** Stable text of the search's meaning, for keys of kept counts and pages. */
  key: string;
  terms: string[];
  /**
   * When the search is one word (no phrase, nothing left out): its alternative terms. It finds at
   * least as many posts as the most common of them is in (term_counts).
   */
  alone: string[] | null;
  /** Each word it must find, as its alternative terms (words of phrases included). */
  words: string[][];
  /** Words only, none left out and no phrase: a post is found when it holds one term of each word. */
  plain: boolean;
  /** When it holds a phrase: the tsquery without positions that finds its posts and maybe more (toLooseTsQuery). */
  loose: string | null;
}

/** The search as the index reads it; undefined when it holds no word at all. */
export function postSearchOf(text: string): PostSearch | undefined {
  const parsed: ParsedQuery = parseQuery(text);
  if (!parsed.parts.length) return undefined;
  const tsquery = toTsQuery(parsed);
  const excluded = tsquery
    ? null
    : toTsQuery({ parts: parsed.parts.map((p) => ({ ...p, negated: false })) })!.replace(/ & /g, ' | ');
  const [only] = parsed.parts;
  const alone = parsed.parts.length === 1 && !only.negated && only.words.length === 1 ? only.words[0] : null;
  const words = parsed.parts.filter((p) => !p.negated).flatMap((p) => p.words);
  const plain = parsed.parts.every((p) => !p.negated && p.words.length === 1);
  return { tsquery, excluded, key: queryKey(parsed), terms: [...positiveTerms(parsed)], alone, words, plain, loose: toLooseTsQuery(parsed) };
}

/**
 * Makes the index the current analyzer's: when the analyzer changed since the index was built
 * (or the database predates this index), every post's vector is built again, in batches, with
 * its files' text. Returns how many posts were indexed again.
 */
export async function ensureSearchIndex(
  db: Db,
  options: { mediaRoot?: string; log?: (msg: string) => void } = {},
): Promise<number> {
  const log = options.log ?? (() => {});
  const [state] = await db.query<{ analyzer_version: number }>('SELECT analyzer_version FROM search_index_state');
  if (state && state.analyzer_version === ANALYZER_VERSION) return 0;
  if (options.mediaRoot) await readMissingFileTexts(db, options.mediaRoot, log);
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = (await db.query<{ id: number }>('SELECT id FROM posts WHERE id > $1 ORDER BY id LIMIT 500', [after])).map((r) => r.id);
    if (!ids.length) break;
    // Terms' post counts are not kept row by row here: counted once at the end.
    await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('qarar.bulk_terms', 'on', true)");
      await reindexPosts(tx, ids);
    });
    done += ids.length;
    after = ids[ids.length - 1];
    if (done % 10_000 < ids.length) log(`search index: ${done} posts indexed`);
  }
  if (done) {
    // Every vector was replaced: the vector index's pending entries are merged and the planner
    // learns the new terms' frequencies (without it, searches are planned on the old terms).
    await db.query('SELECT refresh_term_counts()');
    await db.exec('VACUUM ANALYZE posts');
    await db.exec('VACUUM ANALYZE post_terms');
  }
  await db.query(
    `INSERT INTO search_index_state (only_row, analyzer_version) VALUES (true, $1)
     ON CONFLICT (only_row) DO UPDATE SET analyzer_version = EXCLUDED.analyzer_version`,
    [ANALYZER_VERSION],
  );
  return done;
}

/**
 * Builds the vectors of some posts again from what is stored: their text, their files' titles
 * and descriptions, and the files' text (after a file is attached or removed, say).
 */
export async function reindexPosts(db: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db.query<SearchableText & { id: number; files: SearchableFile[] | null }>(
    `SELECT p.id, p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar,
            (SELECT json_agg(json_build_object(
                      'title_ar', a.title_ar, 'title', a.title, 'description', a.description,
                      'pages', (SELECT json_agg(ft.body ORDER BY ft.page) FROM file_texts ft WHERE ft.storage_key = a.storage_key))
                    ORDER BY a.sort_order, a.id)
               FROM attachments a WHERE a.post_id = p.id) AS files
       FROM posts p WHERE p.id = ANY($1::integer[])`,
    [ids],
  );
  await db.query(
    `UPDATE posts p SET search_vector = v.vector::tsvector
       FROM unnest($1::int[], $2::text[]) AS v(id, vector) WHERE p.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => postVector(r, r.files ?? []))],
  );
}

/** Reads the text of stored PDFs that have none kept (files stored before texts were read). */
async function readMissingFileTexts(db: Queryable, mediaRoot: string, log: (msg: string) => void): Promise<void> {
  const missing = await db.query<{ storage_key: string }>(
    `SELECT DISTINCT a.storage_key FROM attachments a
      WHERE a.file_type = 'application/pdf'
        AND NOT EXISTS (SELECT 1 FROM file_texts ft WHERE ft.storage_key = a.storage_key)`,
  );
  let read = 0;
  for (const { storage_key } of missing) {
    try {
      const pages = await extractPdfText(await readFile(path.join(mediaRoot, storage_key)));
      await storeFileTexts(db, [{ storage_key, pages }]);
      read++;
    } catch (err) {
      // A missing or unreadable file is found by its title only, as before.
      log(`search index: no text read from ${storage_key}: ${(err as Error).message}`);
    }
  }
  if (missing.length) log(`search index: text read from ${read} of ${missing.length} PDF files`);
}

/**
 * Keeps the text of stored files by page (a file named by its content is kept once, however
 * many posts it is attached to), with each page's vector for telling which page matched.
 */
export async function storeFileTexts(db: Queryable, files: { storage_key: string; pages?: string[] | null }[]): Promise<void> {
  const seen = new Set<string>();
  const key: string[] = [];
  const page: number[] = [];
  const body: string[] = [];
  const vector: string[] = [];
  for (const f of files) {
    if (!f.pages?.length || seen.has(f.storage_key)) continue;
    seen.add(f.storage_key);
    f.pages.forEach((text, i) => {
      key.push(f.storage_key);
      page.push(i + 1);
      body.push(text);
      vector.push(tsvectorOf([{ text, weight: 'D' }]));
    });
  }
  if (!key.length) return;
  await db.query(
    `INSERT INTO file_texts (storage_key, page, body, vector)
     SELECT k, p, b, v::tsvector FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS t(k, p, b, v)
     ON CONFLICT (storage_key, page) DO NOTHING`,
    [key, page, body, vector],
  );
}
