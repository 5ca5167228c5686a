/**
 * CSV records as RFC 4180 writes them, by `csv-stringify`: a field quoted when it holds a comma, a
 * quote or a line break, its quotes doubled; records end with CRLF (what spreadsheet programs
 * expect). Its `escape_formulas` is not used: it would put a ' before every cell starting with -,
 * signatures and key ids included (base64url), which would then no longer verify; free texts are
 * made safe one by one (formulaSafe).
 */
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null | undefined;

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP's "CSV injection"). */
const FORMULA = /^[=+\-@\t\r]/;

/** The records as CSV text, each ending with CRLF. */
export function csvRecords(records: CsvValue[][]): string {
  return stringify(records, { record_delimiter: 'windows' });
}

/**
 * A free text (a title, a name) that a spreadsheet would run as a formula, written with a ' before
 * it, as `csv-stringify`'s escape_formulas does. Only for texts people typed: an identifier (a
 * base64url signature may start with -) is written as it is, or it would no longer verify.
 */
export function formulaSafe(text: string | null | undefined): string | null | undefined {
  return text && FORMULA.test(text) ? `'${text}` : text;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8 (Arabic included). */
export const UTF8_BOM = '\uFEFF';
