/**
 * A draft's files: uploaded PDFs and images, their type read from their bytes (never from the
 * name or the header the browser sent), within size limits; images get a thumbnail now and
 * their renditions on first request (media/renditions.ts) like every attachment; a PDF's text
 * is read for the search index. Stored under DATA_DIR/media, named by their content.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../../db/db';
import { HttpError, invalid } from '../../http/errors';
import type { AuthContext } from '../auth/context';
import { attachmentImage, ImagesBusy } from '../media/image-work';
import { extractPdfText } from '../media/pdf-text';
import { mediaPath } from '../media/paths';
import { reindexPosts, storeFileTexts } from '../posts/search-index';
import { recordAudit } from './audit';
import { editablePost } from './studio-row';

export const MAX_PDF_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENT_BYTES = Math.max(MAX_PDF_BYTES, MAX_IMAGE_BYTES);
const THUMB_WIDTH = 480;
const BUSY_RETRY_SECONDS = 5;

const tooLarge = () => new HttpError(413, 'attachmentTooLarge');
const wrongType = () => invalid({ file: ['attachmentType'] });

interface Upload {
  bytes: Buffer;
  filename: string;
}

interface Prepared {
  fileType: string;
  ext: string;
  width: number | null;
  height: number | null;
  thumb: Buffer | null;
  pages: string[] | null;
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** What the bytes are, checked: a PDF (its text read), or a JPEG, PNG or WebP image (its thumbnail made). */
async function prepare(bytes: Buffer): Promise<Prepared> {
  if (isPdf(bytes)) {
    if (bytes.length > MAX_PDF_BYTES) throw tooLarge();
    // A PDF whose text cannot be read (scanned, encrypted, damaged) is still attached, found by its title.
    const pages = await extractPdfText(bytes).catch(() => null);
    return { fileType: 'application/pdf', ext: 'pdf', width: null, height: null, thumb: null, pages };
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  let image: Awaited<ReturnType<typeof attachmentImage>>;
  try {
    image = await attachmentImage(bytes, THUMB_WIDTH);
  } catch (err) {
    if (err instanceof ImagesBusy) throw new HttpError(503, 'imagesBusy', { headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } });
    throw err;
  }
  if ('error' in image) {
    if (image.error === 'tooManyPixels') throw invalid({ file: ['imageTooManyPixels'] });
    throw wrongType();
  }
  const ext = image.format === 'jpeg' ? 'jpg' : image.format;
  return { fileType: `image/${image.format}`, ext, width: image.width, height: image.height, thumb: image.thumb, pages: null };
}

async function store(dataDir: string, key: string, bytes: Buffer): Promise<void> {
  const file = mediaPath(dataDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

/** The title every file has (title_ar), from its name when none was given: without its folder and extension. */
const titleOf = (filename: string) => path.basename(filename).replace(/\.[^.]*$/, '').trim().slice(0, 200) || 'file';

async function countFiles(tx: Queryable, postId: number): Promise<void> {
  await tx.query('UPDATE posts SET attachment_count = (SELECT count(*) FROM attachments WHERE post_id = $1), updated_at = now() WHERE id = $1', [postId]);
}

/** Attaches an uploaded file to a draft the user may edit. */
export async function addAttachment(
  db: Db,
  dataDir: string,
  auth: AuthContext,
  postId: number,
  upload: Upload | undefined,
  fields: { title_ar?: string; title?: string; description?: string },
): Promise<void> {
  // Who may edit the post is checked before any byte is worked on.
  await db.transaction((tx) => editablePost(tx, auth, postId));
  if (!upload || !upload.bytes.length) throw invalid({ file: ['fieldRequired'] });
  const file = await prepare(upload.bytes);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const digest = sha256.slice(0, 24);
  const storageKey = `files/${digest}.${file.ext}`;
  const thumbKey = file.thumb ? `thumbs/${digest}.webp` : null;
  await store(dataDir, storageKey, upload.bytes);
  if (file.thumb) await store(dataDir, thumbKey!, file.thumb);
  await db.transaction(async (tx) => {
    const row = await editablePost(tx, auth, postId);
    const titleAr = fields.title_ar?.trim() || titleOf(upload.filename);
    const titleEn = fields.title?.trim() || null;
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO attachments (post_id, storage_key, thumbnail_key, title_ar, title, description, file_type, size, file_extension, width, height, sha256, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, (SELECT coalesce(max(sort_order) + 1, 0) FROM attachments WHERE post_id = $1))
       RETURNING id`,
      [postId, storageKey, thumbKey, titleAr, titleEn, fields.description?.trim() ?? '', file.fileType, upload.bytes.length, file.ext, file.width, file.height, sha256],
    );
    if (file.pages) await storeFileTexts(tx, [{ storage_key: storageKey, pages: file.pages }]);
    await countFiles(tx, postId);
    await reindexPosts(tx, [postId]);
    await recordAudit(tx, { organizationId: row.organization_id, postId, userId: auth.userId, action: 'attachment_added', details: { id, title_ar: titleAr, title: titleEn, file_type: file.fileType } });
  });
}

export async function updateAttachment(
  db: Db,
  auth: AuthContext,
  postId: number,
  attachmentId: number,
  change: { title_ar?: string; title?: string | null; description?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await editablePost(tx, auth, postId);
    // The Arabic title is never emptied (it is the one every reader can fall back on); the
    // English one is removed by a blank or null, and left as it is when not given.
    const found = await tx.query(
      `UPDATE attachments SET title_ar = coalesce($3, title_ar), title = CASE WHEN $4 THEN nullif($5, '') ELSE title END,
                              description = coalesce($6, description)
        WHERE id = $1 AND post_id = $2 RETURNING id`,
      [attachmentId, postId, change.title_ar?.trim() || null, change.title !== undefined, change.title?.trim() ?? '', change.description === undefined ? null : change.description.trim()],
    );
    if (!found.length) throw new HttpError(404, 'attachmentNotFound');
    await reindexPosts(tx, [postId]);
    await tx.query('UPDATE posts SET updated_at = now() WHERE id = $1', [postId]);
    await recordAudit(tx, { organizationId: row.organization_id, postId, userId: auth.userId, action: 'attachment_changed', details: { id: attachmentId } });
  });
}

export async function removeAttachment(db: Db, auth: AuthContext, postId: number, attachmentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await editablePost(tx, auth, postId);
    const gone = await tx.query<{ title_ar: string; title: string | null }>('DELETE FROM attachments WHERE id = $1 AND post_id = $2 RETURNING title_ar, title', [attachmentId, postId]);
    if (!gone.length) throw new HttpError(404, 'attachmentNotFound');
    await countFiles(tx, postId);
    await reindexPosts(tx, [postId]);
    await recordAudit(tx, { organizationId: row.organization_id, postId, userId: auth.userId, action: 'attachment_removed', details: { id: attachmentId, title_ar: gone[0].title_ar, title: gone[0].title } });
  });
}

export async function orderAttachments(db: Db, auth: AuthContext, postId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await editablePost(tx, auth, postId);
    const current = await tx.query<{ id: number }>('SELECT id FROM attachments WHERE post_id = $1', [postId]);
    const known = new Set(current.map((a) => a.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw invalid({ ids: ['attachmentOrderMismatch'] });
    }
    await tx.query(
      `UPDATE attachments a SET sort_order = o.n FROM unnest($2::int[]) WITH ORDINALITY AS o(id, n) WHERE a.id = o.id AND a.post_id = $1`,
      [postId, ids],
    );
    await tx.query('UPDATE posts SET updated_at = now() WHERE id = $1', [postId]);
    await recordAudit(tx, { organizationId: row.organization_id, postId, userId: auth.userId, action: 'attachments_ordered', details: { ids } });
  });
}
