import path from 'node:path';

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
