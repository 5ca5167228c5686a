/**
 * Whether a file, a document number or a link is of a version the portal published (issue 30,
 * point 2: GET /content/verify/, the /verify screen's question). A file is looked up by its
 * SHA-256 among the files of signed versions (version_files) and the signed texts themselves; a
 * number among the organization's published documents; a link by its post and version. Each
 * match is the version as signed, its post's state now, and its signature checked again here.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';
import { invalid } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import { asSentOrDecoded } from '../posts/params';
import { presentPostAt } from '../posts/present';
import { findPostsByIds } from '../posts/repository';
import { storable } from '../posts/sql';
import { publishedKeys } from './jwks';
import { verifySigned } from './verify';

type Verification = Schemas['Verification'];
type VerifiedVersion = Schemas['VerifiedVersion'];

/** At most this many versions answered. */
const MAX_MATCHES = 20;

/** Arabic-Indic and Extended Arabic-Indic digits as ASCII. */
const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/**
 * A document number as people write it: «قرار رقم ٧٩٤ لعام ١٤٤٦», "794/1446", "No. 794 of 2025",
 * "794". The first run of digits is the number; a later one of four digits, its year.
 */
export function parseDocumentNumber(text: string): { number: string; year: string | null } | null {
  const runs = asciiDigits(text).match(/\d+/g);
  if (!runs) return null;
  const [first, ...rest] = runs;
  const year = rest.find((r) => r.length === 4) ?? null;
  return { number: String(Number(first)), year };
}

interface Found {
  post_id: number;
  version: number;
  attachment_id: number | null;
}

interface VersionRow {
  post_id: number;
  version: number;
  kind: VerifiedVersion['kind'];
  created_at: Date;
  body: string;
  signed_payload: string | null;
  digest: string | null;
  kid: string | null;
  signature: string | null;
  signed_at: Date | null;
}

/** Versions holding a file of this digest, or signed as this digest, newest first. */
async function byDigest(db: Queryable, sha256: string): Promise<Found[]> {
  return db.query<Found>(
    `SELECT m.post_id, m.version, m.attachment_id FROM (
       SELECT f.post_id, f.version, f.attachment_id FROM version_files f WHERE f.sha256 = $1
       UNION ALL
       SELECT v.post_id, v.version, NULL FROM post_versions v WHERE v.digest = $1
     ) m JOIN posts p ON p.id = m.post_id AND p.status IN ('published', 'archived')
     ORDER BY m.post_id DESC, m.version DESC LIMIT ${MAX_MATCHES}`,
    [sha256],
  );
}

/** The current version of the organization's published documents of this number (and year). */
async function byNumber(db: Queryable, organization: string, number: string, year: string | null): Promise<Found[]> {
  return db.query<Found>(
    `SELECT p.id AS post_id, p.version, NULL::integer AS attachment_id
       FROM posts p JOIN organizations o ON o.id = p.organization_id
      WHERE (lower(o.code) = lower($1) OR o.id::text = $1)
        AND p.status IN ('published', 'archived') AND p.published_at IS NOT NULL
        AND p.document_number <> ''
        AND ltrim(split_part(p.document_number, '/', 1), '0') = ltrim($2, '0')
        AND ($3::text IS NULL OR split_part(p.document_number, '/', 2) = $3 OR extract(year FROM p.issued_on)::text = $3)
      ORDER BY p.issued_on DESC NULLS LAST, p.id DESC LIMIT ${MAX_MATCHES}`,
    [organization, number, year],
  );
}

/** A link's post and version, if it is a link of this portal to a post. */
async function byLink(db: Queryable, req: FastifyRequest, link: string): Promise<{ found: Found[]; reason: Verification['reason'] }> {
  const base = baseUrl(req);
  let url: URL;
  // A link pasted without its scheme ("qarar.example/post/x") is a web address, not a path here.
  const written = link.trim();
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(written) || written.startsWith('/') ? written : `https://${written}`;
  try {
    url = new URL(absolute, base);
  } catch {
    return { found: [], reason: 'not_a_post_link' };
  }
  const own = new Set([new URL(base).host, ...req.server.config.allowedOrigins.map((o) => new URL(o).host)]);
  if (!/^https?:$/.test(url.protocol) || !own.has(url.host)) return { found: [], reason: 'other_site' };
  const path = /^\/post\/([^/]+)(?:\/versions\/(\d{1,9}))?(?:\/(?:print|compare\/\d{1,9}\/(\d{1,9})))?\/?$/.exec(url.pathname);
  if (!path) return { found: [], reason: 'not_a_post_link' };
  let slug: string;
  try {
    slug = decodeURIComponent(path[1]);
  } catch {
    return { found: [], reason: 'not_a_post_link' };
  }
  const version = path[2] ?? path[3];
  for (const candidate of asSentOrDecoded(slug)) {
    if (!storable(candidate)) continue;
    const rows = await db.query<Found>(
      `SELECT p.id AS post_id, COALESCE($2::integer, p.version) AS version, NULL::integer AS attachment_id
         FROM posts p WHERE p.slug = $1 AND p.status IN ('published', 'archived') AND p.published_at IS NOT NULL`,
      [candidate, version ?? null],
    );
    if (rows.length) return { found: rows, reason: null };
  }
  return { found: [], reason: null };
}

/** The versions found, as the contract answers them: each as signed, its post's state now. */
async function present(db: Queryable, req: FastifyRequest, found: Found[]): Promise<VerifiedVersion[]> {
  if (!found.length) return [];
  const versions = await db.query<VersionRow>(
    `SELECT v.post_id, v.version, v.kind, v.created_at, v.body::text AS body, v.signed_payload, v.digest, v.kid, v.signature, v.signed_at
       FROM post_versions v JOIN unnest($1::integer[], $2::integer[]) AS w(post_id, version) ON v.post_id = w.post_id AND v.version = w.version`,
    [found.map((f) => f.post_id), found.map((f) => f.version)],
  );
  const byKey = new Map(versions.map((v) => [`${v.post_id}:${v.version}`, v]));
  const base = baseUrl(req);
  const { rows } = await findPostsByIds(db, [...new Set(found.map((f) => f.post_id))]);
  const posts = new Map(rows.map((row) => [row.id, presentPostAt(base, row)]));
  const keys = await publishedKeys(db);
  const answer: VerifiedVersion[] = [];
  for (const f of found) {
    const v = byKey.get(`${f.post_id}:${f.version}`);
    const post = posts.get(f.post_id);
    if (!v || !post) continue;
    const then = JSON.parse(v.body) as Schemas['Post'];
    const signed =
      v.signed_payload && v.digest && v.kid && v.signature && v.signed_at
        ? { payload: v.signed_payload, alg: 'EdDSA' as const, kid: v.kid, digest: v.digest, signature: v.signature, signed_at: new Date(v.signed_at).toISOString() }
        : null;
    const verdict = signed ? verifySigned(signed, keys) : null;
    const file = f.attachment_id !== null && verdict?.valid ? verdict.payload.files.find((x) => x.id === f.attachment_id) : undefined;
    const slug = encodeURIComponent(post.slug);
    answer.push({
      slug: post.slug,
      version: v.version,
      kind: v.kind,
      made_at: new Date(v.created_at).toISOString(),
      title: then.title,
      title_ar: then.title_ar,
      language: then.language,
      type_name: then.type?.name ?? '',
      type_name_ar: then.type?.name_ar ?? '',
      organization: { code: then.organization?.code ?? '', name: then.organization?.name ?? then.organization_name ?? '', name_ar: then.organization?.name_ar ?? then.organization_name_ar ?? '' },
      document_number: then.document_number ?? '',
      issued_on: then.issued_on ?? null,
      issued_on_hijri: then.issued_on_hijri ?? null,
      current_version: post.version,
      is_current: v.version === post.version,
      // Archived without a recorded withdrawal (older data) is no longer in force either, as its page says.
      post_state: post.withdrawal || post.status === 'archived' ? 'withdrawn' : post.in_force,
      withdrawal: post.withdrawal,
      version_url: `${base}/post/${slug}/versions/${v.version}`,
      current_url: `${base}/post/${slug}`,
      file: file ? { id: file.id, title: file.title, title_ar: file.title_ar ?? '', sha256: file.sha256 } : null,
      signed,
      signature_valid: verdict?.valid ?? false,
    });
  }
  return answer;
}

export async function verifyDocument(db: Queryable, req: FastifyRequest, query: { sha256?: string; number?: string; organization?: string; url?: string }): Promise<Verification> {
  const asked = (['sha256', 'number', 'url'] as const).filter((k) => query[k] !== undefined && query[k] !== '');
  if (asked.length !== 1) throw invalid({ [asked[1] ?? 'sha256']: ['verifyOneWay'] });
  const by = asked[0];
  if (by === 'sha256') return { by, reason: null, matches: await present(db, req, await byDigest(db, query.sha256!.toLowerCase())) };
  if (by === 'url') {
    const { found, reason } = await byLink(db, req, query.url!);
    return { by, reason, matches: await present(db, req, found) };
  }
  if (!query.organization) throw invalid({ organization: ['organizationRequired'] });
  const parsed = parseDocumentNumber(query.number!);
  if (!parsed) throw invalid({ number: ['documentNumberUnreadable'] });
  return { by, reason: null, matches: await present(db, req, await byNumber(db, query.organization, parsed.number, parsed.year)) };
}
