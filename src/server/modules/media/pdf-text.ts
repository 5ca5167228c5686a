import path from 'node:path';
import Piscina from 'piscina';

/**
 * The text of PDF attachments, page by page, for search: in reading order (right-to-left lines
 * too), as Unicode an index can use (Arabic presentation forms folded to letters, NFKC).
 *
 * Parsing a PDF is CPU work in JavaScript (pdf.js), so it runs on its own thread, never on the
 * event loop; like the image thread (image-work.ts), a lazy piscina pool that ends when idle.
 * Every bound below is a plain constant: a PDF is someone's upload and may be built to hurt.
 */

/** At most this many pages are read; the rest of a longer document is not. */
export const MAX_PAGES = 300;
/** At most this many characters in all; text past them is cut (and later pages not read). */
export const MAX_CHARS = 2_000_000;
/** The work on one PDF is abandoned after this long (its thread is ended), waiting included. */
export const DEADLINE_MS = 20_000;

/** One thread, one PDF at a time in it: a deadline ends the thread, and so everything in it. */
const THREADS = 1;
/** PDFs that may wait for the thread; past it the work is refused (PdfTextError 'busy'). */
const QUEUE = 16;
/** The thread ends after this long without work, and starts again with the next PDF. */
const IDLE_MS = 15_000;
/** A PDF may make pdf.js hold much more than its size; past this heap the thread dies, not the server. */
const HEAP_MB = 512;

/** Plain CommonJS, loaded as written in the worker thread (see the file for why). */
const WORKER_FILE = path.join(__dirname, 'pdf-text-worker.js');

/**
 * Why there is no text: `notPdf` (not a PDF at all), `encrypted` (needs a password to be read),
 * `damaged` (a PDF that cannot be parsed, truncated say), `timeout` (took more than the deadline),
 * `busy` (too many PDFs waiting), `failed` (the thread ended: out of memory, say).
 */
export type PdfTextFailure = 'notPdf' | 'encrypted' | 'damaged' | 'timeout' | 'busy' | 'failed';

export class PdfTextError extends Error {
  override readonly name = 'PdfTextError';
  constructor(
    readonly reason: PdfTextFailure,
    message: string,
  ) {
    super(`no text from the PDF (${reason}): ${message}`);
  }
}

/** Lower bounds than the constants, for tests; never higher. */
export interface PdfTextOptions {
  maxPages?: number;
  maxChars?: number;
  deadlineMs?: number;
}

let pool: Piscina | null = null;

function pdfThread(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: THREADS,
    concurrentTasksPerWorker: 1,
    maxQueue: QUEUE,
    idleTimeout: IDLE_MS,
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return pool;
}

const lower = (asked: number | undefined, limit: number) =>
  asked === undefined ? limit : Math.max(0, Math.min(limit, Math.floor(asked)));

interface WorkerAnswer {
  pages?: string[];
  error?: Exclude<PdfTextFailure, 'timeout' | 'busy' | 'failed'>;
  message?: string;
}

/**
 * The text of each page of a PDF, in order (at most MAX_PAGES entries; fewer when MAX_CHARS is
 * reached first): lines in reading order joined with newlines, spaces collapsed, NFKC. A page
 * with no text (a scan, say) gives ''. Throws a PdfTextError when there is no text to be had.
 */
export async function extractPdfText(bytes: Uint8Array | Buffer, options: PdfTextOptions = {}): Promise<string[]> {
  const deadline = lower(options.deadlineMs, DEADLINE_MS);
  // A copy, handed over to the thread without another: the caller's bytes stay usable.
  const copy = new Uint8Array(bytes);
  let answer: WorkerAnswer;
  try {
    answer = (await pdfThread().run(
      { kind: 'extract', bytes: copy, maxPages: lower(options.maxPages, MAX_PAGES), maxChars: lower(options.maxChars, MAX_CHARS) },
      { transferList: [copy.buffer], signal: AbortSignal.timeout(deadline) },
    )) as WorkerAnswer;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof Error && err.name === 'AbortError') throw new PdfTextError('timeout', `not done in ${deadline} ms`);
    if (/queue is at limit/i.test(message)) throw new PdfTextError('busy', 'too many PDFs waiting');
    throw new PdfTextError('failed', message);
  }
  if (answer.error || !answer.pages) throw new PdfTextError(answer.error ?? 'damaged', answer.message ?? 'no pages');
  return answer.pages;
}

/** For tests and logs: threads running now, PDFs waiting. */
export function pdfTextStats(): { threads: number; waiting: number } {
  return { threads: pool?.threads.length ?? 0, waiting: pool?.queueSize ?? 0 };
}

/** Ends the PDF thread now (it would end by itself after IDLE_MS): for tests, and the demo seed once its PDFs are read. */
export async function closePdfTextWork(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
