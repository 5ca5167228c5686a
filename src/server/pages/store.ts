import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeptPage } from './kept-page';

/** What a page's file says of it besides its two bodies. */
type Header = Omit<KeptPage, 'br' | 'gzip'> & { key: string; brBytes: number; gzipBytes: number };

const SUFFIX = '.page';
/** A header longer than this is not one of ours. */
const MAX_HEADER = 1024 * 1024;

/**
 * Drawn pages on disk (issue 29), so that they survive a restart: one file per page under
 * `DATA_DIR/pages`, named by the hash of its key, within a byte budget (the least recently used
 * go first). Only a copy: the page cache (cache.ts) keeps what it serves in memory and comes here
 * when it has no page for a key, and a page read back is checked like any other (the content
 * version, the view counts) before a reader gets it. Files are written whole and renamed into
 * place, so a crash leaves an old page or a new one, never half of one.
 */
export class PageStore {
  /** file name → its bytes, least recently used first (a Map keeps the order of insertion). */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  private opened: Promise<void> | null = null;
  private temp = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** The files already there, oldest first, trimmed to the budget. Called once, by the first use. */
  open(): Promise<void> {
    this.opened ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: Array<{ name: string; bytes: number; at: number }> = [];
      for (const name of await readdir(this.dir)) {
        const file = path.join(this.dir, name);
        if (!name.endsWith(SUFFIX)) {
          // A write a crash cut short.
          if (name.endsWith('.tmp')) await unlink(file).catch(() => undefined);
          continue;
        }
        const info = await stat(file).catch(() => null);
        if (info) found.push({ name, bytes: info.size, at: info.mtimeMs });
      }
      found.sort((a, b) => a.at - b.at);
      for (const { name, bytes } of found) this.note(name, bytes);
      await this.trim();
    })();
    return this.opened;
  }

  get size(): number {
    return this.files.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The page kept for a key, if there is one on disk. */
  async read(key: string): Promise<KeptPage | undefined> {
    if (this.maxBytes <= 0) return undefined;
    await this.open();
    const name = fileOf(key);
    if (!this.files.has(name)) return undefined;
    try {
      const data = await readFile(path.join(this.dir, name));
      const found = decode(data);
      if (found?.key !== key) return undefined;
      const { page } = found;
      // Used now: the last to go.
      this.files.delete(name);
      this.files.set(name, data.length);
      return page;
    } catch (err) {
      this.forget(name);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(err);
      return undefined;
    }
  }

  /** The pages on disk, most recently used first, each with its key (what a restart reads back into memory). */
  async *newest(): AsyncGenerator<[key: string, page: KeptPage]> {
    if (this.maxBytes <= 0) return;
    await this.open();
    for (const name of [...this.files.keys()].reverse()) {
      const data = await readFile(path.join(this.dir, name)).catch(() => null);
      const found = data && decode(data);
      if (found) yield [found.key, found.page];
    }
  }

  /** Keeps a page for a key (replacing the one there); never throws. */
  async write(key: string, page: KeptPage): Promise<void> {
    if (this.maxBytes <= 0) return;
    try {
      await this.open();
      const data = encode(key, page);
      if (data.length > this.maxBytes) return;
      const name = fileOf(key);
      const temp = path.join(this.dir, `${name}.${process.pid}.${this.temp++}.tmp`);
      await writeFile(temp, data);
      await rename(temp, path.join(this.dir, name));
      this.forget(name);
      this.note(name, data.length);
      await this.trim();
    } catch (err) {
      this.onError(err);
    }
  }

  /** Forgets the page of a key (found out of date). */
  async delete(key: string): Promise<void> {
    if (this.maxBytes <= 0) return;
    await this.open();
    const name = fileOf(key);
    if (!this.files.has(name)) return;
    this.forget(name);
    await unlink(path.join(this.dir, name)).catch(() => undefined);
  }

  private note(name: string, bytes: number): void {
    this.files.set(name, bytes);
    this.bytes += bytes;
  }

  private forget(name: string): void {
    const bytes = this.files.get(name);
    if (bytes === undefined) return;
    this.files.delete(name);
    this.bytes -= bytes;
  }

  /** Removes the least recently used pages while the files take more than the budget. */
  private async trim(): Promise<void> {
    while (this.bytes > this.maxBytes) {
      const oldest = this.files.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
      await unlink(path.join(this.dir, oldest)).catch(() => undefined);
    }
  }
}

/** A key's file: 128 bits of its SHA-256 (a key holds the build, origin, address and preferences). */
const fileOf = (key: string) => `${createHash('sha256').update(key).digest('base64url').slice(0, 22)}${SUFFIX}`;

/** The header's length (4 bytes), the header (JSON), the brotli body, the gzip body. */
function encode(key: string, { br, gzip, ...rest }: KeptPage): Buffer {
  const header: Header = { ...rest, key, brBytes: br.length, gzipBytes: gzip.length };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, br, gzip]);
}

/** The page in a file and its key, if it is whole (the caller checks the key is the one it asked for: not another's with the same hash). */
function decode(data: Buffer): { key: string; page: KeptPage } | undefined {
  if (data.length < 4) return undefined;
  const length = data.readUInt32BE(0);
  if (length > MAX_HEADER || 4 + length > data.length) return undefined;
  let header: Header;
  try {
    header = JSON.parse(data.subarray(4, 4 + length).toString('utf8')) as Header;
  } catch {
    return undefined;
  }
  const { key, brBytes, gzipBytes, ...rest } = header;
  if (typeof key !== 'string' || 4 + length + brBytes + gzipBytes !== data.length) return undefined;
  const br = data.subarray(4 + length, 4 + length + brBytes);
  const gzip = data.subarray(4 + length + brBytes);
  return { key, page: { ...rest, br, gzip } };
}
