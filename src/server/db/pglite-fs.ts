import { MemoryFS, type PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where PGlite's Postgres finds its data folder inside its own file system. */
const PGDATA = '/pglite/data';

/**
 * The embedded database's files in a folder of this machine, as PGlite's own NodeFS keeps them
 * (Emscripten's NODEFS mounted on the data folder): same files, same calls, same durability.
 *
 * It differs only in what it is: a MemoryFS, to PGlite. A new database is made by initdb in a
 * second, temporary Postgres; for a MemoryFS PGlite lets that one write straight into this one's
 * file system (PROXYFS), for a NodeFS it writes into its own memory and is then copied over as a
 * tar file, unpacked file by file — the data folder held three times at once beside two
 * Postgres heaps. The first start's peak came from there: 784 MB resident for the database's
 * creation alone in a bare Node process, 547 MB this way. Should a later PGlite
 * copy for every file system, this one is copied into like NodeFS: slower, never wrong.
 */
export class PgliteFolderFs extends MemoryFS {
  private readonly rootDir: string;

  constructor(folder: string) {
    super();
    this.rootDir = path.resolve(folder);
    mkdirSync(this.rootDir, { recursive: true });
  }

  override async init(pg: PGlite, opts: Parameters<MemoryFS['init']>[1]): ReturnType<MemoryFS['init']> {
    this.pg = pg;
    const rootDir = this.rootDir;
    return {
      emscriptenOpts: {
        ...opts,
        preRun: [
          ...(opts.preRun ?? []),
          // PGlite's types name Emscripten's (@types/emscripten), which it does not bring: the
          // module's type is unresolved, so the two calls made on it are typed here.
          (mod: { FS: { mkdirTree(path: string): void; mount(type: unknown, opts: { root: string }, mountpoint: string): void }; NODEFS: unknown }) => {
            mod.FS.mkdirTree(PGDATA);
            mod.FS.mount(mod.NODEFS, { root: rootDir }, PGDATA);
          },
        ],
      },
    };
  }
}
