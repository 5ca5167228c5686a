/**
 * One day's files, written from the database in one pass: the versions read in batches (a keyset
 * over their key: memory holds one batch, whatever the number of versions), each batch written to
 * both gzip streams, which wait for the disk.
 *
 * - `qarar-versions-DAY.jsonl.gz`: a JSON object a line, each a version with its signature as
 *   the API gives it (`signed`: the exact text signed, its digest, the key's id and the
 *   signature): each line verifies alone against /.well-known/qarar-keys.json.
 * - `qarar-versions-DAY.csv.gz`: a table of the versions' main public fields for spreadsheets
 *   (UTF-8 with a byte order mark, so that Excel reads Arabic), with each version's digest, key
 *   and signature to look it up.
 *
 * What is written depends on the database and the cutoff alone (no clock, no host): a process
 * making the same day again writes the same bytes.
 */
import type { Queryable } from '../../db/db';
import type { SignedPayload } from '../signing/verify';
import { csvRecords, formulaSafe, UTF8_BOM, type CsvValue } from './csv';
import { GzipFile } from './files';
import type { FileFacts } from './manifest';
import { csvName, jsonlName } from './names';
import { versionsAfter, type ExportRow, type RowKey } from './repository';

/** Versions read and written a batch at a time (a version's signed text is some kilobytes). */
export const EXPORT_BATCH = 250;

/** The address of a version's page, at the portal's origin ('' for a path alone). */
export const versionUrl = (origin: string, slug: string, version: number) => `${origin}/post/${encodeURIComponent(slug)}/versions/${version}`;

/** A line of the JSON Lines file. */
export interface ExportLine {
  post_id: number;
  slug: string;
  version: number;
  kind: string;
  note: string;
  note_ar: string;
  made_at: string;
  url: string;
  /** As the API's version answer gives it (SignedVersion): `payload` is the exact text signed. */
  signed: { payload: string; alg: 'EdDSA'; kid: string; digest: string; signature: string; signed_at: string };
}

export function lineOf(row: ExportRow, origin: string): ExportLine {
  return {
    post_id: row.post_id,
    slug: row.slug,
    version: row.version,
    kind: row.kind,
    note: row.note,
    note_ar: row.note_ar,
    made_at: new Date(row.created_at).toISOString(),
    url: versionUrl(origin, row.slug, row.version),
    signed: { payload: row.signed_payload, alg: 'EdDSA', kid: row.kid, digest: row.digest, signature: row.signature, signed_at: new Date(row.signed_at).toISOString() },
  };
}

/** The CSV's columns, in order (its header line). */
export const CSV_COLUMNS = [
  'post_id', 'slug', 'version', 'kind', 'made_at',
  'organization_code', 'organization_name', 'organization_name_ar', 'type', 'type_ar',
  'document_number', 'issued_on', 'issued_on_hijri', 'title', 'title_ar', 'language',
  'url', 'digest', 'kid', 'signature',
] as const;

/** What of a version's signed post the table shows. */
interface PostFields {
  organization?: { code?: string; name?: string; name_ar?: string } | null;
  organization_name?: string | null;
  organization_name_ar?: string | null;
  type?: { name?: string; name_ar?: string } | null;
  document_number?: string | null;
  issued_on?: string | null;
  issued_on_hijri?: string | null;
  title?: string;
  title_ar?: string;
  language?: string;
}

/**
 * A version's record of the CSV: its fields as signed (the version's payload), so the table says
 * what the signature covers; the texts people typed defused as formulas, the identifiers exact.
 */
export function recordOf(row: ExportRow, origin: string): CsvValue[] {
  const post = ((JSON.parse(row.signed_payload) as SignedPayload).post ?? {}) as PostFields;
  const record: Record<(typeof CSV_COLUMNS)[number], CsvValue> = {
    post_id: row.post_id,
    slug: row.slug,
    version: row.version,
    kind: row.kind,
    made_at: new Date(row.created_at).toISOString(),
    organization_code: post.organization?.code,
    organization_name: formulaSafe(post.organization?.name ?? post.organization_name),
    organization_name_ar: formulaSafe(post.organization?.name_ar ?? post.organization_name_ar),
    type: post.type?.name,
    type_ar: post.type?.name_ar,
    document_number: formulaSafe(post.document_number),
    issued_on: post.issued_on,
    issued_on_hijri: post.issued_on_hijri,
    title: formulaSafe(post.title),
    title_ar: formulaSafe(post.title_ar),
    language: post.language,
    url: versionUrl(origin, row.slug, row.version),
    digest: row.digest,
    kid: row.kid,
    signature: row.signature,
  };
  return CSV_COLUMNS.map((c) => record[c]);
}

export interface ExportOptions {
  db: Queryable;
  /** The folder written (DATA_DIR/opendata). */
  dir: string;
  day: string;
  /** The versions signed before this instant. */
  cutoff: Date;
  /** The portal's origin, for the versions' addresses ('' for paths alone). */
  origin: string;
  /** Aborted: stop between batches (the files discarded). */
  signal?: AbortSignal;
  /** Called after each batch: the claim kept alive (it throws to stop). */
  onBatch?: () => Promise<void>;
  batchSize?: number;
}

/** The day's two files written whole and renamed into place: what the manifest lists of them. */
export async function writeExport({ db, dir, day, cutoff, origin, signal, onBatch, batchSize = EXPORT_BATCH }: ExportOptions): Promise<FileFacts[]> {
  const jsonl = new GzipFile(dir, jsonlName(day));
  const csv = new GzipFile(dir, csvName(day));
  let rows = 0;
  try {
    await csv.write(UTF8_BOM + csvRecords([[...CSV_COLUMNS]]));
    let after: RowKey = { post_id: 0, version: 0 };
    for (;;) {
      signal?.throwIfAborted();
      const batch = await versionsAfter(db, cutoff, after, batchSize);
      if (!batch.length) break;
      let lines = '';
      for (const row of batch) lines += `${JSON.stringify(lineOf(row, origin))}\n`;
      await Promise.all([jsonl.write(lines), csv.write(csvRecords(batch.map((row) => recordOf(row, origin))))]);
      rows += batch.length;
      const last = batch[batch.length - 1];
      after = { post_id: last.post_id, version: last.version };
      await onBatch?.();
      if (batch.length < batchSize) break;
    }
    const [j, c] = [await jsonl.close(), await csv.close()];
    return [
      { name: jsonl.name, format: 'jsonl', media_type: 'application/x-ndjson', compression: 'gzip', bytes: j.bytes, sha256: j.sha256, rows },
      { name: csv.name, format: 'csv', media_type: 'text/csv', compression: 'gzip', bytes: c.bytes, sha256: c.sha256, rows },
    ];
  } catch (err) {
    await Promise.all([jsonl.discard(), csv.discard()]);
    throw err;
  }
}
