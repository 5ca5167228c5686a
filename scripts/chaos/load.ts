import { call, newReader, type Answer } from './client';
import { sleep } from './server';

/** What the readers and the writer saw during a case. */
export interface LoadStats {
  requests: number;
  /** Answers by status (0: the connection failed — the process was down). */
  statuses: Map<number, number>;
  /** 200s served from a copy kept while the database was away (marked stale by the server). */
  stale: number;
  /** 503s without a Retry-After header or a message (an outage must say when to come back). */
  bare503: number;
  /** Writes the server confirmed (2xx): each must still be there afterwards. */
  confirmed: string[];
  /** Times of every answer to a write, for the recovery measure. */
  writes: Array<{ at: number; ok: boolean }>;
  /** The writers' accounts. */
  accounts: Writer[];
}

export function newStats(): LoadStats {
  return { requests: 0, statuses: new Map(), stale: 0, bare503: 0, confirmed: [], writes: [], accounts: [] };
}

function count(stats: LoadStats, a: Answer): void {
  stats.requests += 1;
  stats.statuses.set(a.status, (stats.statuses.get(a.status) ?? 0) + 1);
  if (a.status === 200 && /stale/i.test(`${a.headers.get('warning') ?? ''} ${a.headers.get('x-qarar-stale') ?? ''}`)) stats.stale += 1;
  if (a.status === 503 && (!a.headers.get('retry-after') || !a.body)) stats.bare503 += 1;
}

/** 5xx answers other than 503 (an outage's honest answer): each is a failure of the case. */
export function serverErrors(stats: LoadStats): number {
  let n = 0;
  for (const [status, k] of stats.statuses) if (status >= 500 && status !== 503) n += k;
  return n;
}

/**
 * Eight readers asking varied pages and answers (a random post of `slugs`, a list page, a
 * drawn page) and one writer bookmarking posts one after another, until
 * `stop` is aborted. The writer remembers each bookmark the server confirmed.
 */
export async function runLoad(base: string, slugs: string[], stop: AbortSignal, stats: LoadStats, readers = 8): Promise<void> {
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const reader = async () => {
    while (!stop.aborted) {
      const slug = encodeURIComponent(pick(slugs));
      const r = Math.random();
      const url =
        r < 0.4 ? `/api/v1/content/posts/${slug}/` : r < 0.6 ? `/api/v1/content/posts/?page=${1 + Math.floor(Math.random() * 5)}` : r < 0.9 ? `/post/${slug}` : `/types/${1 + Math.floor(Math.random() * 9)}`;
      const a = await call(base, 'GET', url, { timeoutMs: 10_000, lang: Math.random() < 0.5 ? 'ar' : 'en' });
      count(stats, a);
      if (a.status === 0) await sleep(50);
    }
  };
  // Each write is a new bookmark (a post this reader has not kept yet); when the reader has
  // kept every post, a new reader takes over. What the server confirmed is checked at the end.
  const writer = async () => {
    let i = 0;
    let account: Writer | null = null;
    while (!stop.aborted) {
      if (!account || i >= slugs.length) {
        account = await newWriter(base).catch(() => null);
        if (!account) {
          await sleep(100);
          continue;
        }
        stats.accounts.push(account);
        i = 0;
      }
      const slug = slugs[i];
      const a = await call(base, 'POST', `/api/v1/content/posts/${encodeURIComponent(slug)}/bookmark/`, { token: account.token, json: { notes: `chaos ${i}` }, timeoutMs: 10_000 });
      count(stats, a);
      const ok = a.status === 200 || a.status === 201;
      stats.writes.push({ at: Date.now(), ok });
      if (ok) {
        stats.confirmed.push(`${account.username} ${slug}`);
        i += 1;
      } else await sleep(50);
    }
  };
  await Promise.all([...Array.from({ length: readers }, reader), writer()]);
}

/** Seconds from `from` to the first confirmed write after it (Infinity when none). */
export function recoverySeconds(stats: LoadStats, from: number): number {
  const first = stats.writes.find((w) => w.at >= from && w.ok);
  return first ? (first.at - from) / 1000 : Infinity;
}

export interface Writer {
  username: string;
  token: string;
}

async function newWriter(base: string): Promise<Writer> {
  const r = await newReader(base, 'w');
  return { username: r.username, token: r.token };
}

/** Confirmed bookmarks no longer there (each reader's list read whole). */
export async function lostWrites(base: string, stats: LoadStats): Promise<number> {
  const kept = new Set<string>();
  for (const w of stats.accounts) {
    // The token may have expired while the process was down: the list is read signed in again.
    for (let page = 1; ; page++) {
      const a = await call(base, 'GET', `/api/v1/content/bookmarks/?page=${page}&page_size=100`, { token: w.token });
      if (a.status !== 200) throw new Error(`reading ${w.username}'s bookmarks answered ${a.status}`);
      for (const b of a.body.results as Array<{ post: { slug: string } }>) kept.add(`${w.username} ${b.post.slug}`);
      if (!a.body.next) break;
    }
  }
  return stats.confirmed.filter((c) => !kept.has(c)).length;
}
