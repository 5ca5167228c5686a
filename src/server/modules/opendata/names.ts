/**
 * The names of the open data's files (DATA_DIR/opendata/, served under /data/): every name a
 * reader may ask for matches one of these, and nothing else is ever served, so that no path
 * (`..`, a temporary file, the lock) reaches a file it should not.
 */

/** The day's versions, one JSON object a line (gzip). */
export const jsonlName = (day: string) => `qarar-versions-${day}.jsonl.gz`;
/** The day's versions as a table (gzip). */
export const csvName = (day: string) => `qarar-versions-${day}.csv.gz`;
/** What the day's export holds: each file's size, SHA-256 and rows (RFC 8785 canonical JSON). */
export const manifestName = (day: string) => `qarar-manifest-${day}.json`;
/** The manifest's Ed25519 signature, by the key that signs the versions. */
export const signatureName = (day: string) => `qarar-manifest-${day}.sig.json`;

/** The latest complete day's manifest and signature, by these names too. */
export const LATEST_MANIFEST = 'manifest.json';
export const LATEST_SIGNATURE = 'manifest.sig.json';

const DAY = String.raw`(\d{4}-\d{2}-\d{2})`;
/** A name of a day's file, and its day. */
const DAY_FILE = new RegExp(String.raw`^qarar-(?:versions-${DAY}\.(?:jsonl|csv)\.gz|manifest-${DAY}(?:\.sig)?\.json)$`);

/** The day a served file belongs to, or undefined when the name is none of a day's files. */
export function dayOfFile(name: string): string | undefined {
  const m = DAY_FILE.exec(name);
  const day = m?.[1] ?? m?.[2];
  return day && isDay(day) ? day : undefined;
}

/** A real calendar date written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The UTC date of an instant, YYYY-MM-DD: an export is made once a UTC day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
