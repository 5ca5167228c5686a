import path from 'node:path';
import Piscina from 'piscina';
import sharp from 'sharp';

/**
 * The most pixels an image may have to be worked on (25 megapixels, more than a phone camera's
 * 24): decoding costs memory and time by pixels, not bytes, and a few hundred kilobytes of PNG
 * can describe 64 megapixels. Checked from the header, before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** At most this many images are worked on at once: one thread, two images in it. */
const THREADS = 1;
const PER_THREAD = 2;
export const MAX_CONCURRENT_IMAGES = THREADS * PER_THREAD;
/** Images that may wait for the thread; past it the work is refused (ImagesBusy) rather than queued. */
const QUEUE = 32;
/** The thread ends after this long without work, and starts again with the next image. */
const IDLE_MS = 15_000;

/** Plain CommonJS, loaded as written in the worker thread (see the file for why). */
const WORKER_FILE = path.join(__dirname, 'image-worker.js');

// Settings of libvips, which every thread of the process shares (the worker sets them too):
// no operation cache (nothing is worked on twice), one libvips thread per image. Loading sharp
// here also keeps its libraries loaded in the main thread while worker threads come and go.
sharp.cache(false);
sharp.concurrency(1);

/** Too many images are waiting to be worked on: try again shortly. */
export class ImagesBusy extends Error {
  constructor() {
    super('too many images waiting');
  }
}

export type ImageRefusal = 'notAnImage' | 'tooManyPixels';

let pool: Piscina | null = null;

/**
 * The image thread: a piscina pool, so that image work is bounded (MAX_CONCURRENT_IMAGES at a
 * time, QUEUE waiting) and runs beside the event loop, and so that an idle server holds no
 * image thread at all. One per process, shared by every app in it.
 */
function images(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: THREADS,
    concurrentTasksPerWorker: PER_THREAD,
    maxQueue: QUEUE,
    idleTimeout: IDLE_MS,
    atomics: 'disabled',
  });
  return pool;
}

async function run<T>(task: Record<string, unknown>): Promise<T> {
  try {
    return (await images().run(task)) as T;
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new ImagesBusy();
    throw err;
  }
}

/** For tests and logs: threads running now, images being worked on and waiting. */
export function imageWorkStats(): { threads: number; waiting: number } {
  return { threads: pool?.threads.length ?? 0, waiting: pool?.queueSize ?? 0 };
}

/**
 * An uploaded picture as a WebP of at most `side` px a side, upright, metadata stripped; or why
 * not: not a JPEG, PNG or WebP image sharp can read, or more than MAX_INPUT_PIXELS pixels.
 */
export async function avatarWebp(bytes: Buffer, side: number): Promise<{ webp: Buffer } | { error: ImageRefusal }> {
  const res = await run<{ webp?: Uint8Array; error?: ImageRefusal }>({ kind: 'avatar', bytes, side, maxPixels: MAX_INPUT_PIXELS });
  if (res.error || !res.webp) return { error: res.error ?? 'notAnImage' };
  return { webp: Buffer.from(res.webp.buffer, res.webp.byteOffset, res.webp.byteLength) };
}

/** An uploaded attachment image: format, upright size and a WebP thumbnail; or why not. */
export async function attachmentImage(
  bytes: Buffer,
  side: number,
): Promise<{ format: 'jpeg' | 'png' | 'webp'; width: number; height: number; thumb: Buffer } | { error: ImageRefusal }> {
  const res = await run<{ format?: 'jpeg' | 'png' | 'webp'; width?: number; height?: number; thumb?: Uint8Array; error?: ImageRefusal }>({
    kind: 'attachment',
    bytes,
    side,
    maxPixels: MAX_INPUT_PIXELS,
  });
  if (res.error || !res.thumb || !res.format) return { error: res.error ?? 'notAnImage' };
  return { format: res.format, width: res.width!, height: res.height!, thumb: Buffer.from(res.thumb.buffer, res.thumb.byteOffset, res.thumb.byteLength) };
}

/** Writes the stored image `input` at `width` px as WebP into `output`; throws when it cannot. */
export async function writeRendition(input: string, output: string, width: number): Promise<void> {
  const res = await run<{ error?: ImageRefusal }>({ kind: 'rendition', input, output, width, maxPixels: MAX_INPUT_PIXELS });
  if (res.error) throw new Error(`no rendition of ${path.basename(input)}: ${res.error}`);
}

/** Ends the image thread now (it would end by itself after IDLE_MS); for tests. */
export async function closeImageWork(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
