import pg from 'pg';
import { ContentFixtures, signIn } from '../test/content-fixtures';
import { buildWorld, type World } from '../test/content-world';
import { createTestContext, type TestContext } from '../test/helpers';
import { isPlainRead, isRouted, type RoutedDb } from './read-routing';

/**
 * Reads on a real streaming replica (DATABASE_REPLICA_URLS): TEST_DATABASE_URL's server and
 * TEST_REPLICA_URL, a hot standby of it made by scripts/postgres-replica-up.sh (pg_basebackup).
 * The replica's replay is paused to make it fall behind on purpose: what a request then reads
 * shows where it read it.
 */
const PRIMARY = process.env.TEST_DATABASE_URL;
const REPLICA = process.env.TEST_REPLICA_URL;
const withReplica = PRIMARY && REPLICA ? describe : describe.skip;

describe('isPlainRead', () => {
  it('sends plain reads to replicas and anything that writes or locks to the primary', () => {
    expect(isPlainRead('SELECT 1')).toBe(true);
    expect(isPlainRead('  with x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isPlainRead('INSERT INTO t VALUES (1)')).toBe(false);
    expect(isPlainRead('WITH d AS (DELETE FROM t RETURNING id) SELECT * FROM d')).toBe(false);
    expect(isPlainRead('SELECT id FROM posts WHERE id = $1 FOR UPDATE SKIP LOCKED')).toBe(false);
    expect(isPlainRead('SELECT id FROM posts FOR NO KEY UPDATE')).toBe(false);
    expect(isPlainRead('SELECT pg_try_advisory_xact_lock(1)')).toBe(false);
    expect(isPlainRead("SELECT nextval('posts_id_seq')")).toBe(false);
    expect(isPlainRead("SELECT set_config('a.b', '1', true)")).toBe(false);
    expect(isPlainRead('UPDATE posts SET view_count = view_count + 1')).toBe(false);
  });
});

withReplica('reads on a streaming replica', () => {
  let ctx: TestContext;
  let world: World;
  let replicaAdmin: pg.Client;
  let primaryAdmin: pg.Client;

  const caughtUp = async () => {
    const [{ lsn }] = (await primaryAdmin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows;
    for (let i = 0; i < 200; i++) {
      const [{ behind }] = (await replicaAdmin.query<{ behind: boolean }>('SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [lsn])).rows;
      if (!behind) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the replica did not catch up within 10 s');
  };
  const pause = () => replicaAdmin.query('SELECT pg_wal_replay_pause()');
  const resume = () => replicaAdmin.query('SELECT pg_wal_replay_resume()');
  const routed = () => ctx.db as RoutedDb;

  beforeAll(async () => {
    replicaAdmin = new pg.Client({ connectionString: REPLICA });
    primaryAdmin = new pg.Client({ connectionString: PRIMARY });
    await Promise.all([replicaAdmin.connect(), primaryAdmin.connect()]);
    await resume();
    ctx = await createTestContext({ replicaUrls: [REPLICA!], config: { readYourWritesMs: 5000 }, prepare: async (db) => void (world = await buildWorld(db)) });
    await caughtUp();
  });
  afterAll(async () => {
    // Whatever happened, the replica replays again for the other tests.
    await resume().catch(() => undefined);
    await ctx?.close();
    await Promise.all([replicaAdmin.end(), primaryAdmin.end()]);
  });

  it('is a routed database over a replica that is in recovery', async () => {
    expect(isRouted(ctx.db)).toBe(true);
    expect(routed().replicas).toBe(1);
    const [{ standby }] = (await replicaAdmin.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows;
    expect(standby).toBe(true);
  });

  it("serves a visitor's reads from the replica: a post published on the primary shows only once the replica has replayed it", async () => {
    const before = routed().replicaStats().reads[0];
    await pause();
    try {
      const f = new ContentFixtures(ctx.db);
      await f.post({ slug: 'replica-news', author_id: world.users.author, type_id: world.types.decision, organization_id: world.orgs.moh, title: 'Replica news' });
      // On the primary (outside a request: the fixture's own write, the test's own look).
      expect(await ctx.db.query('SELECT 1 FROM posts WHERE slug = $1', ['replica-news'])).toHaveLength(1);
      const list = await ctx.inject({ url: '/api/v1/content/posts/?page_size=50' });
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((p: { slug: string }) => p.slug)).not.toContain('replica-news');
      expect((await ctx.inject({ url: '/api/v1/content/posts/replica-news/' })).statusCode).toBe(404);
      expect(routed().replicaStats().reads[0]).toBeGreaterThan(before);
    } finally {
      await resume();
    }
    await caughtUp();
    const list = await ctx.inject({ url: '/api/v1/content/posts/?page_size=50' });
    expect(list.json().results.map((p: { slug: string }) => p.slug)).toContain('replica-news');
    expect((await ctx.inject({ url: '/api/v1/content/posts/replica-news/' })).statusCode).toBe(200);
    // Operators see where the reads went.
    const metrics = (await ctx.app.inject({ url: '/metrics' })).body;
    const onReplica = Number(/^qarar_db_reads_total\{on="replica_0"\} (\d+)$/m.exec(metrics)?.[1]);
    expect(onReplica).toBeGreaterThan(0);
    expect(metrics).toMatch(/^qarar_db_reads_total\{on="primary"\} \d+$/m);
  });

  it("reads a signed-in reader's own new bookmark back from the primary while the replica lags, and from the replica after the window", async () => {
    const f = new ContentFixtures(ctx.db);
    const reader = await f.user('replica-reader');
    const headers = await signIn(ctx, reader);
    await caughtUp();
    // An old session and no writes yet: the reader's reads go to the replica.
    await ctx.db.query("UPDATE sessions SET created_at = now() - interval '1 hour' WHERE user_id = $1", [reader]);
    await caughtUp();
    await pause();
    try {
      const saved = await ctx.inject({
        method: 'POST',
        url: `/api/v1/content/posts/${encodeURIComponent(world.arabicSlug)}/bookmark/`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ notes: 'read on Sunday' }),
      });
      expect(saved.statusCode).toBe(201);
      // The replica has not replayed the bookmark (its replay is paused)…
      const onReplica = new pg.Client({ connectionString: await replicaUrlOf(ctx) });
      await onReplica.connect();
      try {
        expect((await onReplica.query('SELECT 1 FROM bookmarks WHERE user_id = $1', [reader])).rows).toHaveLength(0);
      } finally {
        await onReplica.end();
      }
      // …yet the reader's next requests find it: they read on the primary.
      const mine = await ctx.inject({ url: '/api/v1/content/bookmarks/', headers });
      expect(mine.statusCode).toBe(200);
      expect(JSON.stringify(mine.json())).toContain('read on Sunday');
      const post = await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(world.arabicSlug)}/`, headers });
      expect(post.json().is_bookmarked).toBe(true);

      // Once the window is over (its start moved back on the primary), the reader reads the
      // replica again, which has still not replayed the bookmark: the window was what found it.
      await ctx.db.query("UPDATE users SET wrote_at = now() - interval '1 hour' WHERE id = $1", [reader]);
      const later = await ctx.inject({ url: '/api/v1/content/bookmarks/', headers });
      expect(JSON.stringify(later.json())).not.toContain('read on Sunday');
    } finally {
      await resume();
    }
    await caughtUp();
    const replayed = await ctx.inject({ url: '/api/v1/content/bookmarks/', headers });
    expect(JSON.stringify(replayed.json())).toContain('read on Sunday');
  });

  it('reads a new session on the primary: a reader who has just signed in is known at once', async () => {
    const f = new ContentFixtures(ctx.db);
    const reader = await f.user('fresh-signin');
    await caughtUp();
    await pause();
    try {
      const headers = await signIn(ctx, reader);
      const me = await ctx.inject({ url: '/api/v1/content/bookmarks/', headers });
      expect(me.statusCode).toBe(200);
    } finally {
      await resume();
    }
  });

  it('a signed-out session is refused at once, though the replica still holds it open', async () => {
    const f = new ContentFixtures(ctx.db);
    const reader = await f.user('signing-out');
    const headers = await signIn(ctx, reader);
    await caughtUp();
    await pause();
    try {
      await ctx.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [reader]);
      expect((await ctx.inject({ url: '/api/v1/content/bookmarks/', headers })).statusCode).toBe(401);
    } finally {
      await resume();
    }
  });
});

withReplica('a replica that cannot be reached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every read meant for it runs on the primary.
    const down = new URL(REPLICA!);
    down.port = '9';
    ctx = await createTestContext({ replicaUrls: [down.toString()], prepare: async (db) => void (await buildWorld(db)) });
  });
  afterAll(() => ctx?.close());

  it('starts, and serves every read from the primary', async () => {
    const list = await ctx.inject({ url: '/api/v1/content/posts/' });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.length).toBeGreaterThan(0);
    const stats = (ctx.db as RoutedDb).replicaStats();
    expect(stats.reads[0]).toBe(0);
    expect(stats.fallbacks).toBeGreaterThan(0);
  });
});

/** The replica's address of this test's database (its name is the primary's). */
async function replicaUrlOf(ctx: TestContext): Promise<string> {
  const [{ name }] = await ctx.db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(REPLICA!);
  url.pathname = `/${name}`;
  return url.toString();
}
