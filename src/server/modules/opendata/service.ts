/**
 * The daily export of every published version (issue 30, point 6): once a UTC day, under
 * DATA_DIR/opendata/, the versions as JSON Lines and as CSV (gzip), a manifest of the files'
 * SHA-256 and the manifest's Ed25519 signature (README.md beside this file).
 *
 * Who makes a day's files, when several processes serve one database:
 * - the day is claimed in the database (opendata_exports): one process makes it, the others find
 *   it held; a claim whose process stopped beating is taken over once stale;
 * - the processes that share a DATA_DIR (the workers of one machine) share its files: a lock in
 *   the folder keeps two of them from making the same files at once;
 * - a process whose DATA_DIR lacks a finished day's files (another server, or a folder wiped)
 *   makes them again from the versions of that day's cutoff: the same bytes, checked against the
 *   SHA-256 the day's row keeps (one that differs is said in the log, and that server's manifest
 *   lists its own files: what a server lists, it serves).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/db';
import type { SigningKey } from '../signing/keys';
import { KEYS_PATH } from '../signing/plugin';
import { writeExport } from './export';
import { completeDays, deleteOldFiles, ensureFolder, FolderLock, isFile, readText, writeWhole } from './files';
import { manifestOf, manifestText, signManifest, type FileFacts, type Manifest } from './manifest';
import { dayOf, dayOfFile, LATEST_MANIFEST, LATEST_SIGNATURE, manifestName, signatureName } from './names';
import { beat, claimDay, deleteOldDays, findDay, finishDay, releaseDay, type DayRow } from './repository';

/** Days whose exports are kept (the plugin's keepDays): older files and rows are deleted. */
export const KEEP_DAYS = 7;
/** A claim (or the folder's lock) not renewed for this long is taken over: its process stopped. */
export const STALE_MS = 2 * 60_000;
/** How often a claim is renewed while its export runs. */
export const HEARTBEAT_MS = 15_000;
/** A temporary file older than this is left from a process that stopped: deleted. */
export const TEMPORARY_MAX_AGE_MS = 60 * 60_000;

export interface OpenDataOptions {
  db: Db;
  dataDir: string;
  key: SigningKey;
  /** The portal's origin, for the versions' addresses ('' for paths alone). */
  origin: string;
  keepDays?: number;
  staleMs?: number;
  heartbeatMs?: number;
  batchSize?: number;
  /** Before a day is made: the signing key published (app.signer.ensurePublished). */
  beforeExport?: () => Promise<void>;
  /** What a run in the background did, or how it failed. */
  onOutcome?: (outcome: RunOutcome) => void;
  onError?: (err: unknown) => void;
}

/** What one run did. */
export type RunOutcome =
  /** This process claimed the day and made its files. */
  | { done: 'exported'; day: string; rows: number; files: FileFacts[]; ms: number }
  /** The day was made by another process with another DATA_DIR: made again here (`same`: byte for byte). */
  | { done: 'copied'; day: string; rows: number; same: boolean; ms: number }
  /**
   * Nothing to do: the day's files are here (`current`), another process is making them (`held`,
   * or `locked` when it shares this folder), this process is already at it (`busy`), or it is
   * closing (`closing`).
   */
  | { done: 'nothing'; day: string; why: 'current' | 'held' | 'locked' | 'busy' | 'closing' };

/** The claim was taken over by another process (this one was thought stopped): its work is left. */
class ClaimLost extends Error {
  constructor(day: string) {
    super(`the open data export of ${day} was taken over by another process`);
  }
}

/** What GET /data/ answers. */
export interface DataIndex {
  manifest: string;
  signature: string;
  keys: string;
  docs: string;
  /** The latest complete day's manifest, null before the first export. */
  latest: Manifest | null;
  /** Every complete day held, newest first. */
  days: Array<{ date: string; manifest: string; signature: string; files: string[] }>;
}

/** Where the files are served (modules/opendata/routes.ts). */
export const DATA_PATH = '/data/';

/** How long a cache may keep manifest.json (the latest day's: it changes once a day) and a day's own files. */
const LATEST_MAX_AGE_S = 300;
const DAY_FILE_MAX_AGE_S = 86_400;

/** A file of the folder as served. */
export interface ServedFile {
  /** Its name in the folder. */
  name: string;
  /** Sent as a download (Content-Disposition: attachment). */
  download: boolean;
  maxAgeSeconds: number;
}

export class OpenDataService {
  /** DATA_DIR/opendata: the files, served under /data/. */
  readonly dir: string;
  private readonly keepDays: number;
  private readonly staleMs: number;
  private readonly heartbeatMs: number;
  /** This process, as its claims name it. */
  private readonly me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private running: Promise<RunOutcome> | null = null;
  private readonly closing = new AbortController();
  /** The day whose old files and rows this process last deleted. */
  private retainedFor: string | null = null;

  constructor(private readonly options: OpenDataOptions) {
    this.dir = path.join(options.dataDir, 'opendata');
    this.keepDays = Math.max(1, options.keepDays ?? KEEP_DAYS);
    this.staleMs = options.staleMs ?? STALE_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /**
   * The scheduled work's step: a run started in the background unless one is under way here, so
   * that an export of minutes never holds up the steps after it (publishing, alerts) nor the
   * jobs' lock. What it did, or its failure, is told to onOutcome / onError.
   */
  step(now = new Date()): void {
    if (this.running || this.closing.signal.aborted) return;
    this.run(now).then(
      (outcome) => this.options.onOutcome?.(outcome),
      // A run stopped by closing is no failure.
      (err: unknown) => this.closing.signal.aborted || this.options.onError?.(err),
    );
  }

  /**
   * The day's export made if it is this process's to make (at most one run at a time here):
   * what it did. `redo` makes a finished day again (an operator's new export of the day).
   */
  run(now = new Date(), { redo = false }: { redo?: boolean } = {}): Promise<RunOutcome> {
    const day = dayOf(now);
    if (this.closing.signal.aborted) return Promise.resolve({ done: 'nothing', day, why: 'closing' });
    if (this.running) return Promise.resolve({ done: 'nothing', day, why: 'busy' });
    const run = this.runOnce(day, redo).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /** The run under way stopped between batches (its temporary files deleted, its claim given up), and waited for. */
  async close(): Promise<void> {
    this.closing.abort(new Error('closing'));
    await this.running?.catch(() => undefined);
  }

  private async runOnce(day: string, redo: boolean): Promise<RunOutcome> {
    const { db } = this.options;
    await ensureFolder(this.dir);
    let outcome: RunOutcome;
    const row = await findDay(db, day);
    if (row?.state === 'done' && !redo) {
      outcome = (await this.isHere(row)) ? { done: 'nothing', day, why: 'current' } : await this.locked(day, () => this.copy(row));
    } else {
      // Claimed unless another process holds it (claimDay judges whether its claim is stale).
      outcome = await this.locked(day, () => this.produce(day, redo));
    }
    if (outcome.done !== 'nothing' || this.retainedFor !== day) {
      await this.retention();
      this.retainedFor = day;
    }
    return outcome;
  }

  /** `work` under the folder's lock, or `locked` when another process sharing the folder holds it. */
  private async locked(day: string, work: () => Promise<RunOutcome>): Promise<RunOutcome> {
    const lock = new FolderLock(this.dir, this.staleMs);
    if (!(await lock.acquire())) return { done: 'nothing', day, why: 'locked' };
    const touching = setInterval(() => void lock.touch(), Math.max(1000, Math.floor(this.heartbeatMs / 2)));
    touching.unref();
    try {
      return await work();
    } finally {
      clearInterval(touching);
      await lock.release();
    }
  }

  /** The day claimed and made: its files, then its row marked done, then its manifest and signature. */
  private async produce(day: string, redo: boolean): Promise<RunOutcome> {
    const { db } = this.options;
    const started = Date.now();
    await this.options.beforeExport?.();
    const claim = await claimDay(db, day, this.me, this.staleMs / 1000, redo);
    if (!claim) return { done: 'nothing', day, why: 'held' };
    let lastBeat = Date.now();
    try {
      const files = await this.write(day, claim.cutoff, async () => {
        if (Date.now() - lastBeat < this.heartbeatMs) return;
        lastBeat = Date.now();
        if (!(await beat(db, day, this.me))) throw new ClaimLost(day);
      });
      const finished = await finishDay(db, day, this.me, files);
      if (!finished) throw new ClaimLost(day);
      await this.writeManifest(day, finished, claim.cutoff, files);
      return { done: 'exported', day, rows: files[0].rows, files, ms: Date.now() - started };
    } catch (err) {
      // Closing: the day left for the next process at once (otherwise it waits for the claim to go stale).
      if (this.closing.signal.aborted) await releaseDay(db, day, this.me).catch(() => undefined);
      throw err;
    }
  }

  /** A day made by a process with another folder, made again here from the versions of its cutoff. */
  private async copy(row: DayRow): Promise<RunOutcome> {
    const started = Date.now();
    // Made meanwhile by a process sharing the folder (it held the lock until it had).
    if (await this.isHere(row)) return { done: 'nothing', day: row.day, why: 'current' };
    const files = await this.write(row.day, row.cutoff);
    const kept = new Map((row.files ?? []).map((f) => [f.name, f.sha256]));
    const same = files.every((f) => kept.get(f.name) === f.sha256) && files.length === kept.size;
    await this.writeManifest(row.day, row.finished_at!, row.cutoff, files);
    return { done: 'copied', day: row.day, rows: files[0].rows, same, ms: Date.now() - started };
  }

  private write(day: string, cutoff: Date, onBatch?: () => Promise<void>): Promise<FileFacts[]> {
    const { db, origin, batchSize } = this.options;
    return writeExport({ db, dir: this.dir, day, cutoff: new Date(cutoff), origin, signal: this.closing.signal, onBatch, batchSize });
  }

  /** The signature first, then the manifest: a day is listed (its manifest here) only once all its files are. */
  private async writeManifest(day: string, generatedAt: Date, cutoff: Date, files: FileFacts[]): Promise<void> {
    const text = manifestText(manifestOf(day, new Date(generatedAt), new Date(cutoff), files, KEYS_PATH));
    await writeWhole(this.dir, signatureName(day), `${JSON.stringify(signManifest(manifestName(day), text, this.options.key))}\n`);
    await writeWhole(this.dir, manifestName(day), text);
  }

  /** Whether this folder holds the day as its row says it was made (the same generation). */
  private async isHere(row: DayRow): Promise<boolean> {
    const text = await readText(this.dir, manifestName(row.day));
    if (!text || !row.finished_at) return false;
    try {
      return (JSON.parse(text) as Manifest).generated_at === new Date(row.finished_at).toISOString();
    } catch {
      return false;
    }
  }

  /** Retention: the files and rows of days older than the kept ones, and temporary files left behind. */
  async retention(): Promise<{ files: string[]; days: number }> {
    const files = await deleteOldFiles(this.dir, this.keepDays, TEMPORARY_MAX_AGE_MS);
    const days = await deleteOldDays(this.options.db, this.keepDays);
    return { files, days };
  }

  /** The latest complete day held here, if any. */
  async latestDay(): Promise<string | undefined> {
    return (await completeDays(this.dir))[0];
  }

  /**
   * The file served for a name under /data/, or undefined: a day's file by its own name (each
   * name checked against the open data's: nothing else of the folder or beyond is reachable),
   * or manifest.json / manifest.sig.json for the latest complete day's.
   */
  async servedFile(name: string): Promise<ServedFile | undefined> {
    if (name === LATEST_MANIFEST || name === LATEST_SIGNATURE) {
      const day = await this.latestDay();
      if (!day) return undefined;
      return { name: name === LATEST_MANIFEST ? manifestName(day) : signatureName(day), download: false, maxAgeSeconds: LATEST_MAX_AGE_S };
    }
    if (!dayOfFile(name) || !(await isFile(path.join(this.dir, name)))) return undefined;
    return { name, download: name.endsWith('.gz'), maxAgeSeconds: DAY_FILE_MAX_AGE_S };
  }

  /** The folder's index: the latest manifest, and every day held. */
  async index(): Promise<DataIndex> {
    const days = await completeDays(this.dir);
    const held: DataIndex['days'] = [];
    let latest: Manifest | null = null;
    for (const day of days) {
      const text = await readText(this.dir, manifestName(day));
      if (!text) continue;
      const manifest = JSON.parse(text) as Manifest;
      latest ??= manifest;
      held.push({
        date: day,
        manifest: DATA_PATH + manifestName(day),
        signature: DATA_PATH + signatureName(day),
        files: manifest.files.map((f) => DATA_PATH + f.name),
      });
    }
    return {
      manifest: DATA_PATH + LATEST_MANIFEST,
      signature: DATA_PATH + LATEST_SIGNATURE,
      keys: KEYS_PATH,
      docs: '/api/docs',
      latest,
      days: held,
    };
  }
}
