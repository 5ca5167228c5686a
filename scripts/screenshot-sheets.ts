/**
 * Contact sheets for scripts/screenshots.ts: one PNG per route with every shot of it taken in
 * the run as a labelled thumbnail, so that a person can look at all of a route's looks at once.
 *
 * A row per width (desktop, tablet, phone), wrapped when it would be wider than the sheet may be;
 * each thumbnail is the top of its shot (at most about 1.5 screens), scaled to a fixed width,
 * under a label naming its look (lang-theme-width-reader). A sheet that still comes out longer
 * than MAX_SIDE on a side is scaled down as a whole.
 */
import sharp, { type OverlayOptions } from 'sharp';

export interface SheetEntry {
  /** The shot's PNG. */
  file: string;
  /** lang-theme-width-reader, e.g. en-dark-768-in. */
  label: string;
  /** The width group: its row(s) on the sheet, in the order first seen. */
  group: string;
  /** The thumbnail's width in pixels. */
  thumbWidth: number;
  /** The most of the shot's height to keep, in the shot's own pixels (1.5 screens). */
  maxSourceHeight: number;
}

/** The longest side a sheet may have. */
const MAX_SIDE = 2500;
const GAP = 10;
const LABEL = 24;
const TITLE = 40;
const BACKGROUND = { r: 150, g: 150, b: 150, alpha: 1 };

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function labelSvg(text: string, width: number, height: number, size: number, bold = false): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>` +
      `<text x="6" y="${Math.round(height * 0.72)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="#111111">${escapeXml(text)}</text>` +
      `</svg>`,
  );
}

interface Thumb {
  entry: SheetEntry;
  png: Buffer;
  width: number;
  height: number;
}

async function thumbnail(entry: SheetEntry): Promise<Thumb> {
  const meta = await sharp(entry.file).metadata();
  const height = Math.min(meta.height ?? 0, entry.maxSourceHeight);
  const png = await sharp(entry.file)
    .extract({ left: 0, top: 0, width: meta.width, height })
    .resize({ width: entry.thumbWidth })
    .png()
    .toBuffer();
  const out = await sharp(png).metadata();
  return { entry, png, width: out.width, height: out.height };
}

/** Writes the sheet of `title` (the route, and its address) to `file`; returns its size. */
export async function writeSheet(file: string, title: string, entries: SheetEntry[]): Promise<{ width: number; height: number }> {
  const thumbs = await Promise.all(entries.map(thumbnail));
  const groups = [...new Set(entries.map((e) => e.group))];
  const layers: OverlayOptions[] = [];
  let y = TITLE + GAP;
  let sheetWidth = 0;
  for (const group of groups) {
    const inGroup = thumbs.filter((t) => t.entry.group === group);
    // Rows that fit in MAX_SIDE.
    const rows: Thumb[][] = [[]];
    let x = GAP;
    for (const t of inGroup) {
      if (rows[rows.length - 1].length && x + t.width + GAP > MAX_SIDE) {
        rows.push([]);
        x = GAP;
      }
      rows[rows.length - 1].push(t);
      x += t.width + GAP;
    }
    for (const row of rows) {
      let rx = GAP;
      const rowHeight = Math.max(...row.map((t) => t.height));
      for (const t of row) {
        layers.push({ input: labelSvg(t.entry.label, t.width, LABEL, 14), left: rx, top: y });
        layers.push({ input: t.png, left: rx, top: y + LABEL });
        rx += t.width + GAP;
      }
      sheetWidth = Math.max(sheetWidth, rx);
      y += LABEL + rowHeight + GAP;
    }
  }
  const sheetHeight = y;
  // Wide enough for the title (about 13 px a character at 22 px bold).
  sheetWidth = Math.min(MAX_SIDE, Math.max(sheetWidth, 400, title.length * 13 + 12));
  layers.unshift({ input: labelSvg(title, sheetWidth, TITLE, 22, true), left: 0, top: 0 });
  let png = await sharp({ create: { width: sheetWidth, height: sheetHeight, channels: 4, background: BACKGROUND } })
    .composite(layers)
    .png()
    .toBuffer();
  let size = { width: sheetWidth, height: sheetHeight };
  const longest = Math.max(sheetWidth, sheetHeight);
  if (longest > MAX_SIDE) {
    const scale = MAX_SIDE / longest;
    size = { width: Math.round(sheetWidth * scale), height: Math.round(sheetHeight * scale) };
    png = await sharp(png).resize(size).png().toBuffer();
  }
  await sharp(png).png({ compressionLevel: 9 }).toFile(file);
  return size;
}
