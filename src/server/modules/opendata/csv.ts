/**
 * CSV records as RFC 4180 writes them, and as `csv-stringify` does with the options the export
 * asks of it ({ record_delimiter: 'windows', escape_formulas: true }): a field is quoted when it
 * holds a comma, a quote or a line break, its quotes doubled; a field that a spreadsheet would
 * run as a formula (=, +, -, @, a tab or a carriage return first) is written with a ' before it.
 * Records end with CRLF. (Here until `csv-stringify` is a dependency: its `stringify(records,
 * options)` from 'csv-stringify/sync' gives the same text and takes this function's place.)
 */

export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA = /^[=+\-@\t\r]/;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The records as CSV text, each ending with CRLF. */
export function csvRecords(records: CsvValue[][]): string {
  let out = '';
  for (const record of records) out += `${record.map(field).join(',')}\r\n`;
  return out;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8 (Arabic included). */
export const UTF8_BOM = '\uFEFF';
