/**
 * tsx scripts/bench-thin-server.ts   (DATABASE_URL=postgres://… PORT=8182 [THIN_PREPARED=1]; started by bench-api.ts)
 *
 * The baseline `npm run bench:api` measures the API against: a minimal Fastify + pg server
 * answering a post by its slug and a list of posts (narrowed by type, organization and date,
 * ordered by date or by views) with one straightforward statement each — the posts' columns
 * and their author, type, organization, categories, hashtags and attachments as JSON (a list
 * also counts its posts) — and no cache, no view counting, no security headers, no validation
 * beyond numbers. Its statements are sent as node-pg sends them by default, planned each time;
 * THIN_PREPARED=1 prepares them (named) instead, once per connection. What a plain
 * implementation of the same two calls costs on the same database and machine.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

pg.types.setTypeParser(20, (v) => Number(v));

const COLUMNS = `p.id, p.slug, p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar, p.language,
  p.status, p.published_at, p.created_at, p.updated_at, p.view_count, p.reading_time, p.attachment_count,
  p.meta_description, p.meta_keywords, p.document_number, p.issued_on::text AS issued_on, p.version,
  json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name) AS author,
  json_build_object('id', t.id, 'name', t.name, 'name_ar', t.name_ar) AS post_type,
  CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'code', o.code, 'name', o.name, 'name_ar', o.name_ar) END AS organization,
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'name_ar', c.name_ar)), '[]')
     FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id) AS categories,
  (SELECT coalesce(json_agg(json_build_object('id', h.id, 'name', h.name, 'slug', h.slug)), '[]')
     FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id WHERE ph.post_id = p.id) AS hashtags,
  (SELECT coalesce(json_agg(json_build_object('id', a.id, 'key', a.storage_key, 'title', a.title, 'title_ar', a.title_ar,
                                              'file_type', a.file_type, 'size', a.size) ORDER BY a.sort_order, a.id), '[]')
     FROM attachments a WHERE a.post_id = p.id) AS attachments`;
const FROM = `FROM posts p JOIN users u ON u.id = p.author_id JOIN post_types t ON t.id = p.type_id
  LEFT JOIN organizations o ON o.id = p.organization_id`;

const ORDERINGS: Record<string, string> = {
  '-published_at': 'p.published_at DESC, p.id DESC',
  '-view_count': 'p.view_count DESC, p.id DESC',
};

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  const prepared = process.env.THIN_PREPARED === '1';
  /** A statement as node-pg sends it, or prepared on each connection (named by its text). */
  const query = (text: string, values: unknown[]) =>
    prepared ? pool.query({ name: `s${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text, values }) : pool.query(text, values);

  app.get<{ Params: { slug: string } }>('/api/v1/content/posts/:slug/', async (req, reply) => {
    const { rows } = await query(`SELECT ${COLUMNS} ${FROM} WHERE p.slug = $1 AND p.status <> 'draft'`, [req.params.slug]);
    if (!rows.length) return reply.code(404).send({ detail: 'Post not found' });
    return rows[0];
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/content/posts/', async (req, reply) => {
    const q = req.query;
    const params: unknown[] = [];
    const where = ["p.status = 'published'"];
    const add = (value: unknown) => `$${params.push(value)}`;
    if (q.type_id) where.push(`p.type_id = ${add(Number(q.type_id))}`);
    if (q.organization) where.push(`p.organization_id = ${add(Number(q.organization))}`);
    if (q.published_after) where.push(`p.published_at >= ${add(q.published_after)}::timestamptz`);
    const order = ORDERINGS[q.ordering ?? '-published_at'];
    if (!order) return reply.code(400).send({ detail: 'unknown ordering' });
    const size = Math.min(100, Number(q.page_size ?? 10));
    const page = Math.max(1, Number(q.page ?? 1));
    const filter = where.join(' AND ');
    const counted = query(`SELECT count(*) AS n FROM posts p WHERE ${filter}`, [...params]);
    const pageSql = `SELECT ${COLUMNS} ${FROM} WHERE ${filter} ORDER BY ${order} LIMIT ${add(size)} OFFSET ${add((page - 1) * size)}`;
    const [count, results] = await Promise.all([counted, query(pageSql, params)]);
    return { count: count.rows[0].n, next: null, previous: null, results: results.rows };
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  const close = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await app.listen({ port: Number(process.env.PORT ?? 8182), host: '127.0.0.1' });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
