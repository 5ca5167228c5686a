/**
 * npm run verify -- URL | FILE [--signed FILE|URL] [--keys FILE|URL]
 *
 * Checks that a version of a post is what the portal signed, with nothing but its published keys
 * (/.well-known/qarar-keys.json) and node:crypto (src/server/modules/signing/verify.ts):
 *
 *   npm run verify -- https://portal.example/post/decision-12/versions/2
 *     the version's signature, fetched from the portal with its keys (a post's address without
 *     /versions/N: its current version);
 *   npm run verify -- annex.pdf --signed version.json --keys qarar-keys.json
 *     offline: whether the file is one of the files of a signed version (version.json: the
 *     version's answer, GET /api/v1/content/posts/{slug}/versions/{n}/, saved), whose signature
 *     is checked against the keys saved before;
 *   npm run verify -- version.json --keys qarar-keys.json
 *     offline: a saved version answer's signature alone;
 *   npm run verify -- data/qarar-manifest-2026-05-12.json --keys qarar-keys.json [--dir DIR] [--lines]
 *   npm run verify -- https://portal.example/data/manifest.json [--lines]
 *     a day's open data (src/server/modules/opendata/): the manifest's signature (the .sig.json
 *     beside it), each file it lists that is in DIR (by default beside the manifest; fetched
 *     from beside an address) against its size and SHA-256, and with --lines every version's
 *     signature in the JSON Lines file.
 *
 * Prints what was signed (post, version, organization, key) and exits 0 when everything holds,
 * 1 when something does not (what, in one line), 2 when it cannot tell (a missing input).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ManifestSignature } from '../src/server/modules/opendata/manifest';
import { fetchedSource, folderSource, verifyExport } from '../src/server/modules/opendata/verify-export';
import type { PublishedKey } from '../src/server/modules/signing/jwks';
import { fileOf, sha256Hex, verifySigned, type Signed } from '../src/server/modules/signing/verify';

const KEYS_PATH = '/.well-known/qarar-keys.json';

const REASONS: Record<string, string> = {
  unknownKey: 'it names a key the portal does not publish',
  badAlgorithm: 'it names another algorithm than Ed25519',
  digestMismatch: 'its text is not the text whose digest was signed (it was changed)',
  badSignature: 'its signature does not hold for its text (the text or the signature was changed)',
  badPayload: 'its text is not a signed version of the portal',
  badManifest: 'its text is not a manifest of the portal’s open data',
};

/** A day's open data manifest, by its name (saved, or its address under /data/). */
const MANIFEST = /(?:^|\/)(?:manifest|qarar-manifest-\d{4}-\d{2}-\d{2})\.json$/;

const isUrl = (s: string) => /^https?:\/\//i.test(s);

async function readJson<T>(source: string): Promise<T> {
  if (!isUrl(source)) return JSON.parse(readFileSync(source, 'utf8')) as T;
  const res = await fetch(source, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${source} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The version answer's address for a portal page or API address of a post (its current version when none is named). */
async function versionAddress(url: URL): Promise<string> {
  const api = /^\/api\/v1\/content\/posts\/([^/]+)\/versions\/(\d+)\/?$/.exec(url.pathname);
  if (api) return url.toString();
  const page = /^\/post\/([^/]+)(?:\/versions\/(\d+))?\/?$/.exec(url.pathname);
  if (!page) throw new Error(`${url} is not the address of a post or of one of its versions`);
  const [, slug, version] = page;
  const number = version ?? String((await readJson<{ version: number }>(new URL(`/api/v1/content/posts/${slug}/`, url).toString())).version);
  return new URL(`/api/v1/content/posts/${slug}/versions/${number}/`, url).toString();
}

function fail(message: string, code = 1): never {
  console.error(`NOT VERIFIED: ${message}`);
  process.exit(code);
}

/** The manifest of a day's open data, its signature and the files it lists (those at hand). */
async function verifyOpenData(target: string, options: { keys?: string; dir?: string; lines?: boolean }) {
  const online = isUrl(target);
  const keysSource = options.keys ?? (online ? new URL(KEYS_PATH, target).toString() : undefined);
  if (!keysSource) fail('offline, give the published keys saved before: --keys qarar-keys.json', 2);
  let bytes: Buffer;
  let signatureSource = target.replace(/\.json$/, '.sig.json');
  if (online) {
    const res = await fetch(target);
    if (!res.ok) throw new Error(`${target} answered ${res.status}`);
    bytes = Buffer.from(await res.arrayBuffer());
    // The signature of that very day (manifest.json may have moved on to the next meanwhile): checked below whatever it says.
    const day = (JSON.parse(bytes.toString('utf8')) as { date?: unknown }).date;
    if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) signatureSource = new URL(`qarar-manifest-${day}.sig.json`, target).toString();
  } else bytes = readFileSync(target);
  const signature = await readJson<ManifestSignature>(signatureSource);
  const keys = await readJson<{ keys: PublishedKey[] }>(keysSource);
  const source = options.dir ? folderSource(options.dir) : online ? fetchedSource(target) : folderSource(path.dirname(target));
  const verdict = await verifyExport(bytes, signature, keys, source, { lines: options.lines });
  if (!verdict.manifest.valid) fail(`the manifest: ${REASONS[verdict.manifest.reason]}`);
  const { manifest, key } = verdict.manifest;
  for (const file of verdict.files) {
    if (file.outcome === 'size' || file.outcome === 'sha256') fail(`${file.name}: its ${file.outcome === 'size' ? 'size' : 'SHA-256'} is not the manifest’s (it was changed or cut short)`);
    if (file.outcome === 'lines' && file.badLine?.reason === 'rowCount') fail(`${file.name}: it holds ${file.lines} versions, the manifest says otherwise`);
    if (file.outcome === 'lines') fail(`${file.name}: the version on line ${file.badLine?.line} does not verify (${REASONS[file.badLine?.reason ?? ''] ?? file.badLine?.reason})`);
  }
  console.log(`VERIFIED: the open data of ${manifest.date}, its manifest signed by the portal's key ${key.kid} (${key.status}${key.retired_at ? `, retired ${key.retired_at}` : ''})`);
  console.log(`  made:  ${manifest.generated_at}, of the versions signed before ${manifest.cutoff}`);
  for (const file of verdict.files) {
    const entry = manifest.files.find((f) => f.name === file.name)!;
    if (file.outcome === 'missing') console.log(`  ${file.name}: not here, not checked (SHA-256 ${entry.sha256})`);
    else console.log(`  ${file.name}: SHA-256 as listed, ${entry.rows} versions${file.lines !== undefined ? ' each verified' : ''}`);
  }
  if (verdict.files.every((f) => f.outcome === 'missing')) console.log('  (none of its files is here: the manifest alone was checked)');
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { signed: { type: 'string' }, keys: { type: 'string' }, dir: { type: 'string' }, lines: { type: 'boolean' } },
  });
  const [target] = positionals;
  if (!target) fail('name a post’s address, a saved version answer or a file (npm run verify -- URL | FILE [--signed FILE] [--keys FILE])', 2);
  if (MANIFEST.test(isUrl(target) ? new URL(target).pathname : target)) return verifyOpenData(target, values);

  let versionSource: string;
  let file: Buffer | undefined;
  if (isUrl(target)) versionSource = await versionAddress(new URL(target));
  else if (values.signed) {
    versionSource = isUrl(values.signed) ? await versionAddress(new URL(values.signed)) : values.signed;
    file = readFileSync(target);
  } else versionSource = target;
  const keysSource = values.keys ?? (isUrl(versionSource) ? new URL(KEYS_PATH, versionSource).toString() : undefined);
  if (!keysSource) fail('offline, give the published keys saved before: --keys qarar-keys.json', 2);

  const version = await readJson<{ version: number; signed: Signed | null; post?: { slug: string } }>(versionSource);
  if (!version.signed) fail(`version ${version.version} is not signed yet (${versionSource})`, 2);
  const keys = await readJson<{ keys: PublishedKey[] }>(keysSource);
  const verdict = verifySigned(version.signed, keys);
  if (!verdict.valid) fail(REASONS[verdict.reason]);
  const { payload, key } = verdict;
  const found = file && fileOf(payload, file);
  if (file && !found) fail(`the file (SHA-256 ${sha256Hex(file)}) is none of the ${payload.files.length} files of version ${payload.version} of ${payload.post.slug}: it may be forged or modified`);
  const post = payload.post as { slug: string; title?: string; title_ar?: string; organization_name?: string; organization_name_ar?: string; document_number?: string | null };
  console.log(`VERIFIED: signed by the portal's key ${key.kid} (${key.status}${key.retired_at ? `, retired ${key.retired_at}` : ''})`);
  console.log(`  post:         ${post.title_ar ?? ''}${post.title ? ` — ${post.title}` : ''} (${post.slug})`);
  console.log(`  organization: ${post.organization_name_ar ?? post.organization_name ?? '—'}`);
  if (post.document_number) console.log(`  number:       ${post.document_number}`);
  console.log(`  version:      ${payload.version} (${payload.kind}), made ${payload.made_at}`);
  console.log(`  digest:       ${version.signed.digest}`);
  if (found) console.log(`  file:         ${found.title_ar ?? found.title ?? found.id}, SHA-256 ${found.sha256} (the file given)`);
  else {
    for (const f of payload.files) console.log(`  file:         ${f.title_ar ?? f.title ?? f.id}, SHA-256 ${f.sha256}`);
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err), 2));
