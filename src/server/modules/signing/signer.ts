/**
 * Signs the published versions of posts (issue 30, point 1).
 *
 * What is signed is the version's signed payload: a JSON object in its RFC 8785 canonical form
 * (`canonicalize`, by the RFC's author), holding the version's public content as readers saw it
 * (post_versions.body: its text in both languages, type, organization, number, dates) and the
 * SHA-256 of each of its files. The exact text is kept with the version, so that checking it never
 * depends on building it again: `digest` is its SHA-256 (hex), `signature` the Ed25519 signature
 * of its UTF-8 bytes (base64url), `kid` the key's id in /.well-known/qarar-keys.json.
 *
 * A version is signed just after the transaction that made it (the workspace's service asks for
 * it); one made otherwise (before this existed, by the importer, the seed, or a process that
 * stopped in between) by the scheduled work's signing step, which also keeps a first version of
 * a published post that has none.
 */
import { createHash, sign } from 'node:crypto';
import { createReadStream } from 'node:fs';
import canonicalize from 'canonicalize';
import type { Db, Queryable } from '../../db/db';
import { BoundedCache } from '../../cache/bounded-cache';
import { mediaPath } from '../media/paths';
import { atOrigin, originFreeJson } from '../posts/post-docs';
import { findPostsByIds } from '../posts/repository';
import { PAYLOAD_FORMAT, SIGNING_ALG, type SigningKey } from './keys';

/** What of a post a version's payload holds: its public content, not its counts or the reader's marks. */
const POST_FIELDS = [
  'id', 'slug', 'type', 'organization', 'organization_name', 'organization_name_ar', 'subsidiary_name', 'subsidiary_name_ar',
  'document_number', 'issued_on', 'issued_on_hijri', 'language', 'title', 'title_ar', 'summary', 'summary_ar', 'content', 'content_ar',
  'published_at', 'categories_data', 'hashtags', 'relations',
] as const;

/** A version's signature as kept, and as answers carry it. */
export interface VersionSignature {
  alg: typeof SIGNING_ALG;
  kid: string;
  digest: string;
  signature: string;
  signed_at: string;
}

interface UnsignedRow {
  post_id: number;
  version: number;
  kind: string;
  note: string;
  note_ar: string;
  created_at: Date;
  body: string;
}

interface FileRow {
  id: number;
  storage_key: string;
  sha256: string | null;
}

/** At most this many versions signed in one transaction of the signing step. */
const BATCH = 100;

/** The SHA-256 of a stored file (hex), read as a stream. */
export function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export class VersionSigner {
  /** SHA-256 of stored files read back, by storage key (a stored file never changes: its name is its content's digest). */
  private readonly readDigests = new BoundedCache<string, string>({ maxBytes: 2 * 1024 * 1024 });
  constructor(
    private readonly db: Db,
    private readonly key: SigningKey,
    private readonly dataDir: string,
    /** A version that could not be signed (it stays unsigned, for the next run). */
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** This process's key published (publishKey), once: a failure is tried again by the next caller. */
  private published: Promise<void> | null = null;
  /** This process's key known to be in signing_keys (published, and committed). */
  private keyKept = false;

  get kid(): string {
    return this.key.kid;
  }

  /**
   * The key published once by this process before it signs: at the first signing or reading of
   * the keys, not at start (a worker starting while the database is away still starts).
   */
  ensurePublished(): Promise<void> {
    this.published ??= this.publishKey().then(
      () => {
        this.keyKept = true;
      },
      (err: unknown) => {
        this.published = null;
        throw err;
      },
    );
    return this.published;
  }

  /**
   * Publishes this process's key (added, or no longer retired) and marks every other retired:
   * what they signed still verifies. At start, before anything is signed. Processes serving one
   * database share one key (SIGNING_KEY, or one DATA_DIR).
   */
  async publishKey(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO signing_keys (kid, public_jwk) VALUES ($1, $2::jsonb)
         ON CONFLICT (kid) DO UPDATE SET retired_at = NULL`,
        [this.key.kid, JSON.stringify(this.key.publicJwk)],
      );
      await tx.query('UPDATE signing_keys SET retired_at = now() WHERE kid <> $1 AND retired_at IS NULL', [this.key.kid]);
    });
  }

  /**
   * Signs the new versions of these posts inside the transaction that made them (publishing,
   * correcting, withdrawing), so that a version is published signed, in one change of the content
   * version. Under a savepoint: a failure (a file that cannot be read) leaves what was published
   * as it is, unsigned, for the signing step of the scheduled work, and is reported to onError.
   */
  async signWithin(tx: Queryable, postIds: number[]): Promise<void> {
    await tx.query('SAVEPOINT signing');
    try {
      // This key in the table, in this transaction (it may be this process's first signature).
      if (!this.keyKept) {
        await tx.query(
          `INSERT INTO signing_keys (kid, public_jwk) VALUES ($1, $2::jsonb) ON CONFLICT (kid) DO UPDATE SET retired_at = NULL`,
          [this.key.kid, JSON.stringify(this.key.publicJwk)],
        );
      }
      const rows = await tx.query<UnsignedRow>(
        `SELECT post_id, version, kind, note, note_ar, created_at, body::text AS body FROM post_versions
          WHERE signature IS NULL AND post_id = ANY($1::integer[]) ORDER BY post_id, version`,
        [postIds],
      );
      const signatures: { row: UnsignedRow; payload: string }[] = [];
      for (const row of rows) signatures.push({ row, payload: await this.payloadOf(tx, row) });
      if (signatures.length) await this.keep(tx, signatures);
      await tx.query('RELEASE SAVEPOINT signing');
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT signing');
      this.onError(err);
    }
  }

  /**
   * Signs the versions not signed yet, of these posts (all posts when none are named), a batch
   * per transaction; first keeps a version of each published post that has none. Returns how many
   * it signed. A version whose file cannot be read stays unsigned, for the next run: the error
   * names it.
   */
  async signPending(postIds?: number[]): Promise<number> {
    await this.ensurePublished();
    await this.keepMissingVersions(postIds);
    let signed = 0;
    // Versions that could not be signed in this run (a file missing): left for the next.
    const failed: string[] = [];
    for (;;) {
      const { seen, done } = await this.db.transaction(async (tx) => {
        const rows = await tx.query<UnsignedRow>(
          `SELECT post_id, version, kind, note, note_ar, created_at, body::text AS body FROM post_versions
            WHERE signature IS NULL AND NOT (post_id || ':' || version) = ANY($2::text[]) ${postIds ? 'AND post_id = ANY($3::integer[])' : ''}
            ORDER BY post_id, version LIMIT $1 FOR UPDATE SKIP LOCKED`,
          postIds ? [BATCH, failed, postIds] : [BATCH, failed],
        );
        const signatures: { row: UnsignedRow; payload: string }[] = [];
        for (const row of rows) {
          try {
            signatures.push({ row, payload: await this.payloadOf(tx, row) });
          } catch (err) {
            failed.push(`${row.post_id}:${row.version}`);
            this.onError(err);
          }
        }
        if (signatures.length) await this.keep(tx, signatures);
        return { seen: rows.length, done: signatures.length };
      });
      signed += done;
      if (seen < BATCH) return signed;
    }
  }

  /** Signatures kept in one statement (one change of the content version for the batch). */
  private async keep(tx: Queryable, signatures: { row: UnsignedRow; payload: string }[]): Promise<void> {
    const signed = signatures.map(({ row, payload }) => {
      const bytes = Buffer.from(payload, 'utf8');
      return { row, payload, digest: createHash('sha256').update(bytes).digest('hex'), signature: sign(null, bytes, this.key.privateKey).toString('base64url') };
    });
    await tx.query(
      `UPDATE post_versions v SET signed_payload = s.payload, digest = s.digest, kid = $5, signature = s.signature, signed_at = now()
         FROM unnest($1::integer[], $2::integer[], $3::text[], $4::text[], $6::text[]) AS s(post_id, version, payload, digest, signature)
        WHERE v.post_id = s.post_id AND v.version = s.version AND v.signature IS NULL`,
      [signed.map((s) => s.row.post_id), signed.map((s) => s.row.version), signed.map((s) => s.payload), signed.map((s) => s.digest), this.key.kid, signed.map((s) => s.signature)],
    );
    // Each version's files by their digest, as signed: what a reader's file is looked up by.
    const files = signed.flatMap(({ row, payload }) =>
      (JSON.parse(payload) as { files: { id: number; sha256: string }[] }).files.map((f) => ({ post_id: row.post_id, version: row.version, id: f.id, sha256: f.sha256 })),
    );
    if (files.length) {
      await tx.query(
        `INSERT INTO version_files (post_id, version, attachment_id, sha256)
         SELECT * FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::text[]) ON CONFLICT DO NOTHING`,
        [files.map((f) => f.post_id), files.map((f) => f.version), files.map((f) => f.id), files.map((f) => f.sha256)],
      );
    }
  }

  /**
   * A published post's current version, kept when it never was (published by the seed or the
   * importer), as readers see it now and dated when it was published: a batch a statement.
   */
  private async keepMissingVersions(postIds?: number[]): Promise<void> {
    for (;;) {
      const missing = await this.db.query<{ id: number; version: number }>(
        `SELECT p.id, p.version FROM posts p
          WHERE p.published_at IS NOT NULL AND p.status IN ('published', 'archived')
            ${postIds ? 'AND p.id = ANY($2::integer[])' : ''}
            AND NOT EXISTS (SELECT 1 FROM post_versions v WHERE v.post_id = p.id)
          ORDER BY p.id LIMIT $1`,
        postIds ? [BATCH, postIds] : [BATCH],
      );
      if (!missing.length) return;
      const kept = await this.db.transaction(async (tx) => {
        const { rows } = await findPostsByIds(tx, missing.map((m) => m.id));
        const bodies = new Map(rows.map((row) => [row.id, originFreeJson(row)]));
        const found = missing.filter((m) => bodies.has(m.id));
        if (!found.length) return 0;
        await tx.query(
          `INSERT INTO post_versions (post_id, version, kind, body, created_at)
           SELECT m.id, m.version, 'first', m.body::jsonb, p.published_at
             FROM unnest($1::integer[], $2::integer[], $3::text[]) AS m(id, version, body) JOIN posts p ON p.id = m.id
           ON CONFLICT (post_id, version) DO NOTHING`,
          [found.map((m) => m.id), found.map((m) => m.version), found.map((m) => bodies.get(m.id)!)],
        );
        return found.length;
      });
      // Deleted meanwhile, every one of them: nothing more to keep.
      if (!kept || missing.length < BATCH) return;
    }
  }

  /** The canonical text signed for a version: its post's public content and its files' digests. */
  private async payloadOf(tx: Queryable, row: UnsignedRow): Promise<string> {
    // URLs relative to the portal: the same text whatever address the portal is reached by.
    const body = JSON.parse(atOrigin(row.body, '')) as Record<string, unknown>;
    const post = Object.fromEntries(POST_FIELDS.filter((f) => f in body).map((f) => [f, body[f]]));
    const attachments = (Array.isArray(body.attachments) ? body.attachments : []) as { id: number; title?: string | null; title_ar?: string; file_type?: string; size?: number; file?: string }[];
    const digests = await this.fileDigests(
      tx,
      attachments.map((a) => a.id),
    );
    const files = attachments.map((a) => ({ id: a.id, file: a.file, title: a.title ?? null, title_ar: a.title_ar, file_type: a.file_type, size: a.size, sha256: digests.get(a.id) ?? null }));
    const missing = files.filter((f) => !f.sha256);
    if (missing.length) throw new Error(`post ${row.post_id} version ${row.version}: no file for attachment ${missing.map((f) => f.id).join(', ')}`);
    const text = canonicalize({
      format: PAYLOAD_FORMAT,
      post,
      version: row.version,
      kind: row.kind,
      note: row.note,
      note_ar: row.note_ar,
      made_at: new Date(row.created_at).toISOString(),
      files,
    });
    if (!text) throw new Error(`post ${row.post_id} version ${row.version}: nothing to sign`);
    return text;
  }

  /** The SHA-256 of each file by attachment id: kept, else computed from the file once and kept. */
  private async fileDigests(tx: Queryable, ids: number[]): Promise<Map<number, string>> {
    const digests = new Map<number, string>();
    if (!ids.length) return digests;
    const rows = await tx.query<FileRow>('SELECT id, storage_key, sha256 FROM attachments WHERE id = ANY($1::integer[])', [ids]);
    for (const file of rows) {
      let sha256 = file.sha256;
      if (!sha256) {
        // Files are stored by their content: rows naming one file read it once.
        const key = file.storage_key;
        sha256 = this.readDigests.get(key) ?? (await fileSha256(mediaPath(this.dataDir, key)));
        this.readDigests.set(key, sha256);
        await tx.query('UPDATE attachments SET sha256 = $2 WHERE id = $1', [file.id, sha256]);
      }
      digests.set(file.id, sha256);
    }
    return digests;
  }
}
