import { createHash } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import { mediaPath } from '../media/plugin';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const SIDE = 512;
/**
 * A small file can still decode to a huge canvas (a "decompression bomb"); 64 megapixels is
 * more than any phone camera makes and bounds the memory one upload can take.
 */
const MAX_PIXELS = 64_000_000;
const AVATARS = 'avatars';

export const imageTooLarge = () => new HttpError(413, 'imageTooLarge');
const notAnImage = () => new HttpError(400, 'badRequest', { fields: { profile_picture: ['notAnImage'] } });

/**
 * Checks that the bytes really are a JPEG, PNG or WebP image (whatever the file is called or
 * claims to be) and re-encodes it: upright, at most 512 px a side, WebP, metadata stripped.
 */
export async function prepareAvatar(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  if (bytes.length > maxBytes) throw imageTooLarge();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) throw notAnImage();
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: SIDE, height: SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // sharp could not read it: truncated, corrupt, or not an image at all.
    throw notAnImage();
  }
}

/** Writes a prepared avatar; its name carries a content hash, so a new picture gets a new URL. */
export async function storeAvatar(dataDir: string, userId: number, webp: Buffer): Promise<string> {
  const digest = createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const key = `${AVATARS}/${userId}-${digest}.webp`;
  const file = mediaPath(dataDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, webp);
  return key;
}

/** Removes a stored avatar; only ever files under avatars/, and a missing file is no error. */
export async function removeAvatar(dataDir: string, key: string | null | undefined): Promise<void> {
  if (!key || !key.startsWith(`${AVATARS}/`) || key.includes('..')) return;
  await unlink(mediaPath(dataDir, key)).catch(() => undefined);
}
