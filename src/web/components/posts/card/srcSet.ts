import type { Attachment } from '../../../api/posts';

/**
 * An image attachment's `srcset`: its WebP renditions (made by the server at fixed widths),
 * and with `original` the file itself at its own width, for the viewer's largest screens.
 * Undefined when there is nothing to choose from, so `src` alone is used.
 */
export function srcSetOf(image: Attachment, { original = false } = {}): string | undefined {
  const candidates = (image.renditions ?? []).map((r) => `${r.url} ${r.width}w`);
  const widest = image.renditions?.at(-1)?.width ?? 0;
  if (original && image.width && image.width > widest) candidates.push(`${image.file_url} ${image.width}w`);
  return candidates.length ? candidates.join(', ') : undefined;
}
