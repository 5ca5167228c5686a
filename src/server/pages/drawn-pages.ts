import { statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { directionOfLanguage, prefsFromCookieHeader, type DrawnPage, type PageLanguage, type PagePreferences } from '../../shared/drawnPage';
import { DatabaseUnreachable } from '../db/unreachable';
import { isDatabaseUnreachable, markStale, metOutage, RETRY_AFTER_SECONDS } from '../http/db-unavailable';
import { baseUrl } from '../http/urls';
import { applySecurityHeaders } from '../http/security-headers';
import { readerKey, viewCounter } from '../modules/posts/views';
import { pageOrigin, rendererFile, type PageOrigin } from '../ssr';
import { PageCache } from './cache';
import type { KeptPage, PageAsk } from './kept-page';

export type { PageAsk } from './kept-page';
import { bodyOf, encodePage, etagOf, matchesEtag, notFoundEtag, pickEncoding } from './encodings';
import { withLanguage } from './html-attributes';
import { pageStatus, type PageStatus } from './page-status';
import { PageNotDrawn, PagePool, type Fallback } from './pool';
import { PageStore } from './store';
import { PageStyleSheets, STYLESHEET_FILE } from './styles';
import { PageWarmer, PRIORITY } from './warmer';

/**
 * A drawn page is the same for every reader of its language: a shared cache may keep it
 * briefly and serve it stale while it asks again; a browser asks every time, cheaply (ETag).
 */
export const DRAWN_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
/** Language and theme come from the preferences cookie; the body from the accepted encoding. */
export const DRAWN_VARY = 'Cookie, Accept-Encoding';
/**
 * A page answered 404 is asked for again every time, by browsers and shared caches alike: the
 * thing may be published a moment later, and nothing must go on serving its absence.
 */
export const NOT_FOUND_CACHE_CONTROL = 'no-cache';
/** How the page was made, for the benchmark and anyone debugging: see README.md. */
export const PAGE_HEADER = 'x-page';

export interface DrawnPagesOptions {
  webDir: string;
  workers: number;
  queue: number;
  niceness: number;
  deadlineMs: number;
  cacheBytes: number;
  maxAgeMs: number;
  /** How long a post's own page may be kept: it shows no relative date. */
  postMaxAgeMs: number;
  timeZone: string;
  /** Pages kept on disk under DATA_DIR/pages within this many bytes (0: none), so they survive a restart. */
  storeBytes?: number;
  /** How many of the newest posts have their pages drawn ahead of readers (0: none, nor anything else). */
  warmPosts?: number;
  /** How often the content version is read for pages to draw ahead (ms). */
  watchMs?: number;
  /** How far behind a kept page's view counts may be before it is drawn again (ms; VIEWS_REDRAW_AFTER_MS). */
  viewsLagMs?: number;
  /** The frames of a path (src/server/web.ts), for the pages drawn ahead. */
  frames?: (path: string) => Frames;
  /** The origin pages drawn ahead name: the portal's public address. */
  publicOrigin?: string;
}

/**
 * How far behind the view counts on a kept page may be before it is drawn again (in the
 * background, its readers served meanwhile): its content is never behind, only its counts.
 */
export const VIEWS_REDRAW_AFTER_MS = 5 * 60 * 1000; // PAGE_VIEWS_LAG

/** A post's own page: kept up to postMaxAgeMs. */
const POST_PAGE = /^\/post\/[^/?]+\/?(\?|$)/;

/** What a path's frames offer (src/server/web.ts, pageRenderer). */
export interface Frames {
  /** index.html with the screen's preloads: the app's page. */
  page: string;
  /** The frame for a drawn page, or null for a screen that is not public. */
  drawn: ((page: DrawnPage) => string) | null;
  /** Changes with every build of the web app. */
  build: number;
}

/** How a reader's page was made: kept from before, drawn for them (or for someone asking at the same time). */
type Made = 'kept' | 'drawn';
/** A reader sent the app's page instead gets the status the drawing asked for, when it did. */
type Outcome = { page: KeptPage; made: Made } | { fallback: Fallback; err?: unknown; status?: Promise<PageStatus> };

/**
 * The public screens' pages as the server draws them: kept in memory while valid (cache.ts),
 * drawn in worker threads when not (pool.ts), one drawing for all the readers asking for the
 * same page at once; a reader it would keep waiting longer than the deadline gets the app's
 * page, in their language, at once.
 */
export class DrawnPages {
  readonly pool: PagePool;
  readonly cache: PageCache;
  readonly styles: PageStyleSheets;
  readonly warmer: PageWarmer;
  private readonly renderer: string;
  /** Drawings under way, by key: readers arriving meanwhile wait for the same one. */
  private readonly drawings = new Map<string, { page: Promise<KeptPage>; status: Promise<PageStatus>; readers: number }>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: DrawnPagesOptions,
  ) {
    this.renderer = rendererFile(options.webDir);
    this.pool = new PagePool(app, { rendererFile: this.renderer, workers: options.workers, queue: options.queue, niceness: options.niceness });
    const store = options.storeBytes
      ? new PageStore(path.join(app.config.dataDir, 'pages'), options.storeBytes, (err) => app.log.warn({ err }, 'page not kept on disk'))
      : undefined;
    this.cache = new PageCache(app.db, { maxBytes: options.cacheBytes, maxAgeMs: options.maxAgeMs, store });
    this.warmer = new PageWarmer(app.db, {
      recentPosts: options.warmPosts ?? 0,
      watchMs: options.watchMs ?? 1000,
      draw: (url, language) => this.drawAhead(url, language),
      free: () => this.pool.drawing < options.workers && this.pool.queued === 0,
      onError: (err) => {
        if (!isDatabaseUnreachable(err)) app.log.warn({ err }, 'page not drawn ahead');
      },
    });
    this.styles = new PageStyleSheets(app.db, {
      onError: (err) => {
        if (!isDatabaseUnreachable(err)) app.log.warn({ err }, 'page stylesheet not made: the pages carry their styles');
      },
    });
  }

  async serve(req: FastifyRequest, reply: FastifyReply, frames: Frames): Promise<FastifyReply> {
    const preferences = prefsFromCookieHeader(req.headers.cookie);
    const frame = frames.drawn;
    if (!frame) return this.sendAppPage(req, reply, frames, preferences);
    const build = this.buildOf(frames);
    const ask: PageAsk = { url: req.url, origin: baseUrl(req), ...preferences, from: pageOrigin(req) };
    const key = this.keyOf(build, ask);
    let outcome: Outcome;
    try {
      outcome = await this.find(req, key, build, frame, ask);
    } catch (err) {
      // The database, most likely: the app's page needs none, and its app will say what is wrong.
      outcome = { fallback: 'failed', err };
    }
    if ('fallback' in outcome && isDatabaseUnreachable(outcome.err)) {
      // Away for now: the page last kept, however old, else the app's page as a 503.
      const kept = this.cache.lastKept(key);
      metOutage(req, kept ? 'stale' : 'unavailable', outcome.err);
      if (kept) return this.sendPage(req, reply, kept, 'kept', true);
      return this.sendAppPage(req, reply, frames, preferences, Promise.resolve(503));
    }
    if ('fallback' in outcome) {
      this.pool.fellBack(outcome.fallback, req.url, outcome.err, req.log);
      return this.sendAppPage(req, reply, frames, preferences, outcome.status);
    }
    return this.sendPage(req, reply, outcome.page, outcome.made);
  }

  /** Once every drawing under way (kept or failed) is done: for tests, and before closing. */
  async idle(): Promise<void> {
    while (this.drawings.size) await Promise.allSettled([...this.drawings.values()].map((d) => d.page));
  }

  /** Reads the pages kept on disk back into memory (at start, in the background). */
  async preload(): Promise<void> {
    try {
      const loaded = await this.cache.preload();
      if (loaded) this.app.log.info({ pages: loaded }, 'drawn pages read back from disk');
    } catch (err) {
      this.app.log.warn({ err }, 'drawn pages not read back from disk');
    }
  }

  /** Starts drawing pages ahead of readers (when warmPosts is set and the server draws at all). */
  startDrawingAhead(): void {
    if ((this.options.warmPosts ?? 0) > 0 && this.options.frames && this.options.workers > 0) this.warmer.start();
  }

  async close(): Promise<void> {
    await this.warmer.close();
    await this.pool.close();
    await this.styles.close();
  }

  /** `/styles/{hash}.css`: a stylesheet drawn pages link to, kept by browsers and caches for a year. */
  async serveStylesheet(req: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> {
    const hash = STYLESHEET_FILE.exec(file)?.[1];
    const sheet = hash ? await this.styles.sheet(hash) : undefined;
    if (!sheet) {
      reply.callNotFound();
      return reply;
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'Accept-Encoding').header('etag', sheet.etag);
    if (matchesEtag(req.headers['if-none-match'], sheet.etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/css; charset=utf-8').send(await bodyOf(sheet, encoding));
  }

  /** The page for this request: a kept one still valid, else the drawing of it within the deadline. */
  private async find(req: FastifyRequest, key: string, build: string, frame: (page: DrawnPage) => string, ask: PageAsk): Promise<Outcome> {
    const kept = await this.cache.find(key);
    if (kept) {
      const standing = await this.cache.standing(kept);
      if (standing !== 'stale') {
        this.cache.stats.hit++;
        this.countView(req, kept);
        // Only view counts have grown since: served, and drawn again behind it once it is
        // VIEWS_REDRAW_AFTER_MS old (a page read all the time is not drawn again at every view).
        if (standing === 'views' && Date.now() - kept.drawnAt >= (this.options.viewsLagMs ?? VIEWS_REDRAW_AFTER_MS)) this.redraw(key, build, frame, kept.ask);
        return { page: kept, made: 'kept' };
      }
      this.cache.drop(key, kept);
    }
    this.cache.stats.miss++;
    // Not started at all once every reader waiting for it has been sent the app's page.
    const drawing = this.drawings.get(key) ?? this.startDrawing(key, build, frame, ask, (d) => d.readers > 0);
    drawing.readers++;
    let outcome: Outcome;
    try {
      outcome = await this.within(drawing.page);
    } finally {
      drawing.readers--;
    }
    if ('fallback' in outcome) return { ...outcome, status: drawing.status };
    // A drawing counts no view (ssr.ts, drawingHeaders): its readers' are counted here.
    this.countView(req, outcome.page);
    return outcome;
  }

  /** A drawing of a page, shared by every reader asking for it while it is under way. */
  private startDrawing(key: string, build: string, frame: (page: DrawnPage) => string, ask: PageAsk, wanted: (drawing: Drawing) => boolean): Drawing {
    // Read before the drawing begins: a write during it leaves the page invalid at once.
    const version = this.cache.stamp([]).then((stamp) => stamp.version);
    // Whether what the page shows exists, read after the version as the drawing's answers are:
    // kept with the page (valid while it is), and the status of the app's page for readers
    // not served the drawing in time. Awaited by one or the other, or by neither.
    const status = version.then(() => pageStatus(this.app.db, pathOf(ask.url)));
    status.catch(() => undefined);
    const drawing: Drawing = { readers: 0, status, page: Promise.resolve(undefined as unknown as KeptPage) };
    drawing.page = this.draw(key, build, frame, ask, version, status, () => wanted(drawing));
    this.drawings.set(key, drawing);
    const done = () => {
      if (this.drawings.get(key) === drawing) this.drawings.delete(key);
    };
    drawing.page.then(done, done);
    return drawing;
  }

  /** Draws a page again in the background, for the same kind of request it was drawn for. */
  private redraw(key: string, build: string, frame: (page: DrawnPage) => string, ask: PageAsk): void {
    this.warmer.add({
      url: ask.url,
      language: ask.language,
      priority: PRIORITY.views,
      redraw: async () => {
        if (this.drawings.has(key)) return;
        const kept = await this.cache.find(key);
        if (kept && (await this.cache.standing(kept)) === 'valid') return;
        await this.startDrawing(key, build, frame, ask, () => true).page;
      },
    });
  }

  /** Draws a page for the portal's own address, as a visitor with no choices made would get it, unless one kept is valid. */
  private async drawAhead(url: string, language: PageLanguage): Promise<void> {
    const frames = this.options.frames?.(pathOf(url));
    const origin = this.options.publicOrigin;
    if (!frames?.drawn || !origin) return;
    const build = this.buildOf(frames);
    const ask: PageAsk = { url, origin, language, theme: 'system', from: aheadOrigin(origin) };
    const key = this.keyOf(build, ask);
    if (this.drawings.has(key)) return;
    const kept = await this.cache.find(key);
    if (kept && (await this.cache.standing(kept)) === 'valid') return;
    await this.startDrawing(key, build, frames.drawn, ask, () => true).page;
  }

  /** Draws a page and keeps it, valid for as long as what it shows is what the database holds. */
  private async draw(
    key: string,
    build: string,
    frame: (page: DrawnPage) => string,
    ask: PageAsk,
    versionRead: Promise<number>,
    statusRead: Promise<PageStatus>,
    wanted: () => boolean,
  ): Promise<KeptPage> {
    const drawnAt = Date.now();
    const version = await versionRead;
    const { url, language, theme, origin, from } = ask;
    const request = { url, language, theme, now: drawnAt, timeZone: this.options.timeZone, origin };
    const [{ page, views, outage }, status] = await Promise.all([this.pool.draw(request, from, wanted), statusRead]);
    if (outage) throw new DatabaseUnreachable('a drawing’s API answers met the database away');
    // The styles: a link to the sheet holding them, inline only those it does not hold yet.
    const head = page.styles ? page.head + (await this.styles.headOf(build, page.styles)) : page.head;
    const encoded = await encodePage(frame({ ...page, head }));
    const postIds = [...new Set(Array.isArray(page.postIds) ? page.postIds.filter(Number.isSafeInteger) : [])];
    const postId = Number.isSafeInteger(page.postId) ? page.postId : undefined;
    // Each post's count as the page shows it; one no answer showed (the renderer found it
    // elsewhere) as the database has it now, which is the best there is.
    const unseen = postIds.filter((id) => views.of(id) === undefined);
    let shown = unseen.length ? (await this.cache.stamp(unseen)).views : 0;
    for (const id of postIds) shown += views.of(id) ?? 0;
    const maxAgeMs = POST_PAGE.test(url) ? this.options.postMaxAgeMs : this.options.maxAgeMs;
    const kept: KeptPage = { ...encoded, drawnAt, maxAgeMs, ask, version, postIds, views: shown, postId, status };
    if (!UNKEPT.test(pathOf(url))) this.cache.keep(key, kept);
    return kept;
  }

  /** The drawing, or why the reader gets the app's page: it failed, or took longer than the deadline. */
  private async within(drawing: Promise<KeptPage>): Promise<Outcome> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ fallback: 'deadline' }), this.options.deadlineMs);
    });
    try {
      return await Promise.race([drawing.then((page): Outcome => ({ page, made: 'drawn' })), deadline]);
    } catch (err) {
      return err instanceof PageNotDrawn ? { fallback: err.reason, err: err.cause } : { fallback: 'failed', err };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One kept page per build, origin (answers' links name it: a forged Host header must not
   * reach other readers), path and query, language and theme.
   */
  private keyOf(build: string, { origin, url, language, theme }: PageAsk): string {
    return `${build}\n${origin}\n${url}\n${language}.${theme}`;
  }

  /** The build of the app and of its renderer: a page, or a stylesheet, of one is not another's. */
  private buildOf(frames: Frames): string {
    const renderer = statSync(this.renderer, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return `${frames.build}:${renderer}`;
  }

  /** A reader served a post's page without a drawing is counted as the API counts a reader. */
  private countView(req: FastifyRequest, page: KeptPage): void {
    if (page.postId !== undefined) viewCounter(req).record(page.postId, readerKey(req));
  }

  /** A page as kept; `stale` when served from a copy because the database cannot be reached. */
  private async sendPage(req: FastifyRequest, reply: FastifyReply, page: KeptPage, made: Made, stale = false): Promise<FastifyReply> {
    const found = page.status === 200;
    const etag = found ? page.etag : notFoundEtag(page.etag);
    reply
      .header('cache-control', found ? DRAWN_CACHE_CONTROL : NOT_FOUND_CACHE_CONTROL)
      .header('vary', DRAWN_VARY)
      .header('etag', etag)
      .header(PAGE_HEADER, made);
    if (stale) markStale(reply, page.drawnAt);
    applySecurityHeaders(reply);
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    // Already compressed: @fastify/compress leaves a body with a Content-Encoding alone.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(page.status).type('text/html; charset=utf-8').send(await bodyOf(page, encoding));
  }

  /** index.html with the screen's preloads, in the reader's language: the app draws the page. */
  private async sendAppPage(
    req: FastifyRequest,
    reply: FastifyReply,
    frames: Frames,
    { language }: PagePreferences,
    asked?: Promise<PageStatus | 503>,
  ): Promise<FastifyReply> {
    const page = withLanguage(frames.page, { lang: language, dir: directionOfLanguage(language) });
    const status = await this.statusOf(req, asked);
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie').header(PAGE_HEADER, 'app');
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // @fastify/etag gives the page the validator of its body, which is the same whatever the
    // status: a 404 names its own.
    if (status === 404) reply.header('etag', notFoundEtag(etagOf(page)));
    applySecurityHeaders(reply);
    return reply.code(status).type('text/html; charset=utf-8').send(page);
  }

  /**
   * The status of a page sent undrawn: the one its drawing asked for, else asked now. Should the
   * database be away, 503 (with Retry-After: a search engine comes back rather than keep an
   * empty page); should it fail otherwise, 200: the app's page needs none, and its app will say
   * what is wrong.
   */
  private statusOf(req: FastifyRequest, asked: Promise<PageStatus | 503> = pageStatus(this.app.db, pathOf(req.url))): Promise<PageStatus | 503> {
    return asked.catch((err: unknown) => {
      if (isDatabaseUnreachable(err)) {
        metOutage(req, 'unavailable', err);
        return 503 as const;
      }
      req.log.warn({ err, url: req.url }, 'page status unknown: answered 200');
      return 200 as const;
    });
  }
}

/** A drawing under way, and how many readers wait for it. */
interface Drawing {
  page: Promise<KeptPage>;
  status: Promise<PageStatus>;
  readers: number;
}

/** An address's path, without its query: what says which page it is. */
const pathOf = (url: string) => url.split('?')[0];

/**
 * The request a page drawn ahead goes as: from this machine, asking at the portal's own host (the
 * answers' links name the public origin whenever the host is not an allowed one).
 */
function aheadOrigin(origin: string): PageOrigin {
  const { host, protocol } = new URL(origin);
  return { ip: '127.0.0.1', headers: { host, 'x-forwarded-proto': protocol.replace(/:$/, ''), 'user-agent': 'Qarar (pages drawn ahead)' } };
}

/**
 * Pages the content version does not follow, so drawn for each reader (a drawing under way still
 * shared): a profile shows its owner's bio, links and follower counts, and a new account turns a
 * 404 into a profile — none of which moves the version (it follows what posts show: migration 002).
 */
const UNKEPT = /^\/profile\//i;
