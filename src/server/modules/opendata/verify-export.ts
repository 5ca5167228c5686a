/**
 * Checking a day's open data with nothing but the published keys (node:crypto only): the
 * manifest's signature, each file's size and SHA-256 against the manifest, and, when asked,
 * every version's signature in the JSON Lines file. What `npm run verify -- manifest.json` does
 * (scripts/verify.ts), from files on disk or from the portal's addresses.
 */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { PublishedKey } from '../signing/jwks';
import { verifySigned } from '../signing/verify';
import type { ExportLine } from './export';
import { verifyManifest, type ExportFile, type ManifestSignature, type ManifestVerdict } from './manifest';

/** Where the files are read from: a readable stream of a file by its name, or undefined when it is not there. */
export type FileSource = (name: string) => Promise<Readable | undefined>;

export interface FileCheck {
  name: string;
  outcome: 'ok' | 'missing' | 'size' | 'sha256' | 'lines';
  bytes?: number;
  /** With lines checked (JSON Lines): how many, and the first that does not verify. */
  lines?: number;
  badLine?: { line: number; reason: string };
}

export interface ExportVerdict {
  manifest: ManifestVerdict;
  files: FileCheck[];
  /** The manifest's signature holds, and every file here is as listed. */
  ok: boolean;
}

/** The size and SHA-256 of a stream's bytes; with `lines`, each line of the gunzipped text told as it comes. */
async function digestOf(stream: Readable, onLine?: (line: string) => void): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    hash.update(chunk);
  });
  if (onLine) {
    const lines = createInterface({ input: stream.pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) onLine(line);
  } else {
    await finished(stream.resume());
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** One file against its entry; `keys` given: each line of a JSON Lines file verified too. */
async function checkOne(entry: ExportFile, source: FileSource, keys?: { keys: PublishedKey[] }): Promise<FileCheck> {
  const stream = await source(entry.name);
  if (!stream) return { name: entry.name, outcome: 'missing' };
  let count = 0;
  let badLine: FileCheck['badLine'];
  const onLine =
    keys && entry.format === 'jsonl'
      ? (text: string) => {
          count++;
          if (badLine) return;
          try {
            const verdict = verifySigned((JSON.parse(text) as ExportLine).signed, keys);
            if (!verdict.valid) badLine = { line: count, reason: verdict.reason };
          } catch {
            badLine = { line: count, reason: 'notJson' };
          }
        }
      : undefined;
  let digest: { bytes: number; sha256: string };
  try {
    digest = await digestOf(stream, onLine);
  } catch {
    // Not gzip: whatever its bytes, they are not the file listed.
    return { name: entry.name, outcome: 'sha256' };
  }
  const check = { name: entry.name, bytes: digest.bytes, ...(onLine ? { lines: count } : {}) };
  if (digest.bytes !== entry.bytes) return { ...check, outcome: 'size' };
  if (digest.sha256 !== entry.sha256) return { ...check, outcome: 'sha256' };
  if (badLine || (onLine && count !== entry.rows)) return { ...check, outcome: 'lines', badLine: badLine ?? { line: count, reason: 'rowCount' } };
  return { ...check, outcome: 'ok' };
}

/**
 * The manifest (its exact bytes) checked against its signature and the keys, then each file it
 * lists that `source` has; `lines`: every version of the JSON Lines file verified as well.
 */
export async function verifyExport(manifestBytes: Buffer, signature: ManifestSignature, keys: { keys: PublishedKey[] }, source: FileSource, { lines = false } = {}): Promise<ExportVerdict> {
  const manifest = verifyManifest(manifestBytes, signature, keys);
  if (!manifest.valid) return { manifest, files: [], ok: false };
  const files: FileCheck[] = [];
  for (const entry of manifest.manifest.files) files.push(await checkOne(entry, source, lines ? keys : undefined));
  return { manifest, files, ok: files.every((f) => f.outcome === 'ok' || f.outcome === 'missing') };
}

/** A FileSource of a folder. */
export function folderSource(dir: string): FileSource {
  return async (name) => {
    const file = path.join(dir, path.basename(name));
    return existsSync(file) ? createReadStream(file) : undefined;
  };
}

/** A FileSource of a portal's /data/ (fetched as read, never saved). */
export function fetchedSource(dataUrl: string): FileSource {
  return async (name) => {
    const res = await fetch(new URL(name, dataUrl));
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new Error(`${name} answered ${res.status}`);
    return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  };
}
