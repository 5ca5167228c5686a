import { create } from 'qrcode';

/** Light modules around the code, as the QR standard asks, so that a reader finds its edges on any paper. */
export const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules a side, the quiet zone included: the SVG's viewBox is this square. */
  size: number;
  /** The dark modules as one SVG path, a unit square each (rows of them joined). */
  path: string;
}

/**
 * A QR code of `text` as an SVG path: drawn by React as markup, it is the same on the page the
 * server draws (no canvas there) and in the browser, and prints sharp at any size. Error
 * correction M (15 %): a printout may be creased or stamped over.
 */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}
