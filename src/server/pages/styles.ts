import { createHash } from 'node:crypto';
import type { PageStyles, StylePart } from '../../shared/drawnPage';
import { BoundedCache } from '../cache/bounded-cache';
import type { Queryable } from '../db/db';
import { encodePage, type EncodedPage } from './encodings';

/** Where a drawn page's stylesheet is served: `/styles/{hash}.css`. */
export const STYLESHEET_PREFIX = '/styles/';
/** A sheet's name: the first 128 bits of the SHA-256 of its key and text, base64url. */
export const STYLESHEET_FILE = /^([A-Za-z0-9_-]{22})\.css$/;

export interface PageStyleSheetsOptions {
  /** New styles are gathered this long before a new sheet holding them is made. */
  publishAfterMs: number;
  /** Past this many bytes a sheet takes no more styles: the rest stay in the pages that use them. */
  maxSheetBytes: number;
  /** Sheets kept in memory, compressed, for serving. */
  servedBytes: number;
  onError: (err: unknown) => void;
}

const DEFAULTS: PageStyleSheetsOptions = {
  publishAfterMs: 300,
  maxSheetBytes: 512 * 1024,
  servedBytes: 8 * 1024 * 1024,
  onError: () => undefined,
};

/** A stylesheet: its name, and the styles it holds by id, in its order. */
interface Sheet {
  hash: string;
  globals: Map<string, string>;
  rules: Map<string, string>;
  bytes: number;
}

/** The sheets of one build of the renderer and one Emotion cache (a direction). */
interface Line {
  build: string;
  key: string;
  current: Sheet | null;
  /** Styles drawn pages used that the current sheet does not hold, waiting for the next one. */
  pending: { globals: Map<string, string>; rules: Map<string, string> };
  timer?: NodeJS.Timeout;
  publishing: Promise<void>;
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The stylesheets drawn pages link to (issue 29). A page's CSS was most of its bytes, and nearly
 * the same on every page: now the styles of every page drawn so far are gathered into one sheet
 * per build and direction, named by the hash of its text and served for a year
 * (`/styles/{hash}.css`), which the browser keeps from page to page. A page links the current
 * sheet and writes inline only the styles it does not hold yet; those go into the next sheet,
 * made a moment later (`publishAfterMs`), so that pages drawn after it carry none. Sheets live in
 * the database: every process, and the next one after a restart, serves the sheet any page names.
 *
 * Each style is still named in the page's `<style data-emotion>` elements, as Emotion's server
 * writes them (empty when the sheet holds their CSS): the browser's Emotion caches take them as
 * inserted and do not insert them again. The global styles are the same in both directions, so
 * the sheet left in the document when the reader switches language holds nothing the other
 * direction's styles contradict (ssr.test.tsx checks it).
 */
export class PageStyleSheets {
  private readonly options: PageStyleSheetsOptions;
  private readonly lines = new Map<string, Promise<Line>>();
  private readonly served: BoundedCache<string, EncodedPage>;
  /** Sheets being read from the database for serving, by hash: one statement each. */
  private readonly reading = new Map<string, Promise<EncodedPage | undefined>>();

  constructor(
    private readonly db: Queryable,
    options: Partial<PageStyleSheetsOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.served = new BoundedCache<string, EncodedPage>({ maxBytes: this.options.servedBytes, sizeOf: (s) => s.br.length + s.gzip.length + 64 });
  }

  /**
   * What goes in a drawn page's head for its styles: the link to the current sheet and the
   * `<style data-emotion>` elements naming every style, with the CSS of those the sheet lacks.
   * Never fails: without a sheet (the database away), every style is written inline.
   */
  async headOf(build: string, styles: PageStyles): Promise<string> {
    let line: Line | undefined;
    try {
      line = await this.line(build, styles.key);
    } catch (err) {
      this.options.onError(err);
    }
    const sheet = line?.current ?? null;
    const key = escapeAttr(styles.key);
    let missing = false;
    const globals = styles.globals.map(([id, css]) => {
      const held = sheet?.globals.has(id) ?? false;
      if (!held && line) missing = this.note(line, line.pending.globals, id, css) || missing;
      return `<style data-emotion="${key}-global ${escapeAttr(id)}">${held ? '' : css}</style>`;
    });
    let inline = '';
    for (const [id, css] of styles.rules) {
      if (sheet?.rules.has(id)) continue;
      inline += css;
      if (line) missing = this.note(line, line.pending.rules, id, css) || missing;
    }
    if (missing && line) {
      if (!sheet) {
        // The first page of a build: its sheet is made now, and this page links it.
        if (line.timer) clearTimeout(line.timer);
        line.timer = undefined;
        this.publish(line);
        await line.publishing;
        if (line.current) return this.headOf(build, styles);
      } else this.schedule(line);
    }
    const link = sheet ? `<link rel="stylesheet" href="${STYLESHEET_PREFIX}${sheet.hash}.css">` : '';
    const ids = styles.rules.map(([id]) => escapeAttr(id)).join(' ');
    return `${link}${globals.join('')}<style data-emotion="${key} ${ids}">${inline}</style>`;
  }

  /** A sheet by its name, compressed both ways; undefined when there is none by that name. */
  async sheet(hash: string): Promise<EncodedPage | undefined> {
    const kept = this.served.get(hash);
    if (kept) return kept;
    let reading = this.reading.get(hash);
    if (!reading) {
      reading = this.db
        .query<{ css: string }>('SELECT css FROM page_stylesheets WHERE hash = $1', [hash])
        .then(async ([row]) => {
          if (!row) return undefined;
          const encoded = await encodePage(row.css);
          this.served.set(hash, encoded);
          return encoded;
        })
        .finally(() => this.reading.delete(hash));
      this.reading.set(hash, reading);
    }
    return reading;
  }

  /** Makes the sheets waiting to be made (for tests, and before closing). */
  async flush(): Promise<void> {
    for (const pending of [...this.lines.values()]) {
      const line = await pending.catch(() => undefined);
      if (!line) continue;
      if (line.timer) {
        clearTimeout(line.timer);
        line.timer = undefined;
        this.publish(line);
      }
      await line.publishing;
    }
  }

  /** Stops making sheets: the styles waiting for one stay in the pages that use them. */
  async close(): Promise<void> {
    for (const pending of [...this.lines.values()]) {
      const line = await pending.catch(() => undefined);
      if (!line) continue;
      clearTimeout(line.timer);
      line.timer = undefined;
      await line.publishing;
    }
  }

  /** The current sheet's name for a build and cache, if there is one (for tests and the benchmark). */
  async currentOf(build: string, key: string): Promise<string | undefined> {
    return (await this.line(build, key)).current?.hash;
  }

  /** A build's line of sheets, starting from the last one made for it (by any process). */
  private line(build: string, key: string): Promise<Line> {
    const name = `${build}\n${key}`;
    let line = this.lines.get(name);
    if (!line) {
      line = this.db
        .query<{ hash: string; globals: StylePart[]; rules: StylePart[] }>(
          `SELECT hash, globals, rules FROM page_stylesheets WHERE build = $1 AND cache_key = $2 ORDER BY created_at DESC LIMIT 1`,
          [build, key],
        )
        .then(([row]) => ({
          build,
          key,
          current: row ? sheetOf(row.hash, new Map(row.globals), new Map(row.rules)) : null,
          pending: { globals: new Map(), rules: new Map() },
          publishing: Promise.resolve(),
        }));
      // A failed read is tried again by the next page.
      line.catch(() => this.lines.delete(name));
      this.lines.set(name, line);
    }
    return line;
  }

  /** Notes a style the next sheet should hold; whether it is new to the line (and the sheet may grow). */
  private note(line: Line, pending: Map<string, string>, id: string, css: string): boolean {
    if (pending.has(id)) return false;
    if ((line.current?.bytes ?? 0) + css.length > this.options.maxSheetBytes) return false;
    pending.set(id, css);
    return true;
  }

  private schedule(line: Line): void {
    if (line.timer) return;
    line.timer = setTimeout(() => {
      line.timer = undefined;
      this.publish(line);
    }, this.options.publishAfterMs);
    line.timer.unref();
  }

  /** Makes the next sheet: the current one's styles, then the new ones, saved before pages name it. */
  private publish(line: Line): void {
    line.publishing = line.publishing.then(async () => {
      const { globals: newGlobals, rules: newRules } = line.pending;
      if (!newGlobals.size && !newRules.size) return;
      line.pending = { globals: new Map(), rules: new Map() };
      const globals = new Map([...(line.current?.globals ?? []), ...newGlobals]);
      const rules = new Map([...(line.current?.rules ?? []), ...newRules]);
      const sheet = sheetOf('', globals, rules);
      const css = cssOf(sheet);
      sheet.hash = createHash('sha256').update(`${line.key}\n${css}`).digest('base64url').slice(0, 22);
      try {
        await this.db.query(
          `INSERT INTO page_stylesheets (hash, build, cache_key, globals, rules, css) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)
           ON CONFLICT (hash) DO NOTHING`,
          [sheet.hash, line.build, line.key, JSON.stringify([...globals]), JSON.stringify([...rules]), css],
        );
        line.current = sheet;
      } catch (err) {
        // Pages keep carrying these styles inline; the next page needing one tries again.
        this.options.onError(err);
      }
    });
  }
}

function sheetOf(hash: string, globals: Map<string, string>, rules: Map<string, string>): Sheet {
  let bytes = 0;
  for (const css of globals.values()) bytes += css.length;
  for (const css of rules.values()) bytes += css.length;
  return { hash, globals, rules, bytes };
}

/** A sheet's text: the global styles first, as Emotion's server writes them, then the rules. */
function cssOf(sheet: Sheet): string {
  return [...sheet.globals.values(), ...sheet.rules.values()].join('');
}
