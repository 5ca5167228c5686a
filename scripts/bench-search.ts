/**
 * npm run bench:search [-- --posts 100000 --only postgres|pglite --prefixes 500 --queries 300 --connections 1]
 *
 * What a reader waits for while typing and filtering (issue 32): the latency of each request on
 * its own, not a throughput under saturation. Seeds (once, kept) the benchmarks' database of
 * --posts posts (PostgreSQL by default: scripts/bench-server.ts), starts the real server on it
 * and asks, in random order, each address once (first sight: nothing of it cached):
 *
 * - S1 suggestions for --prefixes distinct prefixes of words, organizations and titles of the
 *   demo text (2–8 letters, one or two words, Arabic and English, some with a leading #);
 * - F1 the explore counts (GET /content/facets/) for --queries distinct searches, half of them
 *   with a filter (a type, an organization, an in-force state or a year), and F0 the counts with
 *   no search (the explore screen as it opens), with each filter alone;
 * - C1 "did you mean" for the same searches with one letter changed.
 *
 * It prints, for each, the number of requests, p50, p95, p99 and the slowest in ms, and errors.
 * --connections N sends N at a time (1: one reader). Figures, not a pass/fail test.
 */
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { analyze } from '../src/shared/search/analyzer';
import { Random } from '../src/server/seed/random';
import { benchPostgres, startBenchServer } from './bench-server';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    only: { type: 'string', default: 'postgres' },
    prefixes: { type: 'string', default: '500' },
    queries: { type: 'string', default: '300' },
    connections: { type: 'string', default: '1' },
    port: { type: 'string', default: '3977' },
  },
});
const POSTS = Number(args.posts);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(args.connections);
const log = (msg: string) => console.log(`[bench:search] ${msg}`);

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(`${BASE}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Sample {
  url: string;
  ms: number;
  ok: boolean;
}

/** Asks every address, CONNECTIONS at a time, each timed on its own. */
async function timeAll(urls: string[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const start = performance.now();
      let ok = false;
      try {
        const res = await fetch(`${BASE}${url}`, { headers: { 'accept-encoding': 'identity' } });
        await res.arrayBuffer();
        ok = res.ok;
      } catch {
        ok = false;
      }
      samples.push({ url, ms: performance.now() - start, ok });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return samples;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function report(name: string, samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  const line = `${name.padEnd(52)} n=${String(samples.length).padStart(4)}  p50${f(pct(ms, 50))}  p95${f(pct(ms, 95))}  p99${f(pct(ms, 99))}  max${f(ms[ms.length - 1])}  errors ${samples.filter((s) => !s.ok).length}`;
  log(line);
  // Where the tail is: the slowest addresses, as a reader would have typed them.
  for (const s of [...samples].sort((a, b) => b.ms - a.ms).slice(0, 3)) log(`  ${s.ms.toFixed(0).padStart(6)} ms  ${decodeURIComponent(s.url)}`);
  return line;
}

/** Words, names and titles of the demo text, as the readers would start typing them. */
async function vocabulary(rng: Random): Promise<{ words: string[]; titles: string[]; names: string[] }> {
  const feed = await getJson<{ count: number }>('/api/v1/content/posts/?page_size=1');
  const pages = Math.max(1, Math.floor(feed.count / 100));
  const words = new Set<string>();
  const titles: string[] = [];
  for (let i = 0; i < 12; i++) {
    const page = await getJson<{ results: { title: string; title_ar: string; summary_ar: string }[] }>(
      `/api/v1/content/posts/?page_size=100&page=${rng.int(1, pages)}`,
    );
    for (const p of page.results) {
      titles.push(p.title_ar, p.title);
      for (const text of [p.title_ar, p.summary_ar, p.title]) {
        for (const w of analyze(text)) {
          const word = text.slice(w.start, w.end);
          if (word.length >= 3 && !/^\d+$/.test(word)) words.add(word);
        }
      }
    }
  }
  const orgs = await getJson<{ results: { name: string; name_ar: string }[] }>('/api/v1/producers/organizations/?page_size=100');
  const tags = await getJson<{ results: { name: string }[] }>('/api/v1/content/hashtags/?page_size=100');
  return { words: [...words], titles, names: [...orgs.results.flatMap((o) => [o.name_ar, o.name]), ...tags.results.map((t) => `#${t.name}`)] };
}

/** Distinct prefixes: the start of a word (2–8 letters), of a name, or a title's first word and the start of its second. */
function prefixes(v: { words: string[]; titles: string[]; names: string[] }, n: number, rng: Random): string[] {
  const out = new Set<string>();
  const cut = (text: string, min: number) => text.slice(0, rng.int(Math.min(min, text.length), Math.min(text.length, min + 6)));
  for (let i = 0; out.size < n && i < n * 50; i++) {
    const kind = rng.int(1, 10);
    if (kind <= 5) out.add(cut(rng.pick(v.words), 2));
    else if (kind <= 7) out.add(cut(rng.pick(v.names), 2));
    else {
      const [first, second] = rng.pick(v.titles).split(/\s+/);
      if (first && second) out.add(`${first} ${cut(second, 1)}`);
    }
  }
  return rng.sample([...out], Math.min(n, out.size));
}

/** Distinct searches (one or two words), half with one filter of explore's. */
async function facetQueries(v: { words: string[] }, n: number, rng: Random): Promise<string[]> {
  const types = await getJson<{ id: number }[]>('/api/v1/content/post-types/');
  const orgs = await getJson<{ results: { code: string }[] }>('/api/v1/producers/organizations/?page_size=100');
  const filters = [
    () => `&type_id=${rng.pick(types).id}`,
    () => `&organization_code=${rng.pick(orgs.results).code}`,
    () => `&in_force=${rng.pick(['in_force', 'amended', 'repealed'])}`,
    () => {
      const y = rng.int(2024, 2026);
      return `&published_after=${y}-01-01&published_before=${y}-12-31`;
    },
  ];
  const out = new Set<string>();
  for (let i = 0; out.size < n && i < n * 20; i++) {
    const words = rng.int(1, 4) === 1 ? `${rng.pick(v.words)} ${rng.pick(v.words)}` : rng.pick(v.words);
    out.add(`search=${encodeURIComponent(words)}${rng.int(1, 2) === 1 ? rng.pick(filters)() : ''}`);
  }
  return rng.sample([...out], out.size);
}

/** A word with one letter changed, dropped or doubled, as a reader mistypes it. */
function misspell(word: string, rng: Random): string {
  const chars = [...word];
  const i = rng.int(1, chars.length - 1);
  const kind = rng.int(1, 3);
  if (kind === 1) chars.splice(i, 1);
  else if (kind === 2) chars.splice(i, 0, chars[i]);
  else chars[i] = rng.pick(/[a-z]/i.test(word) ? [...'aeiourstn'] : [...'ضظذزسصثةهىيا']);
  return chars.join('');
}

async function main() {
  if (args.only !== 'postgres') throw new Error('only --only postgres is written so far');
  const { env } = await benchPostgres(POSTS, log);
  log(`starting the server on ${POSTS} posts`);
  const server: ChildProcess = await startBenchServer({ ...env, PAGE_DRAW_AHEAD: '0' }, PORT);
  try {
    const rng = new Random(32);
    const v = await vocabulary(rng);
    const lines: string[] = [];
    const p = prefixes(v, Number(args.prefixes), rng);
    log(`${p.length} distinct prefixes, e.g. ${p.slice(0, 8).join(' · ')}`);
    const q = await facetQueries(v, Number(args.queries), rng);
    // First sight: every address once, in random order.
    lines.push(report(`S1 suggestions, ${p.length} distinct prefixes`, await timeAll(p.map((x) => `/api/v1/content/suggest/?q=${encodeURIComponent(x)}`))));
    lines.push(report(`F1 explore counts, ${q.length} distinct searches`, await timeAll(q.map((x) => `/api/v1/content/facets/?${x}`))));
    const types = await getJson<{ id: number }[]>('/api/v1/content/post-types/');
    const plain = ['', ...types.map((t) => `type_id=${t.id}`), 'in_force=amended', 'published_after=2026-01-01&published_before=2026-12-31'];
    lines.push(report(`F0 explore counts, no search (${plain.length} filters)`, await timeAll(plain.map((x) => `/api/v1/content/facets/?${x}`))));
    const wrong = rng.sample(v.words.filter((w) => w.length >= 4), 200).map((w) => misspell(w, rng));
    lines.push(report(`C1 did you mean, ${wrong.length} misspelt words`, await timeAll(wrong.map((x) => `/api/v1/content/spelling/?q=${encodeURIComponent(x)}`))));
    console.log(`\nbench:search — ${POSTS} posts, PostgreSQL, ${CONNECTIONS} connection(s), each address once, in ms\n${lines.join('\n')}`);
  } finally {
    server.kill('SIGTERM');
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
