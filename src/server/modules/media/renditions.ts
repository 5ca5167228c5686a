import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeRendition } from './image-work';
import { mediaRoot } from './plugin';

/**
 * Smaller WebP copies of image attachments, for `srcset`: a card on a phone shows an image
 * about 300 device pixels wide and should not download a 1600-pixel original. The widths are
 * fixed (a few cached files per image, whatever the screens) and never wider than the image.
 */
export const RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** No rendition for an image wider than this is made at its own width: the fixed ones cover it. */
const OWN_WIDTH_MAX = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];

/** The widths offered for an image `width` pixels wide: the fixed ones below it, then its own (up to 1280). */
export function renditionWidths(width: number | null | undefined): number[] {
  if (!width || width < 1) return [];
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < width);
  if (width <= OWN_WIDTH_MAX) widths.push(width);
  return widths;
}

export interface Rendition {
  url: string;
  width: number;
  height: number;
}

/** The contract's `renditions` of an attachment (empty unless an image of known size). */
export function renditionsOf(
  base: string,
  a: { id: number; file_type: string; width: number | null; height: number | null },
): Rendition[] {
  if (!a.file_type.startsWith('image/') || !a.width || !a.height) return [];
  return renditionWidths(a.width).map((w) => ({
    url: `${base}/media/renditions/${a.id}/${w}.webp`,
    width: w,
    height: Math.max(1, Math.round((a.height! * w) / a.width!)),
  }));
}

/** Where the rendition of a stored file at a width is cached: media/sized/{width}/{file}.webp. */
export function renditionKey(storageKey: string, width: number): string {
  return `sized/${width}/${path.basename(storageKey, path.extname(storageKey))}.webp`;
}

const pending = new Map<string, Promise<string>>();

/**
 * The cached rendition's key, made first when missing (once, however many requests ask at the
 * same moment; written beside and renamed, so a reader never gets half a file).
 */
export function ensureRendition(dataDir: string, storageKey: string, width: number): Promise<string> {
  const root = mediaRoot(dataDir);
  const key = renditionKey(storageKey, width);
  const file = path.join(root, key);
  if (existsSync(file)) return Promise.resolve(key);
  let job = pending.get(file);
  if (!job) {
    job = (async () => {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        // On the image thread, a bounded number at a time, within the same pixel limit as uploads.
        await writeRendition(path.join(root, storageKey), tmp, width);
        renameSync(tmp, file);
        return key;
      } catch (err) {
        rmSync(tmp, { force: true });
        throw err;
      }
    })().finally(() => pending.delete(file));
    pending.set(file, job);
  }
  return job;
}
