import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { call, counter, newReader, publish, type Publisher } from './client';
import { lostWrites, newStats, recoverySeconds, runLoad, serverErrors, type LoadStats } from './load';
import { clusterCtl, clusterOf } from './postgres';
import { ChaosServer, sleep } from './server';
import type { ChaosSmtp } from './smtp';

export interface CaseResult {
  name: string;
  db: 'pglite' | 'postgres';
  requests: number;
  confirmed: number;
  lost: number;
  duplicates: number;
  /** Seconds from the fault's end to the first confirmed write (or delivery) after it. */
  recoverS: number | null;
  /** 5xx answers other than 503. */
  serverErrors: number;
  /** 503s without Retry-After or a message. */
  bare503: number;
  stale: number;
  note?: string;
  skipped?: string;
}

export interface Ctx {
  db: 'pglite' | 'postgres';
  server: ChaosServer;
  /** Makes a server on the same port with other settings (DATA_DIR, replicas). */
  reconfigure(env: Record<string, string>): ChaosServer;
  smtp: ChaosSmtp;
  dataDir: string;
  slugs: string[];
  publisher: Publisher;
  databaseUrl?: string;
  replicaUrl?: string;
  /** The alert subscribers (each follows the publisher's organization, immediate). */
  subscribers: Array<{ email: string; token: string }>;
  /** Markers of every post whose publication was confirmed: each subscriber must get each once. */
  published: string[];
  run: string;
}

let serial = 0;
const marker = (ctx: Ctx) => `qz${ctx.run}n${++serial}q`;

function result(ctx: Ctx, name: string, stats: LoadStats | null, extra: Partial<CaseResult>): CaseResult {
  return {
    name,
    db: ctx.db,
    requests: 0,
    confirmed: stats?.confirmed.length ?? 0,
    lost: 0,
    duplicates: 0,
    recoverS: null,
    serverErrors: stats ? serverErrors(stats) : 0,
    bare503: stats?.bare503 ?? 0,
    stale: stats?.stale ?? 0,
    ...extra,
  };
}

/** Runs readers and a writer while `fault` runs; then `after` ms more. */
async function underLoad(ctx: Ctx, fault: (stats: LoadStats) => Promise<number>, afterMs = 3000): Promise<{ stats: LoadStats; recovered: number; requests: number }> {
  const before = counter.calls;
  const stats = newStats();
  const stop = new AbortController();
  const load = runLoad(ctx.server.baseURL, ctx.slugs, stop.signal, stats);
  await sleep(1500);
  const recoveredFrom = await fault(stats);
  // Until a write is confirmed after the fault (at most 30 s), then a little more.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !stats.writes.some((w) => w.at >= recoveredFrom && w.ok)) await sleep(50);
  await sleep(afterMs);
  stop.abort();
  await load;
  return { stats, recovered: recoveredFrom, requests: counter.calls - before };
}

/** The database restarted under load: on PostgreSQL the server stopped 3 s; embedded, the process restarted (it is the database). */
export async function databaseRestart(ctx: Ctx): Promise<CaseResult> {
  const name = 'database restart under load';
  let note = '';
  if (ctx.db === 'postgres') {
    const cluster = clusterOf(ctx.databaseUrl!);
    if (!cluster) return result(ctx, name, null, { skipped: 'needs root and a Debian PostgreSQL cluster on the URL\'s port to stop and start' });
    const { stats, recovered, requests } = await underLoad(ctx, async () => {
      clusterCtl(cluster, 'stop');
      await sleep(3000);
      clusterCtl(cluster, 'start');
      return Date.now();
    });
    note = 'PostgreSQL stopped 3 s';
    return result(ctx, name, stats, { requests, lost: await lostWrites(ctx.server.baseURL, stats), recoverS: recoverySeconds(stats, recovered), note });
  }
  const { stats, recovered, requests } = await underLoad(ctx, async () => {
    await ctx.server.stop();
    const from = Date.now();
    await ctx.server.start();
    return from;
  });
  note = 'embedded: the process restarted (SIGTERM), seconds from its start';
  return result(ctx, name, stats, { requests, lost: await lostWrites(ctx.server.baseURL, stats), recoverS: recoverySeconds(stats, recovered), note });
}

/** Waits until each subscriber has each marker, or `ms` pass; answers when the last came. */
async function deliveries(ctx: Ctx, markers: string[], ms: number): Promise<number | null> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (ctx.subscribers.every((s) => markers.every((m) => ctx.smtp.countOf(s.email, m) > 0))) return Date.now();
    await sleep(100);
  }
  return null;
}

function mailFigures(ctx: Ctx, markers: string[]): { lost: number; duplicates: number } {
  let lost = 0;
  let duplicates = 0;
  for (const s of ctx.subscribers)
    for (const m of markers) {
      const n = ctx.smtp.countOf(s.email, m);
      if (n === 0) lost += 1;
      if (n > 1) duplicates += n - 1;
    }
  return { lost, duplicates };
}

/** Readers subscribed to the publisher's organization (immediate alerts, both languages). */
export async function subscribe(ctx: Ctx, n = 4): Promise<void> {
  for (let i = 0; i < n; i++) {
    const r = await newReader(ctx.server.baseURL, 's');
    const a = await call(ctx.server.baseURL, 'POST', '/api/v1/alerts/subscriptions/', {
      token: r.token,
      json: { list: { organization: ctx.publisher.organizationId }, frequency: 'immediate', lang: i % 2 ? 'en' : 'ar' },
    });
    if (a.status !== 201) throw new Error(`subscribing answered ${a.status}: ${JSON.stringify(a.body)}`);
    ctx.subscribers.push({ email: r.email, token: r.token });
  }
}

/** The SMTP server down (connections refused) while posts are published, then back. */
export async function smtpOutage(ctx: Ctx, downMs: number): Promise<CaseResult> {
  const before = counter.calls;
  await ctx.smtp.down();
  const markers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const m = marker(ctx);
    const p = await publish(ctx.server.baseURL, ctx.publisher, m);
    if (p.confirmed) markers.push(m);
  }
  ctx.published.push(...markers);
  await sleep(downMs);
  await ctx.smtp.up();
  const back = Date.now();
  const done = await deliveries(ctx, markers, 60_000);
  const figures = mailFigures(ctx, markers);
  return result(ctx, 'SMTP down, then back', null, {
    requests: counter.calls - before,
    confirmed: markers.length * ctx.subscribers.length,
    ...figures,
    recoverS: done === null ? Infinity : (done - back) / 1000,
    note: `SMTP refused connections for ${downMs / 1000} s; confirmed = mails owed`,
  });
}

/** kill -9 while a publisher publishes post after post. */
export async function killDuringPublishing(ctx: Ctx): Promise<CaseResult> {
  const before = counter.calls;
  const confirmed: Array<{ slug: string; marker: string }> = [];
  let stop = false;
  let serverErrs = 0;
  const loop = (async () => {
    while (!stop) {
      const m = marker(ctx);
      const p = await publish(ctx.server.baseURL, ctx.publisher, m);
      serverErrs += p.statuses.filter((s) => s >= 500 && s !== 503).length;
      if (p.confirmed) confirmed.push({ slug: p.slug!, marker: m });
      else await sleep(50);
    }
  })();
  await sleep(2000);
  await ctx.server.kill();
  const from = Date.now();
  await ctx.server.start();
  const n = confirmed.length;
  const deadline = Date.now() + 30_000;
  while (confirmed.length === n && Date.now() < deadline) await sleep(20);
  const recovered = confirmed.length > n ? (Date.now() - from) / 1000 : Infinity;
  await sleep(1000);
  stop = true;
  await loop;
  ctx.published.push(...confirmed.map((c) => c.marker));
  let lost = 0;
  for (const c of confirmed) {
    const a = await call(ctx.server.baseURL, 'GET', `/api/v1/content/posts/${encodeURIComponent(c.slug)}/`);
    if (a.status !== 200) lost += 1;
  }
  return result(ctx, 'kill -9 during publishing', null, { requests: counter.calls - before, confirmed: confirmed.length, lost, recoverS: recovered, serverErrors: serverErrs, note: 'seconds from the restart' });
}

/** kill -9 while alert e-mails are being sent (a slow SMTP server holds each for 300 ms). */
export async function killDuringAlerts(ctx: Ctx): Promise<CaseResult> {
  const before = counter.calls;
  ctx.smtp.delayMs = 300;
  const markers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const m = marker(ctx);
    const p = await publish(ctx.server.baseURL, ctx.publisher, m);
    if (p.confirmed) markers.push(m);
  }
  ctx.published.push(...markers);
  // The first of the alerts accepted: the others are being sent.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !ctx.smtp.received.some((r) => markers.some((m) => r.text.includes(m)))) await sleep(10);
  await ctx.server.kill();
  ctx.smtp.delayMs = 0;
  const from = Date.now();
  await ctx.server.start();
  const done = await deliveries(ctx, markers, 60_000);
  const figures = mailFigures(ctx, markers);
  return result(ctx, 'kill -9 during alert sending', null, {
    requests: counter.calls - before,
    confirmed: markers.length * ctx.subscribers.length,
    ...figures,
    recoverS: done === null ? Infinity : (done - from) / 1000,
    note: 'seconds from the restart to the last mail; confirmed = mails owed',
  });
}

async function noiseJpeg(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 92 }).toBuffer();
}

async function upload(ctx: Ctx, postId: number, bytes: Buffer, name: string, slowMs = 0): Promise<{ status: number; body: any }> {
  counter.calls += 1;
  const boundary = `chaos${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([head, bytes, tail]);
  // Sent in pieces, slowly when asked: a kill lands in the middle of the upload.
  const pieces = slowMs ? 20 : 1;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < pieces; i++) {
        controller.enqueue(whole.subarray(Math.floor((i * whole.length) / pieces), Math.floor(((i + 1) * whole.length) / pieces)));
        if (slowMs) await sleep(slowMs / pieces);
      }
      controller.close();
    },
  });
  try {
    const res = await fetch(`${ctx.server.baseURL}/api/v1/studio/posts/${postId}/attachments/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.publisher.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'ar' },
      body: stream,
      duplex: 'half',
      signal: AbortSignal.timeout(30_000),
    } as RequestInit);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

const sha = (b: ArrayBuffer | Buffer) => createHash('sha256').update(Buffer.from(b as ArrayBuffer)).digest('hex');

async function fileDigests(ctx: Ctx, postId: number): Promise<Map<number, string>> {
  const post = await call(ctx.server.baseURL, 'GET', `/api/v1/studio/posts/${postId}/`, { token: ctx.publisher.token });
  const out = new Map<number, string>();
  for (const a of post.body.attachments as Array<{ id: number; file_url: string }>) {
    const res = await fetch(new URL(new URL(a.file_url).pathname, ctx.server.baseURL), { headers: { authorization: `Bearer ${ctx.publisher.token}` } });
    out.set(a.id, res.ok ? sha(await res.arrayBuffer()) : `status ${res.status}`);
  }
  return out;
}

/** kill -9 in the middle of an upload; the files confirmed before it must be there, whole. */
export async function killDuringUpload(ctx: Ctx): Promise<CaseResult> {
  const before = counter.calls;
  const created = await call(ctx.server.baseURL, 'POST', '/api/v1/studio/posts/', { token: ctx.publisher.token, json: { organization_id: ctx.publisher.organizationId, type_id: ctx.publisher.typeId, title_ar: `مسودة بمرفقات ${marker(ctx)}` } });
  if (created.status !== 201) throw new Error(`a draft answered ${created.status}`);
  const postId = created.body.id as number;
  let confirmed = 0;
  for (let i = 0; i < 2; i++) {
    const u = await upload(ctx, postId, await noiseJpeg(600), `kept-${i}.jpg`);
    if (u.status === 201) confirmed += 1;
  }
  const kept = await fileDigests(ctx, postId);
  const big = await noiseJpeg(1400);
  const pending = upload(ctx, postId, big, 'cut.jpg', 3000);
  await sleep(1200);
  await ctx.server.kill();
  const cut = await pending;
  const from = Date.now();
  await ctx.server.start();
  // The next upload after the restart is the recovery.
  let recovered = Infinity;
  for (let i = 0; i < 50; i++) {
    const u = await upload(ctx, postId, await noiseJpeg(300), `after-${i}.jpg`);
    if (u.status === 201) {
      recovered = (Date.now() - from) / 1000;
      confirmed += 1;
      break;
    }
    await sleep(100);
  }
  const after = await fileDigests(ctx, postId);
  let lost = 0;
  for (const [id, digest] of kept) if (after.get(id) !== digest) lost += 1;
  const extra = after.size - kept.size - 1;
  return result(ctx, 'kill -9 during an upload', null, {
    requests: counter.calls - before,
    confirmed,
    lost,
    recoverS: recovered,
    serverErrors: cut.status >= 500 && cut.status !== 503 ? 1 : 0,
    note: `the cut upload answered ${cut.status || 'nothing'}${extra > 0 ? `; ${extra} file(s) of it kept` : ''}`,
  });
}

/** DATA_DIR on a small file system made full, under load and uploads; then space freed. */
export async function fullDisk(ctx: Ctx): Promise<CaseResult> {
  const name = 'full disk under DATA_DIR';
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return result(ctx, name, null, { skipped: 'needs root on Linux to mount a small file system' });
  const before = counter.calls;
  const mount = mkdtempSync(path.join(tmpdir(), 'qarar-chaos-disk-'));
  await ctx.server.stop();
  const used = Number(execFileSync('du', ['-sm', ctx.dataDir], { encoding: 'utf8' }).split(/\s/)[0]);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${used + 96}m`, 'tmpfs', mount]);
  let server: ChaosServer | null = null;
  try {
    cpSync(ctx.dataDir, mount, { recursive: true });
    server = ctx.reconfigure({ DATA_DIR: mount });
    await server.start();
    const created = await call(server.baseURL, 'POST', '/api/v1/studio/posts/', { token: ctx.publisher.token, json: { organization_id: ctx.publisher.organizationId, type_id: ctx.publisher.typeId, title_ar: `مسودة القرص الممتلئ ${marker(ctx)}` } });
    const postId = created.body.id as number;
    const image = await noiseJpeg(500);
    const uploads = new Map<number, number>();
    let uploaded = 0;
    let recoveredAt = 0;
    const filler = path.join(mount, 'filler');
    const result_ = await underLoad(ctx, async (stats) => {
      // Fill what is left.
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(1 << 20, 7);
      try {
        for (;;) writeSync(fd, chunk);
      } catch {
        // ENOSPC: full
      } finally {
        closeSync(fd);
      }
      const fullUntil = Date.now() + 3000;
      while (Date.now() < fullUntil) {
        if (!server!.running) await server!.start().catch(() => undefined);
        const u = await upload(ctx, postId, image, 'full.jpg');
        uploads.set(u.status, (uploads.get(u.status) ?? 0) + 1);
        if (u.status >= 500 && u.status !== 503 && u.status !== 507) stats.statuses.set(u.status, (stats.statuses.get(u.status) ?? 0) + 1);
        if (u.status === 201) uploaded += 1;
        await sleep(200);
      }
      rmSync(filler);
      const freed = Date.now();
      // Space again: the process is restarted if the full disk took it down (a supervisor's job).
      for (let i = 0; i < 300; i++) {
        if (!server!.running) await server!.start().catch(() => undefined);
        const u = await upload(ctx, postId, image, 'after.jpg');
        if (u.status === 201) {
          uploaded += 1;
          recoveredAt = Date.now();
          break;
        }
        await sleep(100);
      }
      return freed;
    });
    const { stats, recovered } = result_;
    const writes = recoverySeconds(stats, recovered);
    const files = recoveredAt ? (recoveredAt - recovered) / 1000 : Infinity;
    const statuses = [...uploads].map(([s, n]) => `${n}×${s || 'none'}`).join(', ');
    return result(ctx, name, stats, {
      requests: counter.calls - before,
      confirmed: stats.confirmed.length + uploaded,
      lost: await lostWrites(server.baseURL, stats),
      recoverS: Math.max(writes, files),
      note: `uploads while full: ${statuses}`,
    });
  } finally {
    await server?.stop();
    try {
      execFileSync('umount', [mount]);
    } catch {
      // busy: left for the machine
    }
    rmSync(mount, { recursive: true, force: true });
  }
}

/** The replica stopped and started under load: reads go to the primary meanwhile. */
export async function replicaRestart(ctx: Ctx): Promise<CaseResult> {
  const name = 'replica stopped and started';
  if (ctx.db !== 'postgres' || !ctx.replicaUrl) return result(ctx, name, null, { skipped: 'needs a streaming replica (CHAOS_REPLICA_URL or TEST_REPLICA_URL)' });
  const cluster = clusterOf(ctx.replicaUrl);
  if (!cluster) return result(ctx, name, null, { skipped: 'needs root and the replica\'s Debian cluster to stop and start' });
  await ctx.server.stop();
  const url = new URL(ctx.replicaUrl);
  url.pathname = new URL(ctx.databaseUrl!).pathname;
  const server = ctx.reconfigure({ DATABASE_REPLICA_URLS: url.toString() });
  await server.start();
  const { stats, recovered, requests } = await underLoad(ctx, async () => {
    clusterCtl(cluster, 'stop');
    await sleep(3000);
    clusterCtl(cluster, 'start');
    return Date.now();
  });
  return result(ctx, name, stats, { requests, lost: await lostWrites(server.baseURL, stats), recoverS: recoverySeconds(stats, recovered), note: 'replica stopped 3 s' });
}
