import { createHash } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '../../http/errors';
import { avatarWebp, ImagesBusy } from '../media/image-work';
import { mediaPath } from '../media/paths';

const SIDE = 512;
const AVATARS = 'avatars';
/** How long a client is asked to wait when too many images are waiting to be worked on. */
const BUSY_RETRY_SECONDS = 5;

export const imageTooLarge = () => new HttpError(413, 'imageTooLarge');
const refused = (key: 'notAnImage' | 'imageTooManyPixels') => new HttpError(400, 'badRequest', { fields: { profile_picture: [key] } });

/**
 * Checks that the bytes really are a JPEG, PNG or WebP image (whatever the file is called or
 * claims to be) of at most 25 megapixels (a small file can describe a huge canvas: its header
 * is read before anything is decoded), and re-encodes it: upright, at most 512 px a side,
 * WebP, metadata stripped. The work runs on the image thread (media/image-work.ts), a bounded
 * number of pictures at a time.
 */
export async function prepareAvatar(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  if (bytes.length > maxBytes) throw imageTooLarge();
  let res: Awaited<ReturnType<typeof avatarWebp>>;
  try {
    res = await avatarWebp(bytes, SIDE);
  } catch (err) {
    if (err instanceof ImagesBusy) {
      throw new HttpError(503, 'imagesBusy', { headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } });
    }
    throw err;
  }
  if ('error' in res) throw refused(res.error === 'tooManyPixels' ? 'imageTooManyPixels' : 'notAnImage');
  return res.webp;
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
