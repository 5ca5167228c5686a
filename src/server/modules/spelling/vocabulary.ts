/**
 * The portal's vocabulary (migration 026): each term the search analyzer gives the words of
 * published posts — titles, summaries and bodies in both languages — with the written form to
 * show for it, kept current by the scheduled work (server.ts) at a bounded cost:
 *
 * - a post whose terms are written (published, corrected) is queued by a trigger of post_terms
 *   in the writer's transaction (one small row); refreshVocabulary reads the queued posts a batch
 *   at a time and adds the terms it does not hold yet. A write costs the writer that row, and the
 *   work one read of the post's text;
 * - a post withdrawn or deleted needs nothing: how many posts hold a term is term_counts' (008,
 *   exact, in the writer's transaction), and a term that no published post holds is never
 *   offered (spelling/repository.ts joins it);
 * - the whole vocabulary is built again, in batches across runs, when asked: at first, after a
 *   bulk write (the seed, a search index rebuilt: they recount term_counts, which asks for it),
 *   when the analyzer changed, and once the posts read one by one since the last build are a
 *   quarter of the posts it was built on (what it chose as each term's written form, and its
 *   rows of terms no longer used, are then those of today again).
 */
import { analyze, ANALYZER_VERSION, termsOfWord } from '../../../shared/search/analyzer';
import type { Db, Queryable } from '../../db/db';
import type { PostText } from '../posts/post-text';

/**
 * Posts read per statement, by the queue and by a rebuild: their words are analyzed between two
 * statements, which holds the event loop for some 0.15 s a batch.
 */
export const VOCABULARY_BATCH = 100;
/** Posts the scheduled work reads per run (server.ts): a rebuild of many goes on run after run. */
export const VOCABULARY_POSTS_PER_RUN = 5000;
/** A rebuild keeps its counts in memory for this many posts, then adds them to the build table. */
const FLUSH_POSTS = 5000;
/** Rows written per statement. */
const ROWS_PER_STATEMENT = 5000;
/** A rebuild is due once the posts read one by one since the last are this share of those it was built on… */
const DRIFT_SHARE = 0.25;
/** …and at least this many. */
const DRIFT_MIN = 1000;
/** A longer term is a URL's or a number's run, not a word anyone misspells. */
const MAX_TERM_LENGTH = 40;

const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const DIGITS = /^[0-9]+$/;

/** The text of a post the vocabulary reads (both languages, as the search index reads them). */
interface VocabularyPost extends PostText {
  id: number;
}

const TEXT_COLUMNS = 'id, title, title_ar, summary, summary_ar, content, content_ar';

/**
 * How a word is shown: without its marks and tatweel (and in lower case, for Latin letters), when
 * it is still read as the same term; as written otherwise (بيانًا, whose tanwin the analyzer reads).
 */
function writtenForm(written: string, term: string): string {
  let form = written.normalize('NFKC').replace(MARKS, '');
  if (!/[\u0621-\u064A]/.test(form)) form = form.toLowerCase();
  return form !== written && !termsOfWord(form).includes(term) ? written : form;
}

/** Each term's written forms, and how often each was written, over some posts. */
export class FormCounts {
  private readonly forms = new Map<string, Map<string, number>>();
  posts = 0;

  addPost(p: VocabularyPost): void {
    this.posts++;
    for (const text of [p.title_ar, p.title, p.summary_ar, p.summary, p.content_ar, p.content]) if (text) this.addText(text);
  }

  addText(text: string): void {
    for (const word of analyze(text)) {
      // A word read one way weighs more for its form than one of two readings (لتطوير, which is
      // تطوير after ل, or a word of its own).
      const weight = word.terms.length === 1 ? 4 : 1;
      const written = text.slice(word.start, word.end);
      for (const term of word.terms) {
        if (term.length < 2 || term.length > MAX_TERM_LENGTH || DIGITS.test(term)) continue;
        const form = writtenForm(written, term);
        let forms = this.forms.get(term);
        if (!forms) this.forms.set(term, (forms = new Map<string, number>()));
        forms.set(form, (forms.get(form) ?? 0) + weight);
      }
    }
  }

  /** Every (term, form, uses). */
  rows(): { term: string[]; surface: string[]; uses: number[] } {
    const out = { term: [] as string[], surface: [] as string[], uses: [] as number[] };
    for (const [term, forms] of this.forms) {
      for (const [form, uses] of forms) {
        out.term.push(term);
        out.surface.push(form);
        out.uses.push(uses);
      }
    }
    return out;
  }

  /** Each term with its most written form, in the order of the terms (writers lock rows alike). */
  best(): { term: string[]; surface: string[]; uses: number[] } {
    const out = { term: [] as string[], surface: [] as string[], uses: [] as number[] };
    for (const term of [...this.forms.keys()].sort()) {
      let surface = '';
      let uses = -1;
      for (const [form, n] of this.forms.get(term)!) {
        if (n > uses || (n === uses && form < surface)) [surface, uses] = [form, n];
      }
      out.term.push(term);
      out.surface.push(surface);
      out.uses.push(uses);
    }
    return out;
  }

  get size(): number {
    return this.forms.size;
  }
}

interface State {
  analyzer_version: number;
  rebuild: boolean;
  rebuild_after: number | null;
  drained: number;
  built_posts: number;
}

export interface RefreshOptions {
  /** Stops between batches (the process is closing). */
  stop?: AbortSignal;
  /** At most this many posts read in this run (a rebuild goes on at the next); all by default. */
  maxPosts?: number;
}

export interface RefreshResult {
  /** Posts read for a rebuild under way. */
  rebuilt: number;
  /** True when a rebuild finished in this run. */
  built: boolean;
  /** Posts read from the queue. */
  queued: number;
}

/**
 * Brings the vocabulary up to date: a rebuild under way (or due) goes on, else the queued posts
 * are read; at most maxPosts posts in all. Run by one process at a time (server.ts runs it in
 * the scheduled work, under asTheOneRunner).
 */
export async function refreshVocabulary(db: Db, options: RefreshOptions = {}): Promise<RefreshResult> {
  const result: RefreshResult = { rebuilt: 0, built: false, queued: 0 };
  let budget = options.maxPosts ?? Number.POSITIVE_INFINITY;
  const stopped = () => options.stop?.aborted === true || budget <= 0;
  const [state] = await db.query<State>('SELECT analyzer_version, rebuild, rebuild_after, drained, built_posts FROM search_vocabulary_state');
  let after = state.rebuild_after;
  const drift = state.drained >= Math.max(DRIFT_MIN, state.built_posts * DRIFT_SHARE);
  if (after === null && (state.rebuild || state.analyzer_version !== ANALYZER_VERSION || drift)) {
    // The queue's posts are read by the rebuild; those written from now on are queued again and
    // read once it has finished (read before, their new words would be lost when it replaces the table).
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM search_vocabulary_build');
      await tx.query('DELETE FROM search_vocabulary_queue');
      await tx.query('UPDATE search_vocabulary_state SET rebuild = false, rebuild_after = 0, analyzer_version = $1', [ANALYZER_VERSION]);
    });
    after = 0;
  }
  if (after !== null) {
    let read: number = after;
    let counts = new FormCounts();
    let done = false;
    while (!stopped()) {
      const limit = Math.min(VOCABULARY_BATCH, budget);
      const rows: VocabularyPost[] = await db.query<VocabularyPost>(
        `SELECT ${TEXT_COLUMNS} FROM posts WHERE status = 'published' AND id > $1 ORDER BY id LIMIT $2`,
        [read, limit],
      );
      for (const row of rows) counts.addPost(row);
      result.rebuilt += rows.length;
      budget -= rows.length;
      if (rows.length) read = rows[rows.length - 1].id;
      if (rows.length < limit) {
        done = true;
        break;
      }
      if (counts.posts >= FLUSH_POSTS) {
        await flushBuild(db, counts, read);
        counts = new FormCounts();
      }
    }
    await flushBuild(db, counts, read);
    if (!done) return result;
    await finishBuild(db);
    result.built = true;
  }
  while (!stopped()) {
    const read = await readQueued(db, Math.min(VOCABULARY_BATCH, budget));
    if (!read) break;
    result.queued += read;
    budget -= read;
  }
  return result;
}

/** Adds a rebuild's counts to the build table, with how far it has read (one transaction). */
async function flushBuild(db: Db, counts: FormCounts, after: number): Promise<void> {
  const rows = counts.rows();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.term.length; i += ROWS_PER_STATEMENT) {
      await tx.query(
        `INSERT INTO search_vocabulary_build (term, surface, uses)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
         ON CONFLICT (term, surface) DO UPDATE SET uses = search_vocabulary_build.uses + EXCLUDED.uses`,
        [rows.term.slice(i, i + ROWS_PER_STATEMENT), rows.surface.slice(i, i + ROWS_PER_STATEMENT), rows.uses.slice(i, i + ROWS_PER_STATEMENT)],
      );
    }
    await tx.query('UPDATE search_vocabulary_state SET rebuild_after = $1', [after]);
  });
}

/** The build becomes the vocabulary: each term with its most written form. */
async function finishBuild(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM search_vocabulary');
    await tx.query(
      `INSERT INTO search_vocabulary (term, surface, uses)
       SELECT DISTINCT ON (term) term, surface, uses FROM search_vocabulary_build ORDER BY term, uses DESC, surface`,
    );
    await tx.query('DELETE FROM search_vocabulary_build');
    await tx.query(
      `UPDATE search_vocabulary_state SET rebuild_after = NULL, drained = 0,
              built_posts = coalesce((SELECT n FROM post_status_counts WHERE status = 'published'), 0)`,
    );
  });
  // Its size changed as a whole: the planner learns it (the trigram index's scans are costed on it).
  await db.exec('ANALYZE search_vocabulary');
}

/** Reads one batch of queued posts and adds the terms the vocabulary lacks; how many were read. */
async function readQueued(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx: Queryable) => {
    // Another process reading the queue at once takes other rows.
    const ids = (
      await tx.query<{ post_id: number }>(
        'SELECT post_id FROM search_vocabulary_queue ORDER BY post_id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [limit],
      )
    ).map((r) => r.post_id);
    if (!ids.length) return 0;
    const posts = await tx.query<VocabularyPost>(`SELECT ${TEXT_COLUMNS} FROM posts WHERE id = ANY($1::int[]) AND status = 'published'`, [ids]);
    const counts = new FormCounts();
    for (const p of posts) counts.addPost(p);
    const rows = counts.best();
    for (let i = 0; i < rows.term.length; i += ROWS_PER_STATEMENT) {
      await tx.query(
        `INSERT INTO search_vocabulary (term, surface, uses)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
         ON CONFLICT (term) DO NOTHING`,
        [rows.term.slice(i, i + ROWS_PER_STATEMENT), rows.surface.slice(i, i + ROWS_PER_STATEMENT), rows.uses.slice(i, i + ROWS_PER_STATEMENT)],
      );
    }
    await tx.query('DELETE FROM search_vocabulary_queue WHERE post_id = ANY($1::int[])', [ids]);
    await tx.query('UPDATE search_vocabulary_state SET drained = drained + $1', [ids.length]);
    return ids.length;
  });
}
