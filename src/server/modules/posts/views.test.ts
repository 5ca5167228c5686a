import type { Queryable } from '../../db/db';
import { buildWorld, type World } from '../../test/content-world';
import { createTestContext, type TestContext } from '../../test/helpers';
import { FLUSH_AT, FLUSH_INTERVAL_MS, MAX_ATTEMPTS, MAX_WAITING, ViewCounter } from './views';

/**
 * Views written in batches (issue 29, point 5): one statement for many views, the once per
 * reader and period rule kept by the database across processes (two counters on one database),
 * nothing lost when the app closes, a failed statement tried again and given up only after
 * MAX_ATTEMPTS, at most MAX_WAITING views held. get-post.test.ts tests the rule through the API.
 */
let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const published = () => world.posts.filter((p) => p.status === 'published');
const viewsOf = async (id: number) => (await ctx.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [id]))[0].view_count;
const rowsOf = async (id: number) => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_views WHERE post_id = $1', [id]))[0].n;

/** A database that counts the statements writing views, and may fail or hold them. */
function watched(db: Queryable, behave: (n: number) => 'pass' | 'fail' = () => 'pass') {
  const calls: string[] = [];
  const wrapper: Queryable = {
    exec: (sql) => db.exec(sql),
    async query<T>(sql: string, params?: unknown[]) {
      if (!sql.includes('INSERT INTO post_views')) return db.query<T>(sql, params);
      calls.push(sql);
      if (behave(calls.length) === 'fail') throw new Error('database unavailable');
      return db.query<T>(sql, params);
    },
  };
  return { db: wrapper, calls };
}

describe('view counter', () => {
  it('writes the views of many posts and readers in one statement, each post and reader once', async () => {
    const [a, b, c] = published().slice(0, 3);
    const start = await Promise.all([a, b, c].map((p) => viewsOf(p.id)));
    const { db, calls } = watched(ctx.db);
    const errors: unknown[] = [];
    const counter = new ViewCounter(db, (e) => errors.push(e));
    for (let r = 0; r < 100; r++) {
      for (const post of [a, b, c]) {
        counter.record(post.id, `a:batch-${r}`);
        // The same reader again in the same batch: one view.
        counter.record(post.id, `a:batch-${r}`);
      }
    }
    expect(counter.pending).toBe(300);
    expect(calls).toHaveLength(0);
    await counter.settle();
    expect(calls).toHaveLength(1);
    expect(counter.pending).toBe(0);
    expect(await Promise.all([a, b, c].map((p) => viewsOf(p.id)))).toEqual(start.map((n) => n + 100));
    expect(counter.stats).toMatchObject({ batches: 1, counted: 300, failed: 0, dropped: 0 });
    expect(errors).toEqual([]);
  });

  it('counts a reader once per period however many processes write (two counters on one database)', async () => {
    const [p, q] = published().slice(3, 5);
    const [p0, q0] = [await viewsOf(p.id), await viewsOf(q.id)];
    const errors: unknown[] = [];
    const one = new ViewCounter(ctx.db, (e) => errors.push(e));
    const other = new ViewCounter(ctx.db, (e) => errors.push(e));
    // The same reader of p reaches both processes; each also has readers of its own.
    one.record(p.id, 'a:both');
    other.record(p.id, 'a:both');
    one.record(p.id, 'a:only-one');
    other.record(q.id, 'a:both');
    await Promise.all([one.settle(), other.settle()]);
    expect(await viewsOf(p.id)).toBe(p0 + 2);
    expect(await viewsOf(q.id)).toBe(q0 + 1);
    expect(await rowsOf(p.id)).toBeGreaterThanOrEqual(2);

    // Two more processes that remember nothing: within the period, nothing counts again.
    const third = new ViewCounter(ctx.db, (e) => errors.push(e));
    const fourth = new ViewCounter(ctx.db, (e) => errors.push(e));
    for (const counter of [third, fourth]) {
      counter.record(p.id, 'a:both');
      counter.record(p.id, 'a:only-one');
      counter.record(q.id, 'a:both');
    }
    await Promise.all([third.settle(), fourth.settle()]);
    expect([await viewsOf(p.id), await viewsOf(q.id)]).toEqual([p0 + 2, q0 + 1]);
    expect(third.stats.counted + fourth.stats.counted).toBe(0);

    // Once the period is over for the database, the next view counts, once.
    await ctx.db.query("UPDATE post_views SET viewed_at = viewed_at - interval '31 minutes' WHERE post_id = $1 AND reader = 'a:both'", [p.id]);
    const fifth = new ViewCounter(ctx.db, (e) => errors.push(e));
    const sixth = new ViewCounter(ctx.db, (e) => errors.push(e));
    fifth.record(p.id, 'a:both');
    sixth.record(p.id, 'a:both');
    await Promise.all([fifth.settle(), sixth.settle()]);
    expect(await viewsOf(p.id)).toBe(p0 + 3);
    expect(errors).toEqual([]);
  });

  it('leaves out the views of a post deleted meanwhile, and counts the others', async () => {
    const [kept] = published().slice(5, 6);
    const start = await viewsOf(kept.id);
    const counter = new ViewCounter(ctx.db, () => undefined);
    counter.record(kept.id, 'a:gone-too');
    counter.record(2_000_000_000, 'a:gone-too');
    await counter.settle();
    expect(await viewsOf(kept.id)).toBe(start + 1);
    expect(counter.stats).toMatchObject({ failed: 0, counted: 1 });
  });

  it('writes on its own: a second after the first view, or at once when FLUSH_AT wait', async () => {
    const [post] = published().slice(6, 7);
    const start = await viewsOf(post.id);
    const { db, calls } = watched(ctx.db);
    const counter = new ViewCounter(db, () => undefined);
    counter.record(post.id, 'a:timer');
    expect(calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, FLUSH_INTERVAL_MS + 500));
    expect(calls).toHaveLength(1);
    await counter.settle();
    expect(await viewsOf(post.id)).toBe(start + 1);

    // FLUSH_AT views: the statement is sent as the last one is recorded, with all of them.
    const busy = watched(ctx.db);
    const another = new ViewCounter(busy.db, () => undefined);
    for (let r = 0; r < FLUSH_AT - 1; r++) another.record(post.id, `a:many-${r}`);
    expect(busy.calls).toHaveLength(0);
    another.record(post.id, 'a:many-last');
    expect(busy.calls).toHaveLength(1);
    await another.settle();
    expect(busy.calls).toHaveLength(1);
    expect(await viewsOf(post.id)).toBe(start + 1 + FLUSH_AT);
  });

  it('logs a failed statement and tries its views again with the next, giving up after MAX_ATTEMPTS', async () => {
    const [post] = published().slice(7, 8);
    const start = await viewsOf(post.id);
    // The first statement fails, the next ones pass.
    const flaky = watched(ctx.db, (n) => (n === 1 ? 'fail' : 'pass'));
    const errors: Error[] = [];
    const counter = new ViewCounter(flaky.db, (e) => errors.push(e as Error));
    counter.record(post.id, 'a:retried-1');
    counter.record(post.id, 'a:retried-2');
    await counter.settle();
    expect(errors.map((e) => e.message)).toEqual(['database unavailable']);
    expect(counter.pending).toBe(2);
    expect(await viewsOf(post.id)).toBe(start);
    // A view recorded meanwhile goes with them.
    counter.record(post.id, 'a:retried-3');
    await counter.settle();
    expect(flaky.calls).toHaveLength(2);
    expect(await viewsOf(post.id)).toBe(start + 3);
    expect(counter.stats).toMatchObject({ batches: 2, failed: 1, counted: 3, dropped: 0 });

    // A database that never takes them: tried MAX_ATTEMPTS times, then given up and said so.
    const down = watched(ctx.db, () => 'fail');
    const lost: Error[] = [];
    const doomed = new ViewCounter(down.db, (e) => lost.push(e as Error));
    doomed.record(post.id, 'a:never');
    for (let i = 0; i < MAX_ATTEMPTS; i++) await doomed.settle();
    expect(down.calls).toHaveLength(MAX_ATTEMPTS);
    expect(doomed.pending).toBe(0);
    expect(doomed.stats.dropped).toBe(1);
    expect(lost.at(-1)!.message).toMatch(/1 post views were not counted/);
    // Not remembered as counted: that reader's next view is tried again.
    doomed.record(post.id, 'a:never');
    expect(doomed.pending).toBe(1);
    await doomed.close();
    expect(lost.at(-1)!.message).toMatch(/could not be written before closing/);
  });

  it('holds at most MAX_WAITING views while a statement is under way, dropping the oldest and saying so', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const statements: unknown[][][] = [];
    const slow: Queryable = {
      exec: async () => undefined,
      async query<T>(_sql: string, params?: unknown[]) {
        statements.push(params as unknown[][]);
        if (statements.length === 1) await held;
        return [{ counted: (params![0] as number[]).length, earlier: null }] as T[];
      },
    };
    const errors: Error[] = [];
    const counter = new ViewCounter(slow, (e) => errors.push(e as Error));
    for (let r = 0; r < FLUSH_AT; r++) counter.record(1, `a:first-${r}`);
    // The first FLUSH_AT are being written; the next wait, the oldest going past MAX_WAITING.
    for (let r = 0; r < MAX_WAITING + 5; r++) counter.record(1, `a:next-${r}`);
    expect(counter.pending).toBe(MAX_WAITING);
    expect(counter.stats.dropped).toBe(5);
    release();
    await counter.settle();
    expect(errors.map((e) => e.message)).toEqual([`5 post views were dropped: more than ${MAX_WAITING} were waiting to be written`]);
    // What was written: the first batch, then the newest MAX_WAITING (a:next-5 onwards).
    const readers = statements.flatMap((params) => params[1] as string[]);
    expect(readers).toHaveLength(FLUSH_AT + MAX_WAITING);
    expect(readers).not.toContain('a:next-4');
    expect(readers).toContain('a:next-5');
  });
});

describe('closing the app', () => {
  let own: TestContext;
  let ownWorld: World;
  beforeAll(async () => {
    own = await createTestContext({ prepare: async (db) => void (ownWorld = await buildWorld(db)) });
  });
  afterAll(() => own.close());

  it('writes the views waiting before the database is closed', async () => {
    const post = ownWorld.posts.find((p) => p.status === 'published')!;
    const start = (await own.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [post.id]))[0].view_count;
    for (const address of ['198.51.100.7', '198.51.100.8', '2001:db8:5::1']) {
      expect((await own.inject({ url: `/api/v1/content/posts/${post.slug}/`, remoteAddress: address })).statusCode).toBe(200);
    }
    // Waiting in memory (a batch is written a second after its first view)…
    expect(own.app.posts.views.pending).toBe(3);
    // …and written as the app closes (server.ts closes the app, then the database, on SIGTERM).
    await own.app.close();
    const [{ view_count }] = await own.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [post.id]);
    expect(view_count).toBe(start + 3);
  });
});
