import { createHash, randomBytes } from 'node:crypto';
import { BoundedCache, keyBytes, type CacheStats } from '../../cache/bounded-cache';
import type { PostKey } from './repository';

/** At most this many bytes of answers (and their addresses) kept per process (a feed page is about 60 kB). */
const MAX_BYTES = 32 * 1024 * 1024;

export interface Memo {
  signature: string;
  /** Encoded once: sending the same text again would encode it again. */
  body: Buffer;
  etag: string;
  /** When what it shows last changed (a feed's Last-Modified). */
  modified?: Date;
  /**
   * The content version and the views version it was read at (a list's answer, not bounded): it
   * is the answer at this address while both are still these — nothing a list shows changes
   * without moving one of them — which one light statement tells (list-answers.ts). A search's
   * answer is in one language: `lang`.
   */
  at?: { version: number; views: number; lang?: string };
}

/**
 * What an answer of a post list is made of: the content version, the list's size, and each
 * post's id and view count (a visitor has no bookmarks). Two answers to the same address with
 * the same signature are the same bytes.
 */
export function pageSignature(version: number, count: number, keys: PostKey[]): string {
  let signature = `${version}|${count}`;
  for (const k of keys) signature += `|${k.id}:${k.view_count}`;
  return signature;
}

/**
 * This process's answers: a validator names what an answer is made of (its signature), and the
 * code that made it from that may differ in another process (a new release).
 */
const MAKER = randomBytes(6).toString('base64');

/**
 * A weak validator for the answer at an address with a signature: two answers with the same
 * signature are the same bytes, so hashing the short signature stands for hashing the answer
 * (some 50 kB, a tenth of the time a page of kept posts takes).
 */
export function signatureEtag(address: string, signature: string): string {
  return `W/"${createHash('sha1').update(`${MAKER}\n${address}\n${signature}`).digest('base64')}"`;
}

/**
 * Serialized post-list answers for visitors, by address, each valid only for its signature —
 * which is read from the database on every request. Serializing and hashing a page of posts
 * costs more than the light query that tells whether it changed.
 */
export class PageMemo {
  private readonly memos = new BoundedCache<string, Memo>({
    maxBytes: MAX_BYTES,
    sizeOf: (memo) => memo.body.length + keyBytes(memo.signature) + keyBytes(memo.etag) + 64,
  });
  /** Answers found kept for their signature or not, for /metrics. */
  readonly stats: CacheStats = this.memos.stats;

  get(address: string, signature: string): Memo | undefined {
    return this.memos.lookup(address, (memo) => memo.signature === signature);
  }

  /** The answer kept at an address, whatever its signature (see Memo.at); not counted. */
  peek(address: string): Memo | undefined {
    return this.memos.peek(address);
  }

  /** Counts an answer served because its versions had not moved (Memo.at). */
  served(): void {
    this.stats.hit++;
  }

  /** Whether an answer is kept at this address, whatever its signature. */
  has(address: string): boolean {
    return this.memos.has(address);
  }

  keep(address: string, memo: Memo): void {
    this.memos.set(address, memo);
  }

  clear(): void {
    this.memos.clear();
  }
}
