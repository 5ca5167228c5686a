import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import canonicalize from 'canonicalize';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorBody, installErrorHandling } from '../../http/error-handler';
import { ROOT } from '../../paths';
import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import mediaPlugin from '../media/plugin';
import type { PublishedKey } from '../signing/jwks';
import signingPlugin, { KEYS_PATH } from '../signing/plugin';
import { sha256Hex, verifySigned } from '../signing/verify';
import { csvRecords } from './csv';
import { CSV_COLUMNS, recordOf, type ExportLine } from './export';
import { checkFile, verifyManifest, type Manifest, type ManifestSignature } from './manifest';
import { csvName, jsonlName, manifestName, signatureName } from './names';
import openDataPlugin from './plugin';
import { countExported } from './repository';
import { OpenDataService, type OpenDataOptions, type RunOutcome } from './service';

let ctx: TestContext;
/** The app serving /data/: the portal's own once it registers the module, else one made of the modules it needs. */
let served: FastifyInstance;
const ORIGIN = 'https://qarar.example';
const ids = {} as Record<'publisher' | 'org' | 'decision' | 'circular' | 'corrected' | 'unsigned', number>;

/** The export's days: one per test, far from today (the day is the run's, the cutoff the database's clock). */
const on = (day: number) => new Date(Date.UTC(2031, 0, day, 6, 0, 0));
const dayName = (day: number) => on(day).toISOString().slice(0, 10);

/** A process's export service on the test's database: its own folder unless named. */
const service = (options: Partial<OpenDataOptions> = {}) =>
  new OpenDataService({ db: ctx.db, dataDir: ctx.config.dataDir, key: ctx.config.signingKey, origin: ORIGIN, batchSize: 7, ...options });

const otherDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'qarar-opendata-'));
const folders: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      ids.publisher = await f.user('moh_media');
      ids.org = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      const types = await f.postTypes();
      ids.decision = types.decision;
      ids.circular = types.circular;
      const base = { author_id: ids.publisher, organization_id: ids.org, published_at: new Date('2025-11-20T08:00:00Z') };
      for (let i = 1; i <= 20; i++) {
        const id = await f.post({ ...base, slug: `decision-${i}`, type_id: ids.decision, title: `Decision ${i}`, title_ar: `قرار وزاري رقم ${i}` });
        await db.query(`UPDATE posts SET document_number = $2, issued_on = '2025-11-19' WHERE id = $1`, [id, `${i}/1447`]);
      }
      // What a spreadsheet must not run, and what a CSV must quote.
      await f.post({ ...base, slug: 'formula', type_id: ids.circular, title: '=HYPERLINK("http://evil.example","open")', title_ar: 'تعميم، «مهم» "جداً"\nسطر ثانٍ' });
      for (const slug of ['withdrawn-1', 'withdrawn-2']) await f.post({ ...base, slug, type_id: ids.circular, status: 'archived' });
      for (const slug of ['draft-1', 'draft-2']) await f.post({ ...base, slug, type_id: ids.circular, status: 'draft', published_at: null });
    },
  });
  // Every published (and withdrawn) post's first version kept and signed, as the scheduled work does.
  await ctx.app.signer.signPending();
  // A correction (a second version, signed) and a version not signed yet (left out of the export).
  const id = async (slug: string) => (await ctx.db.query<{ id: number }>('SELECT id FROM posts WHERE slug = $1', [slug]))[0].id;
  ids.corrected = await id('decision-1');
  ids.unsigned = await id('decision-2');
  await ctx.db.query(
    `INSERT INTO post_versions (post_id, version, kind, note, note_ar, body)
     SELECT post_id, 2, 'major', 'Corrected', 'صُحّح', body FROM post_versions WHERE post_id = $1 AND version = 1`,
    [ids.corrected],
  );
  await ctx.app.signer.signPending();
  await ctx.db.query(`INSERT INTO post_versions (post_id, version, kind, body) SELECT post_id, 2, 'minor', body FROM post_versions WHERE post_id = $1 AND version = 1`, [
    ids.unsigned,
  ]);
  served = ctx.app.hasDecorator('opendata') ? ctx.app : await servingApp();
});

afterAll(async () => {
  if (served !== ctx.app) await served.close();
  await ctx.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/**
 * Until src/server/app.ts registers the module: an app of the modules it needs on the test's
 * database and folder, with the portal's error answers.
 */
async function servingApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('db', ctx.db);
  app.decorate('config', ctx.config);
  installErrorHandling(app);
  await app.register(mediaPlugin);
  await app.register(signingPlugin);
  await app.register(openDataPlugin);
  app.setNotFoundHandler(async (req, reply) => reply.code(404).send(errorBody(req, { detail: 'This address does not exist.' })));
  await app.ready();
  return app;
}

const keys = async () => (await ctx.app.inject({ url: KEYS_PATH })).json<{ keys: PublishedKey[] }>();
const folderOf = (s: OpenDataService) => s.dir;
const read = (dir: string, name: string) => readFileSync(path.join(dir, name));
const linesOf = (gz: Buffer) => gunzipSync(gz).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ExportLine);

/** RFC 4180 records (quoted fields, doubled quotes, CRLF), to read the CSV back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return records;
}

/** The versions the export must hold, by the API's rule: signed, of a post readers may see. */
async function publishedVersions(): Promise<string[]> {
  const rows = await ctx.db.query<{ k: string }>(
    `SELECT v.post_id || ':' || v.version AS k FROM post_versions v JOIN posts p ON p.id = v.post_id
      WHERE v.signature IS NOT NULL AND p.status IN ('published', 'archived') ORDER BY v.post_id, v.version`,
  );
  return rows.map((r) => r.k);
}

describe('the day’s export', () => {
  let exporter: OpenDataService;
  let outcome: RunOutcome;
  const day = dayName(1);
  beforeAll(async () => {
    exporter = service();
    outcome = await exporter.run(on(1));
  });
  afterAll(() => exporter.close());

  it('holds every signed version of a published or withdrawn post, once, each line verifying alone with the published keys', async () => {
    expect(outcome).toMatchObject({ done: 'exported', day });
    const expected = await publishedVersions();
    // 21 published and 2 withdrawn posts' first versions and one correction; no draft, no unsigned version.
    expect(expected).toHaveLength(24);
    const lines = linesOf(read(folderOf(exporter), jsonlName(day)));
    expect(lines.map((l) => `${l.post_id}:${l.version}`)).toEqual(expected);
    expect(outcome.done === 'exported' && outcome.rows).toBe(24);
    const [row] = await ctx.db.query<{ cutoff: Date }>('SELECT cutoff FROM opendata_exports WHERE day = $1', [day]);
    expect(await countExported(ctx.db, row.cutoff)).toBe(24);
    const published = await keys();
    for (const line of lines) {
      const verdict = verifySigned(line.signed, published);
      if (!verdict.valid) throw new Error(`${line.slug} v${line.version}: ${verdict.reason}`);
      expect(verdict.payload).toMatchObject({ version: line.version, kind: line.kind, post: { slug: line.slug } });
    }
    const corrected = lines.find((l) => l.post_id === ids.corrected && l.version === 2)!;
    expect(corrected).toMatchObject({ kind: 'major', note: 'Corrected', note_ar: 'صُحّح', url: `${ORIGIN}/post/decision-1/versions/2` });
    expect(lines.some((l) => l.post_id === ids.unsigned && l.version === 2)).toBe(false);
    // One byte of a line's signed text changed: that line no longer verifies.
    const forged = { ...corrected.signed, payload: corrected.signed.payload.replace('Decision 1', 'Decision 7') };
    expect(verifySigned(forged, published)).toMatchObject({ valid: false, reason: 'digestMismatch' });
  });

  it('gives the same versions as a table a spreadsheet reads: UTF-8 with a BOM, quoted where needed, formulas defused', () => {
    const text = gunzipSync(read(folderOf(exporter), csvName(day))).toString('utf8');
    expect(text.startsWith('\uFEFFpost_id,slug,version,kind,made_at,')).toBe(true);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(records).toHaveLength(24);
    const at = (record: string[], column: (typeof CSV_COLUMNS)[number]) => record[CSV_COLUMNS.indexOf(column)];
    const first = records.find((r) => at(r, 'slug') === 'decision-3')!;
    expect([at(first, 'title_ar'), at(first, 'organization_code'), at(first, 'organization_name_ar'), at(first, 'type'), at(first, 'document_number'), at(first, 'issued_on')]).toEqual([
      'قرار وزاري رقم 3',
      'MOH',
      'وزارة الصحة',
      'decision',
      '3/1447',
      '2025-11-19',
    ]);
    expect(at(first, 'url')).toBe(`${ORIGIN}/post/decision-3/versions/1`);
    const formula = records.find((r) => at(r, 'slug') === 'formula')!;
    expect(at(formula, 'title')).toBe(`'=HYPERLINK("http://evil.example","open")`);
    expect(at(formula, 'title_ar')).toBe('تعميم، «مهم» "جداً"\nسطر ثانٍ');
    const lines = linesOf(read(folderOf(exporter), jsonlName(day)));
    expect(records.map((r) => at(r, 'signature'))).toEqual(lines.map((l) => l.signed.signature));
    // An identifier that starts like a formula (base64url may start with -) is written exact: it must still verify.
    const line = lines[0];
    const row = { ...line, created_at: new Date(line.made_at), signed_payload: line.signed.payload, digest: line.signed.digest, kid: '-kid', signature: `-${line.signed.signature}`, signed_at: new Date() };
    const record = parseCsv(csvRecords([recordOf(row, ORIGIN)]))[0];
    expect([at(record, 'kid'), at(record, 'signature')]).toEqual(['-kid', `-${line.signed.signature}`]);
  });

  it('lists each file’s size, SHA-256 and rows in a canonical manifest signed by the versions’ key; one byte changed fails', async () => {
    const dir = folderOf(exporter);
    const bytes = read(dir, manifestName(day));
    const signature = JSON.parse(read(dir, signatureName(day)).toString('utf8')) as ManifestSignature;
    const published = await keys();
    const verdict = verifyManifest(bytes, signature, published);
    if (!verdict.valid) throw new Error(`manifest not valid: ${verdict.reason}`);
    const manifest: Manifest = verdict.manifest;
    expect(bytes.toString('utf8')).toBe(canonicalize(JSON.parse(bytes.toString('utf8'))));
    expect(signature).toMatchObject({ alg: 'EdDSA', kid: ctx.config.signingKey.kid, signed: manifestName(day), digest: sha256Hex(bytes) });
    expect(manifest).toMatchObject({ format: 'qarar-opendata/1', date: day, keys: KEYS_PATH });
    expect(manifest.files.map((f) => [f.name, f.format, f.rows, f.date])).toEqual([
      [jsonlName(day), 'jsonl', 24, day],
      [csvName(day), 'csv', 24, day],
    ]);
    for (const file of manifest.files) {
      const content = read(dir, file.name);
      expect(checkFile(file, content)).toBe('ok');
      expect(file).toMatchObject({ bytes: content.length, sha256: sha256Hex(content), compression: 'gzip', generated_at: manifest.generated_at });
      const changed = Buffer.from(content);
      changed[Math.floor(changed.length / 2)] ^= 1;
      expect(checkFile(file, changed)).toBe('sha256');
    }
    // One byte of the manifest changed (a SHA-256 replaced): its digest no longer holds; with the digest redone, the signature does not.
    const forged = Buffer.from(bytes.toString('utf8').replace(manifest.files[0].sha256, 'f'.repeat(64)));
    expect(verifyManifest(forged, signature, published)).toMatchObject({ valid: false, reason: 'digestMismatch' });
    expect(verifyManifest(forged, { ...signature, digest: sha256Hex(forged) }, published)).toMatchObject({ valid: false, reason: 'badSignature' });
    expect(verifyManifest(bytes, { ...signature, kid: 'another' }, published)).toMatchObject({ valid: false, reason: 'unknownKey' });
  });

  it('is made once a day: a second run finds it made and changes nothing', async () => {
    const dir = folderOf(exporter);
    const before = readdirSync(dir).map((n) => [n, statSync(path.join(dir, n)).mtimeMs]);
    expect(await exporter.run(on(1))).toEqual({ done: 'nothing', day, why: 'current' });
    expect(await service().run(new Date(on(1).getTime() + 3 * 3600_000))).toEqual({ done: 'nothing', day, why: 'current' });
    expect(readdirSync(dir).map((n) => [n, statSync(path.join(dir, n)).mtimeMs])).toEqual(before);
  });
});

describe('several processes', () => {
  it('export a day once when they run at the same moment (one process twice, two sharing a folder, one with its own)', async () => {
    const elsewhere = otherDataDir();
    folders.push(elsewhere);
    const [a, b, c] = [service(), service(), service({ dataDir: elsewhere })];
    const outcomes = await Promise.all([a.run(on(2)), a.run(on(2)), b.run(on(2)), c.run(on(2))]);
    expect(outcomes.filter((o) => o.done === 'exported')).toHaveLength(1);
    expect(outcomes[1]).toMatchObject({ done: 'nothing', why: 'busy' });
    expect(outcomes.filter((o) => o.done === 'nothing').map((o) => o.done === 'nothing' && o.why).sort()).toEqual(expect.arrayContaining(['busy']));
    const rows = await ctx.db.query<{ state: string }>('SELECT state FROM opendata_exports WHERE day = $1', [dayName(2)]);
    expect(rows).toEqual([{ state: 'done' }]);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('make the same bytes in another DATA_DIR once the day is done there: every server serves /data/', async () => {
    const first = service();
    expect(await first.run(on(3))).toMatchObject({ done: 'exported' });
    const elsewhere = otherDataDir();
    folders.push(elsewhere);
    const other = service({ dataDir: elsewhere });
    expect(await other.run(on(3))).toMatchObject({ done: 'copied', day: dayName(3), rows: 24, same: true });
    for (const name of [jsonlName(dayName(3)), csvName(dayName(3)), manifestName(dayName(3)), signatureName(dayName(3))]) {
      expect(sha256Hex(read(other.dir, name))).toBe(sha256Hex(read(first.dir, name)));
    }
    expect(await other.run(on(3))).toMatchObject({ done: 'nothing', why: 'current' });
  });

  it('take over a day whose process stopped mid-export: nothing half-written is seen, and the next run makes it whole', async () => {
    const day = dayName(4);
    // A process that claimed the day and was killed: its claim no longer beats, its temporary file stays.
    await ctx.db.query(
      `INSERT INTO opendata_exports (day, state, cutoff, claimed_by, heartbeat_at, started_at) VALUES ($1, 'running', now(), 'gone:1:0', now() - interval '1 hour', now() - interval '1 hour')`,
      [day],
    );
    const dir = service().dir;
    const leftover = path.join(dir, `.${jsonlName(day)}.99999.dead.tmp`);
    writeFileSync(leftover, 'half a file');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(leftover, old, old);
    expect((await served.inject({ url: `/data/.${jsonlName(day)}.99999.dead.tmp` })).statusCode).toBe(404);
    expect((await served.inject({ url: `/data/${jsonlName(day)}` })).statusCode).toBe(404);
    // A claim that still beats is left to its process.
    await ctx.db.query(`UPDATE opendata_exports SET heartbeat_at = now() WHERE day = $1`, [day]);
    expect(await service().run(on(4))).toMatchObject({ done: 'nothing', why: 'held' });
    await ctx.db.query(`UPDATE opendata_exports SET heartbeat_at = now() - interval '1 hour' WHERE day = $1`, [day]);
    const outcome = await service().run(on(4));
    expect(outcome).toMatchObject({ done: 'exported', rows: 24 });
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('leave no file of a day they stop exporting when closing, and give the day back at once', async () => {
    const day = dayName(5);
    // Closed while the day is being made (just before its first batch).
    const closing = service({ batchSize: 1, beforeExport: () => new Promise((resolve) => setTimeout(resolve, 50)) });
    const run = closing.run(on(5));
    await closing.close();
    await expect(run).rejects.toThrow('closing');
    expect(readdirSync(closing.dir).filter((n) => n.includes(day))).toEqual([]);
    expect(readdirSync(closing.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(await closing.run(on(5))).toEqual({ done: 'nothing', day, why: 'closing' });
    // Given back: the next process makes it now, not once the claim is stale.
    expect(await service().run(on(5))).toMatchObject({ done: 'exported', day, rows: 24 });
  });
});

describe('retention', () => {
  it('keeps the last days’ exports (files and rows) and deletes the older', async () => {
    const dataDir = otherDataDir();
    folders.push(dataDir);
    const keeping = service({ dataDir, keepDays: 3 });
    for (let d = 10; d <= 15; d++) expect(await keeping.run(on(d))).toMatchObject({ done: expect.stringMatching(/^(exported|copied)$/) });
    const names = readdirSync(keeping.dir).filter((n) => !n.startsWith('.'));
    const days = [...new Set(names.map((n) => /\d{4}-\d{2}-\d{2}/.exec(n)![0]))].sort();
    expect(days).toEqual([dayName(13), dayName(14), dayName(15)]);
    expect(names).toHaveLength(12);
    const rows = await ctx.db.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM opendata_exports ORDER BY day`);
    expect(rows.map((r) => r.day)).toEqual([dayName(13), dayName(14), dayName(15)]);
    await keeping.close();
  });
});

describe('/data/', () => {
  const day = dayName(15);
  const dir = () => served.opendata.dir;
  beforeAll(async () => {
    // The served folder holds the latest day (made again in the app's own DATA_DIR).
    expect(await served.opendata.run(on(15))).toMatchObject({ done: expect.stringMatching(/^(exported|copied|nothing)$/) });
  });

  it('lists the days held, the latest manifest and where the keys are', async () => {
    const res = await served.inject({ url: '/data/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const index = res.json();
    expect(index).toMatchObject({ manifest: '/data/manifest.json', signature: '/data/manifest.sig.json', keys: KEYS_PATH, latest: { date: day } });
    expect(index.days[0]).toEqual({
      date: day,
      manifest: `/data/${manifestName(day)}`,
      signature: `/data/${signatureName(day)}`,
      files: [`/data/${jsonlName(day)}`, `/data/${csvName(day)}`],
    });
    expect((await served.inject({ url: '/data' })).headers.location).toBe('/data/');
  });

  it('serves the latest manifest and its signature, which verify, with caching headers', async () => {
    const manifest = await served.inject({ url: '/data/manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('public, max-age=300');
    expect(manifest.headers.etag).toBeDefined();
    expect(manifest.headers['last-modified']).toBeDefined();
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.rawPayload.equals(read(dir(), manifestName(day)))).toBe(true);
    const signature = await served.inject({ url: '/data/manifest.sig.json' });
    expect(verifyManifest(manifest.rawPayload, signature.json(), await keys())).toMatchObject({ valid: true, manifest: { date: day } });
    const again = await served.inject({ url: '/data/manifest.json', headers: { 'if-none-match': String(manifest.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves each file as a gzip download, whole or by ranges', async () => {
    const bytes = read(dir(), jsonlName(day));
    const res = await served.inject({ url: `/data/${jsonlName(day)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(`attachment; filename=${jsonlName(day)}`);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const part = await served.inject({ url: `/data/${jsonlName(day)}`, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const head = await served.inject({ method: 'HEAD', url: `/data/${csvName(day)}` });
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, String(read(dir(), csvName(day)).length)]);
    // An older day's files by their own names.
    expect((await served.inject({ url: `/data/${manifestName(dayName(3))}` })).statusCode).toBe(200);
  });

  it('answers 404 for any other name, and never reaches outside its folder', async () => {
    for (const url of [
      '/data/qarar-versions-2031-01-09.jsonl.gz',
      '/data/qarar-versions-2031-02-30.csv.gz',
      '/data/secrets.txt',
      '/data/.lock',
      '/data/..%2fsigning-key.pem',
      '/data/..%2F..%2Fsigning-key.pem',
      '/data/%2e%2e%2fjwt-secret',
      '/data/../signing-key.pem',
      '/data/opendata/manifest.json',
      '/data/manifest.json%00',
    ]) {
      const res = await served.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toEqual({ detail: expect.any(String), request_id: expect.any(String) });
      expect(res.body).not.toMatch(/PRIVATE KEY/);
    }
  });
});

describe('npm run verify -- manifest', () => {
  const verify = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
    return { code: run.status, out: run.stdout + run.stderr };
  };

  it('checks a downloaded day offline: the manifest’s signature, every file’s SHA-256 and every line’s signature; one byte changed fails', async () => {
    const day = dayName(15);
    const from = served.opendata.dir;
    const saved = otherDataDir();
    folders.push(saved);
    for (const name of [jsonlName(day), csvName(day), manifestName(day), signatureName(day)]) copyFileSync(path.join(from, name), path.join(saved, name));
    writeFileSync(path.join(saved, 'keys.json'), JSON.stringify(await keys()));
    const good = verify(path.join(saved, manifestName(day)), '--keys', path.join(saved, 'keys.json'), '--lines');
    expect([good.code, good.out]).toEqual([0, expect.stringContaining(`VERIFIED: the open data of ${day}`)]);
    expect(good.out).toContain(`${jsonlName(day)}: SHA-256 as listed, 24 versions each verified`);
    // One byte of the CSV changed.
    const changed = path.join(saved, 'changed');
    mkdirSync(changed);
    for (const name of [jsonlName(day), manifestName(day), signatureName(day)]) copyFileSync(path.join(saved, name), path.join(changed, name));
    const csv = read(saved, csvName(day));
    csv[csv.length - 5] ^= 1;
    writeFileSync(path.join(changed, csvName(day)), csv);
    const bad = verify(path.join(changed, manifestName(day)), '--keys', path.join(saved, 'keys.json'));
    expect([bad.code, bad.out]).toEqual([1, expect.stringContaining(`NOT VERIFIED: ${csvName(day)}`)]);
    // One byte of the manifest changed.
    const manifest = read(saved, manifestName(day));
    manifest[manifest.indexOf('"rows":24') + 8] = '5'.charCodeAt(0);
    writeFileSync(path.join(changed, manifestName(day)), manifest);
    const forged = verify(path.join(changed, manifestName(day)), '--keys', path.join(saved, 'keys.json'));
    expect([forged.code, forged.out]).toEqual([1, expect.stringContaining('NOT VERIFIED: the manifest')]);
  }, 60_000);

  it('checks the latest day straight from the portal’s addresses, with its published keys', async () => {
    const address = await served.listen({ port: 0, host: '127.0.0.1' });
    // Not spawnSync: this process serves what the script fetches.
    const online = await new Promise<{ code: number | null; out: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', `${address}/data/manifest.json`, '--lines'], { cwd: ROOT, encoding: 'utf8' }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });
    expect([online.code, online.out]).toEqual([0, expect.stringContaining(`VERIFIED: the open data of ${dayName(15)}`)]);
    expect(online.out).toContain(`${csvName(dayName(15))}: SHA-256 as listed, 24 versions`);
    expect(online.out).toContain(`${jsonlName(dayName(15))}: SHA-256 as listed, 24 versions each verified`);
  }, 60_000);
});
