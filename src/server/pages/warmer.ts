import type { Queryable } from '../db/db';
import type { PageLanguage } from '../../shared/drawnPage';

/**
 * Why a page is drawn ahead of its readers, most urgent first: a post just published, corrected
 * or withdrawn; a list that shows it; a page served while only its view counts had grown; one of
 * the newest posts, so that whoever comes first finds it drawn.
 */
export const PRIORITY = { changed: 0, list: 1, views: 2, recent: 3 } as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

export interface WarmTask {
  /** Path and query. */
  url: string;
  language: PageLanguage;
  priority: Priority;
  /** Draws it, for a page whose readers' requests are known (a redraw); else the portal's own address. */
  redraw?: () => Promise<void>;
}

export interface PageWarmerOptions {
  /** How many of the newest posts have their pages drawn ahead, in both languages. */
  recentPosts: number;
  /** How often the content version is read (ms). */
  watchMs: number;
  /** Draws a page for the portal's address unless one kept is valid. */
  draw(url: string, language: PageLanguage): Promise<void>;
  /** Whether a drawing may start now: a worker is free and no reader's drawing waits. */
  free(): boolean;
  onError(err: unknown): void;
}

const LANGUAGES: PageLanguage[] = ['ar', 'en'];
const LEVELS = Object.keys(PRIORITY).length;
/** Tasks waiting at most: past this, the least urgent new ones are not taken. */
const MAX_WAITING = 50_000;

/**
 * Draws pages before anyone asks for them (issue 29), in the workers' spare time: one drawing at
 * a time, and only while a worker is free and no reader's drawing waits, so readers always come
 * first. It watches the content version (every process, whoever wrote: the workspace, the
 * scheduled publishing job, an import); when it moves, the posts changed since are drawn in both
 * languages, then the lists that show them (the home page, explore, their organizations), then
 * the newest posts' pages again — every kept page was made out of date by the write.
 */
export class PageWarmer {
  private readonly levels: Array<Map<string, WarmTask>> = Array.from({ length: LEVELS }, () => new Map<string, WarmTask>());
  private running = 0;
  private watcher: NodeJS.Timeout | null = null;
  private pumping: NodeJS.Timeout | null = null;
  private seen: { version: number; at: Date } | null = null;
  private watching: Promise<void> | null = null;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  /** Pages drawn ahead, and skipped because a valid one was kept, for /metrics and the benchmark. */
  readonly stats = { drawn: 0, failed: 0 };

  constructor(
    private readonly db: Queryable,
    private readonly options: PageWarmerOptions,
  ) {}

  start(): void {
    if (this.watcher || this.closed) return;
    this.watcher = setInterval(() => void this.watch(), this.options.watchMs);
    this.watcher.unref();
    void this.watch();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.watcher) clearInterval(this.watcher);
    if (this.pumping) clearTimeout(this.pumping);
    for (const level of this.levels) level.clear();
    await this.watching;
  }

  get waiting(): number {
    return this.levels.reduce((n, level) => n + level.size, 0);
  }

  add(task: WarmTask): void {
    if (this.closed) return;
    const name = `${task.language} ${task.url}`;
    // Already waiting more urgently (or as urgently): stays where it is.
    for (let p = 0; p <= task.priority; p++) if (this.levels[p].has(name)) return;
    for (let p = task.priority + 1; p < LEVELS; p++) this.levels[p].delete(name);
    if (this.waiting >= MAX_WAITING) return;
    this.levels[task.priority].set(name, task);
    this.pump();
  }

  /** Reads the content version now, and queues what a change calls for (also run every watchMs). */
  watch(): Promise<void> {
    this.watching ??= this.readChanges()
      .catch((err: unknown) => this.options.onError(err))
      .finally(() => {
        this.watching = null;
      });
    return this.watching;
  }

  /** Resolves once nothing waits to be drawn and no drawing is under way (for tests and the benchmark). */
  idle(): Promise<void> {
    if (!this.running && !this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts the most urgent drawings while workers are free; looks again shortly while any wait. */
  private pump(): void {
    while (this.running < 1 && !this.closed) {
      if (!this.waiting) break;
      if (!this.options.free()) {
        this.pumping ??= setTimeout(() => {
          this.pumping = null;
          this.pump();
        }, 50);
        this.pumping.unref();
        return;
      }
      const task = this.take();
      if (!task) break;
      this.running++;
      const done = task.redraw ? task.redraw() : this.options.draw(task.url, task.language);
      done
        .then(
          () => this.stats.drawn++,
          (err: unknown) => {
            this.stats.failed++;
            this.options.onError(err);
          },
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
    if (!this.running && !this.waiting) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private take(): WarmTask | undefined {
    for (const level of this.levels) {
      const first = level.entries().next().value;
      if (first) {
        level.delete(first[0]);
        return first[1];
      }
    }
    return undefined;
  }

  private async readChanges(): Promise<void> {
    if (this.closed) return;
    const [now] = await this.db.query<{ version: string | number; at: Date }>('SELECT version, now() AS at FROM content_version');
    const version = Number(now.version);
    const before = this.seen;
    if (before?.version === version) return;
    this.seen = { version, at: new Date(now.at) };
    if (before) {
      // Posts written since the last look (a minute's margin: a statement commits after its
      // now(); a post drawn twice costs a drawing, one missed a reader's wait).
      const changed = await this.db.query<{ slug: string; code: string | null }>(
        `SELECT p.slug, o.code FROM posts p LEFT JOIN organizations o ON o.id = p.organization_id
          WHERE p.updated_at > $1::timestamptz - interval '1 minute' AND p.status <> 'draft'
          ORDER BY p.updated_at DESC LIMIT 200`,
        [before.at],
      );
      const lists = new Set(['/', '/explore']);
      for (const { slug, code } of changed) {
        for (const language of LANGUAGES) this.add({ url: postPath(slug), language, priority: PRIORITY.changed });
        if (code) lists.add(`/organizations/${encodeURIComponent(code)}`);
      }
      for (const url of lists) for (const language of LANGUAGES) this.add({ url, language, priority: PRIORITY.list });
    } else {
      for (const language of LANGUAGES) for (const url of ['/', '/explore']) this.add({ url, language, priority: PRIORITY.list });
    }
    if (this.options.recentPosts > 0) {
      const recent = await this.db.query<{ slug: string }>(
        `SELECT slug FROM posts WHERE status = 'published' ORDER BY published_at DESC, id DESC LIMIT $1`,
        [this.options.recentPosts],
      );
      for (const { slug } of recent) for (const language of LANGUAGES) this.add({ url: postPath(slug), language, priority: PRIORITY.recent });
    }
  }
}

const postPath = (slug: string) => `/post/${encodeURIComponent(slug)}`;
