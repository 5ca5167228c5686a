import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../db/db';
import { writeRendition } from './image-work';
import { mediaRoot } from './paths';
import { renditionKey } from './renditions';
import { findServedAttachment, type ServedAttachment } from './repository';

/** The media files of one app: where they are, which may be served, and renditions made on demand. */
export class MediaService {
  /** DATA_DIR/media. */
  readonly root: string;
  /** Renditions being made now, by file: a second request for one waits for the first. */
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Queryable,
    dataDir: string,
  ) {
    this.root = mediaRoot(dataDir);
    mkdirSync(this.root, { recursive: true });
  }

  /** An attachment of a published or archived post; undefined for any other id. */
  servedAttachment(id: number): Promise<ServedAttachment | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return Promise.resolve(undefined);
    return findServedAttachment(this.db, id);
  }

  /**
   * The cached rendition's key, made first when missing (once, however many requests ask at the
   * same moment; written beside and renamed, so a reader never gets half a file).
   */
  rendition(storageKey: string, width: number): Promise<string> {
    const key = renditionKey(storageKey, width);
    const file = path.join(this.root, key);
    if (existsSync(file)) return Promise.resolve(key);
    let job = this.pending.get(file);
    if (!job) {
      job = (async () => {
        mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        try {
          // On the image thread, a bounded number at a time, within the same pixel limit as uploads.
          await writeRendition(path.join(this.root, storageKey), tmp, width);
          renameSync(tmp, file);
          return key;
        } catch (err) {
          rmSync(tmp, { force: true });
          throw err;
        }
      })().finally(() => this.pending.delete(file));
      this.pending.set(file, job);
    }
    return job;
  }

  /** Waits for the renditions under way, so that no half-written file outlives the app. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }
}
