/**
 * The open data's folder (DATA_DIR/opendata/): files written whole or not at all, the days held,
 * the old ones deleted, and a lock for the processes sharing the folder.
 *
 * A file is written under a temporary name (a dot first: never served, never listed), flushed to
 * the disk, then renamed into place, and the folder flushed: a process killed mid-export leaves
 * at most a temporary file, which the next run deletes once it is old, and the day is made again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { dayOfFile, manifestName } from './names';

/** A temporary file's name: hidden, and naming its process. */
const temporaryName = (name: string) => `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
const TEMPORARY = /^\..+\.tmp$/;

/** The folder itself flushed, so that a rename in it survives a crash of the machine. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A small file (a manifest, its signature) written whole under its name, or not at all. */
export async function writeWhole(dir: string, name: string, text: string): Promise<void> {
  const temporary = path.join(dir, temporaryName(name));
  try {
    await writeFile(temporary, text, { flush: true });
    await rename(temporary, path.join(dir, name));
  } catch (err) {
    await unlink(temporary).catch(() => undefined);
    throw err;
  }
  await syncFolder(dir);
}

/** What a gzip file holds once written: its size and SHA-256 as served (compressed). */
export interface Written {
  bytes: number;
  sha256: string;
}

/**
 * A gzip file written as a stream (text in, compressed bytes hashed and counted on their way to
 * the disk): `write` waits while the disk is behind, so that memory holds a batch at most.
 */
export class GzipFile {
  private readonly temporary: string;
  private readonly gzip: Gzip;
  private readonly done: Promise<void>;
  private bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(
    private readonly dir: string,
    readonly name: string,
  ) {
    this.temporary = path.join(dir, temporaryName(name));
    // The same bytes for the same text, whatever the process (Node's gzip header has no time).
    this.gzip = createGzip({ level: 6 });
    const count = new Transform({
      transform: (chunk: Buffer, _enc, next) => {
        this.bytes += chunk.length;
        this.hash.update(chunk);
        next(null, chunk);
      },
    });
    this.done = pipeline(this.gzip, count, createWriteStream(this.temporary, { flags: 'wx', flush: true }));
    // A failure is told by `write` or `close`; this keeps it from being unhandled meanwhile.
    this.done.catch(() => undefined);
  }

  async write(text: string): Promise<void> {
    if (!text) return;
    if (!this.gzip.write(text)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  /** Finished, flushed and renamed into place. */
  async close(): Promise<Written> {
    this.gzip.end();
    await this.done;
    await rename(this.temporary, path.join(this.dir, this.name));
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }

  /** Given up: the temporary file deleted. */
  async discard(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await unlink(this.temporary).catch(() => undefined);
  }
}

/** The open data's folder, made when missing. */
export async function ensureFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

/** The days whose manifest is here (their export complete), newest first. */
export async function completeDays(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const days = names.filter((n) => dayOfFile(n) && n === manifestName(dayOfFile(n)!)).map((n) => dayOfFile(n)!);
  return days.sort().reverse();
}

/** Whether a file is there (a regular file: never a folder). */
export async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** A file of the folder's text, or undefined when it is not there. */
export async function readText(dir: string, name: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(dir, name), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Retention of the folder: the files of days older than the `keep` newest complete ones deleted
 * (each day's manifest first, so that no listed day lacks a file), and temporary files older
 * than `staleMs` (left by a process that stopped mid-write). Returns the names deleted.
 */
export async function deleteOldFiles(dir: string, keep: number, staleMs: number, now = Date.now()): Promise<string[]> {
  const days = await completeDays(dir);
  if (!days.length) return [];
  const oldestKept = days[Math.min(keep, days.length) - 1];
  const names = await readdir(dir);
  const gone: string[] = [];
  const old = names.filter((n) => {
    const day = dayOfFile(n);
    return day !== undefined && day < oldestKept;
  });
  // Manifests first: a day is listed only while all its files are here.
  old.sort((a, b) => Number(b.includes('manifest')) - Number(a.includes('manifest')));
  for (const name of old) {
    await unlink(path.join(dir, name)).catch(() => undefined);
    gone.push(name);
  }
  for (const name of names.filter((n) => TEMPORARY.test(n))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > staleMs) {
      await unlink(file).catch(() => undefined);
      gone.push(name);
    }
  }
  return gone;
}

/**
 * A lock on the folder for the processes that share it (the workers of one machine): a file
 * made only when absent, touched while held, taken over once older than `staleMs` (its process
 * stopped). Two processes taking over one stale lock at the same instant would both make the
 * same files, renamed into place whole: wasted work, never a wrong file.
 */
export class FolderLock {
  private readonly file: string;
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    dir: string,
    private readonly staleMs: number,
  ) {
    this.file = path.join(dir, '.lock');
  }

  async acquire(): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await writeFile(this.file, this.owner, { flag: 'wx' });
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const info = await stat(this.file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs <= this.staleMs) return false;
      await unlink(this.file).catch(() => undefined);
    }
    return false;
  }

  /** Still held: its time renewed. */
  async touch(): Promise<void> {
    const now = new Date();
    await utimes(this.file, now, now).catch(() => undefined);
  }

  async release(): Promise<void> {
    // Only our own lock: one taken over meanwhile is the other process's.
    if ((await readText(path.dirname(this.file), '.lock')) === this.owner) await unlink(this.file).catch(() => undefined);
  }
}
