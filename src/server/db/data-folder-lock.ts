import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite's files may be served by one process only: two processes on one folder each keep their
 * own copy of the database in memory and overwrite each other's writes (confirmed writes were
 * lost, and ids handed out twice). So the folder is locked before PGlite opens it, and a second
 * process stops at once.
 */
export class DataFolderInUse extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';

  constructor(readonly folder: string) {
    super(
      `Another Qarar process is already serving the data folder ${folder}. ` +
        'One data folder can be served by one process only; to run several processes, use PostgreSQL (set DATABASE_URL).\n' +
        `عملية أخرى من قرار تخدم مجلد البيانات ${folder} بالفعل. ` +
        'لا يخدم مجلدَ البيانات الواحد إلا عملية واحدة؛ ولتشغيل عدة عمليات استخدم PostgreSQL (اضبط DATABASE_URL).',
    );
    this.name = 'DataFolderInUse';
  }
}

/** Said when a held lock was taken away (its folder removed, or another process took it over). */
export function lockLostMessage(folder: string): string {
  return (
    `The lock on the data folder ${folder} was lost; stopping so that two processes never write it at once.\n` +
    `فُقد القفل على مجلد البيانات ${folder}؛ تتوقف العملية كي لا تكتب فيه عمليتان معًا.`
  );
}

/**
 * A lock nobody refreshed for this long belongs to a process that is gone. The holder refreshes
 * it every UPDATE_MS; a lock of a process on this machine is judged by its owner file at once
 * (see ownerState), so this only matters when that cannot tell (another host, no owner file).
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

interface Owner {
  pid: number;
  host: string;
  /** Linux: the boot the process ran in, and its start time, so a reused pid is not taken for it. */
  boot?: string;
  start?: string;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), on Linux. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote an owner file still runs; 'unknown' when that cannot be told from here. */
function ownerState(owner: Owner | undefined): 'alive' | 'gone' | 'unknown' {
  if (!owner || owner.host !== os.hostname()) return 'unknown';
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return 'gone';
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  // The pid runs, but it may be another process now (a restarted container reuses pids).
  const start = startTime(owner.pid);
  if (owner.start && start && owner.start !== start) return 'gone';
  return 'alive';
}

export interface DataFolderLock {
  release(): Promise<void>;
}

/**
 * Takes the exclusive lock on a data folder (created if missing): the directory `<folder>.lock`
 * beside it (proper-lockfile: made with mkdir, refreshed while held), and `<folder>.lock-owner`,
 * which names the holding process. Throws DataFolderInUse when another process — or another
 * open database in this one — holds it. A lock left by a process that was killed is taken over:
 * at once when its owner is known to be gone, else once it is stale (STALE_MS).
 */
export async function lockDataFolder(dir: string, onLost: (err: Error) => void): Promise<DataFolderLock> {
  mkdirSync(dir, { recursive: true });
  const folder = realpathSync(dir);
  const lockPath = `${folder}.lock`;
  const ownerPath = `${folder}.lock-owner`;

  if (existsSync(lockPath)) {
    const state = ownerState(readOwner(ownerPath));
    // A live owner keeps its lock even when it has not refreshed it for long (a busy event loop).
    if (state === 'alive') throw new DataFolderInUse(path.resolve(dir));
    if (state === 'gone') rmSync(lockPath, { recursive: true, force: true });
  }

  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(folder, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: onLost,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderInUse(path.resolve(dir));
    throw err;
  }
  const owner: Owner = { pid: process.pid, host: os.hostname(), boot: bootId(), start: startTime(process.pid) };
  writeFileSync(ownerPath, JSON.stringify(owner));

  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      rmSync(ownerPath, { force: true });
      await release().catch(() => undefined);
    },
  };
}
