import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../paths';
import PDFDocument from 'pdfkit';
import { buildApp } from '../../app';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { multipart } from '../auth/testing';
import { mediaPath } from '../media/paths';
import { closePdfTextWork } from '../media/pdf-text';
import { keyIdOf, loadSigningKey, parseSigningKey, publicJwkOf } from './keys';
import type { PublishedKey } from './jwks';
import { KEYS_PATH } from './plugin';
import { fileOf, sha256Hex, verifySigned, type Signed } from './verify';

let ctx: TestContext;
const ids = {} as Record<'editor' | 'publisher' | 'org' | 'decision' | 'health', number>;
const headers = {} as Record<'editor' | 'publisher', Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      ids.editor = await f.user('moh_editor');
      ids.publisher = await f.user('moh_media');
      ids.org = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.decision = (await f.postTypes()).decision;
      ids.health = await f.category('health', 'Health', 'الصحة');
      await db.query(`INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, 'editor'), ($1, $3, 'publisher')`, [
        ids.org,
        ids.editor,
        ids.publisher,
      ]);
      // Published before versions were signed, by the importer: no version kept at all.
      await f.post({ slug: 'imported-decision', author_id: ids.publisher, organization_id: ids.org, type_id: ids.decision, published_at: new Date('2024-03-01T08:00:00Z') });
    },
  });
  headers.editor = await signIn(ctx, ids.editor, 'en');
  headers.publisher = await signIn(ctx, ids.publisher, 'en');
});
afterAll(async () => {
  await ctx.close();
  await closePdfTextWork();
});

const call = (who: 'editor' | 'publisher', method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.inject({ method, url: `/api/v1${url}`, headers: headers[who], ...(payload ? { payload } : {}) });

const pdf = (text: string) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });

/** Each fixture's document number is its own (numbers are unique per organization, type and year: migration 025). */
let numbered = 0;

/** A decision with a PDF, written, submitted and published through the workspace: its slug and the PDF's bytes. */
async function publishedWithPdf(title: string): Promise<{ id: number; slug: string; bytes: Buffer }> {
  const draft = await call('editor', 'POST', '/studio/posts/', {
    organization_id: ids.org,
    type_id: ids.decision,
    title,
    title_ar: `قرار ${title}`,
    content_ar: 'تقرر وزارة الصحة تنظيم حملات التطعيم الموسمية في المدارس.',
    language: 'ar',
    category_ids: [ids.health],
    document_number: `${9000 + ++numbered}/1447`,
    issued_on: '2025-11-20',
  });
  expect(draft.statusCode).toBe(201);
  const { id } = draft.json();
  const bytes = await pdf(`Annex of ${title}`);
  const { payload, headers: h } = multipart({ title_ar: 'الملحق' }, { file: { filename: 'annex.pdf', type: 'application/pdf', bytes } });
  expect((await ctx.inject({ method: 'POST', url: `/api/v1/studio/posts/${id}/attachments/`, headers: { ...headers.editor, ...h }, payload })).statusCode).toBe(201);
  const submitted = await call('editor', 'POST', `/studio/posts/${id}/submit/`);
  expect(submitted.statusCode === 200 ? 'ok' : submitted.body).toBe('ok');
  const published = await call('publisher', 'POST', `/studio/posts/${id}/publish/`);
  expect(published.statusCode === 200 ? 'ok' : published.body).toBe('ok');
  const { slug } = (await call('publisher', 'GET', `/studio/posts/${id}/`)).json();
  return { id, slug, bytes };
}

const keys = async () => (await ctx.inject({ url: KEYS_PATH })).json<{ keys: PublishedKey[] }>();
const versionOf = async (slug: string, version: number) => (await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(slug)}/versions/${version}/` })).json();
/** One character of a text changed (the one at `at`), as a forger would. */
const changed = (text: string, at: number) => text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);

describe('the published keys', () => {
  it('publish the signing key as a JWK set, by its RFC 7638 thumbprint, without its private part', async () => {
    const res = await ctx.inject({ url: KEYS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    const [key, ...others] = res.json<{ keys: PublishedKey[] }>().keys;
    expect(others).toEqual([]);
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', status: 'active', kid: ctx.config.signingKey.kid });
    expect(key.kid).toBe(keyIdOf({ kty: 'OKP', crv: 'Ed25519', x: key.x }));
    expect(res.body).not.toMatch(/"d"/);
  });

  it('is made once into DATA_DIR and read back; SIGNING_KEY must be an Ed25519 private key', () => {
    const again = loadSigningKey(ctx.config.dataDir);
    expect(again.kid).toBe(ctx.config.signingKey.kid);
    expect(readFileSync(`${ctx.config.dataDir}/signing-key.pem`, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    expect(() => parseSigningKey(rsa, 'SIGNING_KEY')).toThrow('SIGNING_KEY is a rsa key: the portal signs with Ed25519.');
    expect(() => parseSigningKey('not a key', 'SIGNING_KEY')).toThrow(/SIGNING_KEY is not a private key in PEM/);
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    // As an environment variable may hold it: its line breaks written \n.
    const fromEnv = loadSigningKey(ctx.config.dataDir, pem.replace(/\n/g, '\\n'));
    expect(fromEnv.kid).toBe(keyIdOf(publicJwkOf(parseSigningKey(pem, 'test'))));
    expect(fromEnv.kid).not.toBe(ctx.config.signingKey.kid);
    // Nothing of the private key shows when it is printed or logged.
    expect(JSON.stringify(fromEnv)).not.toContain(pem.split('\n')[1]);
  });
});

describe('a published version', () => {
  it('is signed when it is published: its payload holds its text and its file’s SHA-256, and verifies with the published keys', async () => {
    const { slug, bytes } = await publishedWithPdf('Decision on school vaccination');
    const version = await versionOf(slug, 1);
    const signed: Signed = version.signed;
    expect(signed).toMatchObject({ alg: 'EdDSA', kid: ctx.config.signingKey.kid, digest: sha256Hex(signed.payload) });
    const verdict = verifySigned(signed, await keys());
    if (!verdict.valid) throw new Error(`not valid: ${verdict.reason}`);
    expect(verdict.payload).toMatchObject({ format: 'qarar-version/1', version: 1, kind: 'first', post: { slug, title: 'Decision on school vaccination' } });
    expect(verdict.payload.post.content_ar).toBe('تقرر وزارة الصحة تنظيم حملات التطعيم الموسمية في المدارس.');
    // The very bytes a reader downloads.
    expect(fileOf(verdict.payload, bytes)).toMatchObject({ title_ar: 'الملحق', sha256: sha256Hex(bytes), size: bytes.length });
    const [stored] = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM attachments WHERE sha256 = $1', [sha256Hex(bytes)]);
    expect(sha256Hex(readFileSync(mediaPath(ctx.config.dataDir, stored.storage_key)))).toBe(sha256Hex(bytes));
    // The payload is canonical JSON (RFC 8785): keys sorted, no spaces.
    expect(signed.payload.startsWith('{"files":[')).toBe(true);
    // Signed in the transaction that published it (now() is the transaction's moment): never
    // readable unsigned, and no second change of the content version after it.
    expect(version.signed.signed_at).toBe(version.created_at);
  });

  it('fails to verify once one byte of its payload, its digest, its signature or its file is changed', async () => {
    const { slug, bytes } = await publishedWithPdf('Decision on school transport');
    const signed: Signed = (await versionOf(slug, 1)).signed;
    const published = await keys();
    expect(verifySigned(signed, published).valid).toBe(true);
    const at = signed.payload.indexOf('school transport');
    expect(verifySigned({ ...signed, payload: changed(signed.payload, at) }, published)).toMatchObject({ valid: false, reason: 'digestMismatch' });
    // A forger who also puts the new payload's digest: the signature does not hold.
    const forged = changed(signed.payload, at);
    expect(verifySigned({ ...signed, payload: forged, digest: sha256Hex(forged) }, published)).toMatchObject({ valid: false, reason: 'badSignature' });
    const sig = Buffer.from(signed.signature, 'base64url');
    sig[10] ^= 1;
    expect(verifySigned({ ...signed, signature: sig.toString('base64url') }, published)).toMatchObject({ valid: false, reason: 'badSignature' });
    expect(verifySigned({ ...signed, kid: 'someone-else' }, published)).toMatchObject({ valid: false, reason: 'unknownKey' });
    // One byte of the file changed: it is no file of the version.
    const verdict = verifySigned(signed, published);
    if (!verdict.valid) throw new Error('not valid');
    const modified = Buffer.from(bytes);
    modified[modified.length - 20] ^= 1;
    expect(fileOf(verdict.payload, bytes)).toBeDefined();
    expect(fileOf(verdict.payload, modified)).toBeUndefined();
  });

  it('is signed again as a new version when corrected, each version verifying on its own', async () => {
    const { id, slug } = await publishedWithPdf('Decision on clinic hours');
    const res = await call('publisher', 'POST', `/studio/posts/${id}/correct/`, { change_kind: 'major', change_note: 'Hours extended', title: 'Decision on extended clinic hours' });
    expect(res.statusCode).toBe(200);
    const [one, two] = [await versionOf(slug, 1), await versionOf(slug, 2)];
    const published = await keys();
    const [first, second] = [verifySigned(one.signed, published), verifySigned(two.signed, published)];
    if (!first.valid || !second.valid) throw new Error('not valid');
    expect(first.payload.post.title).toBe('Decision on clinic hours');
    expect(second.payload).toMatchObject({ version: 2, kind: 'major', note: 'Hours extended', post: { title: 'Decision on extended clinic hours' } });
    expect(one.signed.digest).not.toBe(two.signed.digest);
  });
});

describe('npm run verify', () => {
  const verify = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
    return { code: run.status, out: run.stdout + run.stderr };
  };

  it('checks a file offline against a saved version and the saved keys, and refuses a modified copy or a changed version', async () => {
    const { slug, bytes } = await publishedWithPdf('Decision checked offline');
    const dir = ctx.config.dataDir;
    const saved = (name: string, content: string | Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    };
    const version = await versionOf(slug, 1);
    const [versionFile, keysFile, pdfFile] = [saved('version.json', JSON.stringify(version)), saved('keys.json', JSON.stringify(await keys())), saved('annex.pdf', bytes)];
    const good = verify(pdfFile, '--signed', versionFile, '--keys', keysFile);
    expect(good.out).toContain('VERIFIED: signed by the portal');
    expect(good.out).toContain(`SHA-256 ${sha256Hex(bytes)}`);
    expect(good.code).toBe(0);
    const modified = Buffer.from(bytes);
    modified[modified.length - 20] ^= 1;
    const bad = verify(saved('annex-modified.pdf', modified), '--signed', versionFile, '--keys', keysFile);
    expect([bad.code, bad.out]).toEqual([1, expect.stringContaining(`is none of the 1 files of version 1 of ${slug}`)]);
    expect(bad.out).not.toContain('VERIFIED: signed');
    const tampered = { ...version, signed: { ...version.signed, payload: version.signed.payload.replace('checked offline', 'checked offlinf') } };
    const forged = verify(saved('version-changed.json', JSON.stringify(tampered)), '--keys', keysFile);
    expect([forged.code, forged.out]).toEqual([1, expect.stringContaining('NOT VERIFIED: its text is not the text whose digest was signed')]);
    expect(verify(versionFile).code).toBe(2);
  }, 60_000);
});

describe('versions not signed when made', () => {
  it('are signed by the scheduled work: a published post with no version kept gets its first, signed', async () => {
    expect(await ctx.db.query(`SELECT 1 FROM post_versions v JOIN posts p ON p.id = v.post_id WHERE p.slug = 'imported-decision'`)).toEqual([]);
    // A version kept unsigned (a process that stopped between the two).
    const { id, slug } = await publishedWithPdf('Decision on pharmacies');
    await ctx.db.query('UPDATE post_versions SET signed_payload = NULL, digest = NULL, kid = NULL, signature = NULL, signed_at = NULL WHERE post_id = $1', [id]);
    expect((await versionOf(slug, 1)).signed).toBeNull();
    expect(await ctx.app.signer.signPending()).toBeGreaterThanOrEqual(2);
    const published = await keys();
    expect(verifySigned((await versionOf(slug, 1)).signed, published).valid).toBe(true);
    const imported = verifySigned((await versionOf('imported-decision', 1)).signed, published);
    expect(imported).toMatchObject({ valid: true, payload: { version: 1, kind: 'first', made_at: '2024-03-01T08:00:00.000Z' } });
    expect(await ctx.app.signer.signPending()).toBe(0);
  });
});

describe('a new key', () => {
  it('signs what is published from then on; the old one is published as retired, and what it signed still verifies', async () => {
    const before = await publishedWithPdf('Decision signed by the first key');
    const oldKid = ctx.config.signingKey.kid;
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    const signingKey = loadSigningKey(ctx.config.dataDir, pem);
    // The portal restarted with SIGNING_KEY set to a new key, on the same database.
    const rotated = await buildApp({ db: ctx.db, config: { ...ctx.config, signingKey } });
    await rotated.ready();
    try {
      const published = (await rotated.inject({ url: KEYS_PATH })).json<{ keys: PublishedKey[] }>();
      expect(published.keys.map((k) => [k.kid, k.status])).toEqual([
        [signingKey.kid, 'active'],
        [oldKid, 'retired'],
      ]);
      expect(published.keys[1].retired_at).toEqual(expect.any(String));
      expect(verifySigned((await versionOf(before.slug, 1)).signed, published).valid).toBe(true);
      const draft = (await ctx.db.query<{ id: number }>('SELECT id FROM posts WHERE slug = $1', [before.slug]))[0].id;
      const correction = await rotated.inject({
        method: 'POST',
        url: `/api/v1/studio/posts/${draft}/correct/`,
        headers: headers.publisher,
        payload: { change_kind: 'minor', title: 'Decision signed by the second key' },
      });
      expect(correction.statusCode).toBe(200);
      const second = (await rotated.inject({ url: `/api/v1/content/posts/${encodeURIComponent(before.slug)}/versions/2/` })).json();
      expect(second.signed.kid).toBe(signingKey.kid);
      expect(verifySigned(second.signed, published).valid).toBe(true);
      // Without the new key's entry, the new version does not verify: it is the new key's signature.
      expect(verifySigned(second.signed, { keys: published.keys.filter((k) => k.kid === oldKid) })).toMatchObject({ valid: false, reason: 'unknownKey' });
    } finally {
      await rotated.close();
    }
  });
});

describe('a withdrawal', () => {
  it('is a version of its own, signed: its text says the post was withdrawn and why, and it verifies as withdrawn', async () => {
    const { id, slug, bytes } = await publishedWithPdf('Decision later withdrawn');
    const res = await call('publisher', 'POST', `/studio/posts/${id}/withdraw/`, { reason: 'Issued in error', reason_ar: 'صدر بالخطأ' });
    expect(res.statusCode).toBe(200);
    const two = await versionOf(slug, 2);
    expect(two).toMatchObject({ version: 2, kind: 'withdrawal', note: 'Issued in error', note_ar: 'صدر بالخطأ', current_version: 2 });
    const verdict = verifySigned(two.signed, await keys());
    if (!verdict.valid) throw new Error('not valid');
    expect(verdict.payload).toMatchObject({ version: 2, kind: 'withdrawal', note_ar: 'صدر بالخطأ' });
    expect(fileOf(verdict.payload, bytes)).toBeDefined();
    // The file, looked up: in both versions, the post withdrawn, the first no longer current.
    const found = (await ctx.inject({ url: `/api/v1/content/verify/?sha256=${sha256Hex(bytes)}` })).json();
    expect(found.matches.map((m: { version: number; kind: string; is_current: boolean; post_state: string; signature_valid: boolean }) => [m.version, m.kind, m.is_current, m.post_state, m.signature_valid])).toEqual([
      [2, 'withdrawal', true, 'withdrawn', true],
      [1, 'first', false, 'withdrawn', true],
    ]);
    expect(found.matches[0].withdrawal).toMatchObject({ reason_ar: 'صدر بالخطأ' });
  });
});

describe('GET /content/verify/', () => {
  const verifyBy = (query: string, lang = 'en') => ctx.inject({ url: `/api/v1/content/verify/?${query}`, headers: { 'accept-language': lang } });

  it('finds a published file by its SHA-256, with its post, version, state and signature; a modified copy matches nothing', async () => {
    const { slug, bytes } = await publishedWithPdf('Decision on hospital visits');
    const res = await verifyBy(`sha256=${sha256Hex(bytes).toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const { by, reason, matches } = res.json();
    expect([by, reason, matches.length]).toEqual(['sha256', null, 1]);
    expect(matches[0]).toMatchObject({
      slug,
      version: 1,
      kind: 'first',
      title: 'Decision on hospital visits',
      organization: { code: 'MOH', name_ar: 'وزارة الصحة' },
      is_current: true,
      current_version: 1,
      post_state: 'in_force',
      file: { title_ar: 'الملحق', sha256: sha256Hex(bytes) },
      signature_valid: true,
      signed: { alg: 'EdDSA', kid: ctx.config.signingKey.kid },
    });
    expect(matches[0].version_url).toMatch(new RegExp(`/post/${encodeURIComponent(slug)}/versions/1$`));
    const modified = Buffer.from(bytes);
    modified[modified.length - 20] ^= 1;
    expect((await verifyBy(`sha256=${sha256Hex(modified)}`)).json()).toEqual({ by: 'sha256', reason: null, matches: [] });
    // The post's own answer carries its current version's signature and its files' digests.
    const post = (await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(slug)}/` })).json();
    expect(post.signature).toMatchObject({ version: 1, alg: 'EdDSA', kid: ctx.config.signingKey.kid, digest: matches[0].signed.digest, files: [{ sha256: sha256Hex(bytes) }] });
  });

  it('finds a document by its number as people write it, and by a link of the portal, not of another site', async () => {
    const { id, slug } = await publishedWithPdf('Decision numbered');
    await ctx.db.query(`UPDATE posts SET document_number = '794/1447' WHERE id = $1`, [id]);
    for (const number of ['794/1447', 'قرار رقم ٧٩٤ لعام ١٤٤٧', 'Decision No. 794 of 2025', '794']) {
      const { matches } = (await verifyBy(`number=${encodeURIComponent(number)}&organization=moh`)).json();
      expect([number, matches.map((m: { slug: string }) => m.slug)]).toEqual([number, [slug]]);
    }
    expect((await verifyBy(`number=794&organization=NOPE`)).json().matches).toEqual([]);
    expect((await verifyBy(`number=795/1447&organization=MOH`)).json().matches).toEqual([]);
    const link = (await verifyBy(`url=${encodeURIComponent(`http://localhost/post/${encodeURIComponent(slug)}/versions/1`)}`)).json();
    expect(link.matches.map((m: { slug: string; version: number }) => [m.slug, m.version])).toEqual([[slug, 1]]);
    expect((await verifyBy(`url=${encodeURIComponent(`https://qarar.example.org/post/${slug}`)}`)).json()).toEqual({ by: 'url', reason: 'other_site', matches: [] });
    // Pasted without its scheme: still a web address.
    expect((await verifyBy(`url=${encodeURIComponent(`localhost/post/${slug}`)}`)).json().matches.map((m: { slug: string }) => m.slug)).toEqual([slug]);
    expect((await verifyBy(`url=${encodeURIComponent(`qarar.example.org/post/${slug}`)}`)).json().reason).toBe('other_site');
    expect((await verifyBy(`url=${encodeURIComponent('http://localhost/organizations/MOH')}`)).json()).toMatchObject({ reason: 'not_a_post_link', matches: [] });
  });

  it('asks for exactly one way, in the reader’s language', async () => {
    const none = await verifyBy('', 'ar');
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('اطلب التحقق بطريقة واحدة');
    expect((await verifyBy(`sha256=${'a'.repeat(64)}&url=x`)).statusCode).toBe(400);
    expect((await verifyBy('sha256=xyz')).statusCode).toBe(400);
    expect(JSON.stringify((await verifyBy('number=12', 'ar')).json())).toContain('اختر الجهة المصدرة');
    expect((await verifyBy('number=no-digits&organization=MOH')).statusCode).toBe(400);
  });
});

describe('document numbers', () => {
  it('are unique per organization, type and year among published documents: publishing a second is refused on that field', async () => {
    const { id: first } = await publishedWithPdf('First of its number');
    await ctx.db.query(`UPDATE posts SET document_number = '55/1447', issued_on = '2025-11-20' WHERE id = $1`, [first]);
    const { id: other } = await publishedWithPdf('Another number');
    const ready = async (issued: string) => {
      const res = await call('editor', 'POST', '/studio/posts/', {
        organization_id: ids.org, type_id: ids.decision, title: 'Numbered', title_ar: 'مرقم', content_ar: 'نص القرار.', language: 'ar', category_ids: [ids.health], document_number: '55/1447', issued_on: issued,
      });
      // A draft may share a number while it is written.
      expect(res.statusCode).toBe(201);
      expect((await call('editor', 'POST', `/studio/posts/${res.json().id}/submit/`)).statusCode).toBe(200);
      return res.json().id as number;
    };
    const again = await ready('2025-12-01');
    const refused = await ctx.inject({ method: 'POST', url: `/api/v1/studio/posts/${again}/publish/`, headers: { ...headers.publisher, 'accept-language': 'ar' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ document_number: [expect.stringContaining('هذا الرقم مستخدم')] });
    // A correction giving a published post a number taken: refused on that field too (the index, in a race as here).
    const corrected = await call('publisher', 'POST', `/studio/posts/${other}/correct/`, { change_kind: 'minor', document_number: '55/1447', issued_on: '2025-11-25' });
    expect([corrected.statusCode, corrected.json()]).toEqual([400, { document_number: [expect.stringContaining('already has this number')] }]);
    // Another year is another series.
    const later = await ready('2026-01-05');
    expect((await call('publisher', 'POST', `/studio/posts/${later}/publish/`)).statusCode).toBe(200);
    // Scheduled with a free number, taken before it is due: it waits, and the posts due after it are published.
    const at = new Date(Date.now() + 120_000).toISOString();
    const [stuck, next] = [await ready('2027-02-01'), await ready('2028-02-01')];
    await ctx.db.query(`UPDATE posts SET document_number = '56/1447' WHERE id = $1`, [next]);
    for (const id of [stuck, next]) expect((await call('publisher', 'POST', `/studio/posts/${id}/schedule/`, { publish_at: at })).statusCode).toBe(200);
    const taker = await ready('2027-03-01');
    expect((await call('publisher', 'POST', `/studio/posts/${taker}/publish/`)).statusCode).toBe(200);
    await expect(ctx.app.studio.publishDue(new Date(Date.now() + 600_000))).rejects.toThrow(`scheduled posts ${stuck} could not be published (1 were)`);
    const states = await ctx.db.query<{ id: number; status: string }>('SELECT id, status FROM posts WHERE id = ANY($1::integer[]) ORDER BY id', [[stuck, next]]);
    expect(states).toEqual([{ id: stuck, status: 'draft' }, { id: next, status: 'published' }]);
  });
});
