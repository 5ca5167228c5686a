/**
 * Real attachment files for the demo posts. Rendering an image or a PDF per attachment would
 * make a million-post seed take days, so a small pool of distinct files is made once per run
 * (document scans, banners and infographics as PNG/JPEG, multi-page PDFs), named by content
 * hash, and attachment rows point into it, each with its own title and order.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { mediaRoot } from '../modules/media/plugin';
import { POST_TYPES, type TypeKey } from './catalog/taxonomy';
import { Random } from './random';

export interface PoolFile {
  storage_key: string;
  thumbnail_key: string | null;
  file_type: string;
  file_extension: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface MediaPool {
  images: Map<TypeKey, PoolFile[]>;
  pdfs: Map<TypeKey, PoolFile[]>;
  /** Distinct files written or found, thumbnails included. */
  fileCount: number;
}

/** The colour of each post type (spec §9), for the artwork of its files. */
const COLOURS: Record<TypeKey, string> = {
  decision: '#dc2626', circular: '#7c3aed', announcement: '#ea580c', statement: '#2563eb', law: '#4f46e5',
  decree: '#0891b2', order: '#059669', directive: '#d97706', regulation: '#c026d3',
};

const FONT = `font-family="DejaVu Sans, Noto Sans Arabic, Arial, sans-serif"`;
const THUMB_WIDTH = 480;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rtl = (x: number, y: number, size: number, fill: string, text: string, weight = 'normal') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" direction="rtl" text-anchor="start">${esc(text)}</text>`;
const ltr = (x: number, y: number, size: number, fill: string, text: string, anchor = 'start') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" fill="${fill}" text-anchor="${anchor}">${esc(text)}</text>`;

function documentSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 900;
  const height = 1270;
  const lines: string[] = [];
  let y = 470;
  for (let i = 0; i < 17; i++) {
    const paragraphEnd = rng.chance(0.2);
    const w = paragraphEnd ? rng.int(220, 520) : rng.int(680, 800);
    lines.push(`<rect x="${840 - w}" y="${y}" width="${w}" height="12" rx="6" fill="#d8d4c8"/>`);
    y += paragraphEnd ? 58 : 36;
    if (y > 1000) break;
  }
  const no = rng.int(100, 9999);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#fbfaf6"/>
  <rect width="100%" height="150" fill="${colour}"/>
  <circle cx="450" cy="75" r="46" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.85"/>
  <path d="M430 95 Q450 40 470 95 M450 58 L450 110" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.85"/>
  ${rtl(860, 68, 26, '#ffffff', 'المملكة العربية السعودية', 'bold')}
  ${rtl(860, 110, 20, '#ffffff', 'وثيقة رسمية')}
  ${ltr(40, 70, 22, '#ffffff', 'Kingdom of Saudi Arabia')}
  ${ltr(40, 108, 18, '#ffffff', 'Official document')}
  <text x="450" y="265" ${FONT} font-size="68" font-weight="bold" fill="${colour}" text-anchor="middle">${esc(type.name_ar)}</text>
  ${ltr(450, 318, 28, '#6b7280', type.name.charAt(0).toUpperCase() + type.name.slice(1), 'middle')}
  ${rtl(840, 395, 22, '#374151', `الرقم: ${no}`)}
  ${ltr(60, 395, 20, '#374151', `No. ${no}`)}
  <line x1="60" y1="420" x2="840" y2="420" stroke="${colour}" stroke-width="2" opacity="0.5"/>
  ${lines.join('\n  ')}
  <circle cx="210" cy="1120" r="86" fill="none" stroke="${colour}" stroke-width="6" opacity="0.45"/>
  <circle cx="210" cy="1120" r="70" fill="none" stroke="${colour}" stroke-width="2" opacity="0.45"/>
  <text x="210" y="1132" ${FONT} font-size="34" fill="${colour}" opacity="0.6" text-anchor="middle">معتمد</text>
  <path d="M560 1130 C600 1080 630 1160 670 1110 S740 1090 790 1125" stroke="#1f2937" stroke-width="3" fill="none"/>
  <line x1="60" y1="1225" x2="840" y2="1225" stroke="#d1d5db" stroke-width="1"/>
</svg>`;
  return { svg, width, height };
}

function bannerSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 1600;
  const height = 900;
  const circles = Array.from({ length: 7 }, () =>
    `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${rng.int(80, 320)}" fill="#ffffff" opacity="${(rng.int(5, 14) / 100).toFixed(2)}"/>`,
  ).join('\n  ');
  const subtitle = rng.pick(['بيان رسمي', 'للاطلاع والعمل بموجبه', 'إعلان للعموم', 'تحديث مهم']);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${circles}
  ${rtl(1500, 390, 140, '#ffffff', type.name_ar, 'bold')}
  ${rtl(1500, 480, 48, '#f3f4f6', subtitle)}
  ${ltr(100, 780, 44, '#ffffff', type.name.toUpperCase())}
  <rect x="0" y="840" width="${width}" height="60" fill="#000000" opacity="0.25"/>
  ${rtl(1560, 882, 28, '#ffffff', 'المملكة العربية السعودية')}
  ${ltr(40, 882, 24, '#ffffff', 'Kingdom of Saudi Arabia')}
</svg>`;
  return { svg, width, height };
}

function infographicSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 1080;
  const height = 1080;
  const stats: Array<[string, string]> = rng.sample(
    [
      [`${rng.int(60, 99)}%`, 'نسبة الإنجاز'],
      [`${rng.int(2, 90)},${rng.int(100, 999)}`, 'عدد المستفيدين'],
      ['24/7', 'خدمة إلكترونية'],
      [`${rng.int(3, 13)}`, 'منطقة مشمولة'],
      [`${rng.int(5, 60)}`, 'يومًا للتطبيق'],
      [`${rng.int(10, 95)}%`, 'رضا المستفيدين'],
    ],
    4,
  );
  const boxes = stats
    .map(([value, label], i) => {
      const x = 60 + (i % 2) * 500;
      const y = 300 + Math.floor(i / 2) * 360;
      return `<rect x="${x}" y="${y}" width="460" height="320" rx="28" fill="${colour}" opacity="${i % 3 === 0 ? 1 : 0.82}"/>
  <text x="${x + 230}" y="${y + 170}" ${FONT} font-size="92" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(value)}</text>
  <text x="${x + 230}" y="${y + 250}" ${FONT} font-size="38" fill="#ffffff" text-anchor="middle">${esc(label)}</text>`;
    })
    .join('\n  ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#f8fafc"/>
  <rect width="100%" height="230" fill="#0f172a"/>
  ${rtl(1020, 120, 72, '#ffffff', `${type.name_ar} بالأرقام`, 'bold')}
  ${ltr(60, 190, 32, '#cbd5e1', `${type.name.charAt(0).toUpperCase() + type.name.slice(1)} in numbers`)}
  ${boxes}
</svg>`;
  return { svg, width, height };
}

const PDF_PARAGRAPHS = [
  'The bodies concerned shall implement the provisions of this document within the period specified, and shall report on progress to the competent department at regular intervals.',
  'This document has been prepared in accordance with the applicable laws and regulations, and after consultation with the relevant government bodies and stakeholders.',
  'Applications, enquiries and supporting documents shall be submitted through the official electronic channels. Paper submissions are no longer accepted except where stated.',
  'Any earlier decisions or instructions that conflict with the provisions of this document are repealed from the date on which it takes effect.',
  'Violations of the provisions of this document are subject to the penalties set out in the applicable laws and their implementing regulations.',
  'The competent department may issue guides and forms to clarify the procedures set out in this document, and shall publish them on the official website.',
  'The provisions of this document shall be reviewed periodically in the light of experience and of the comments received from the bodies concerned and the public.',
  'Data collected under this document shall be processed in accordance with the Personal Data Protection Law and used only for the purposes stated.',
];

function renderPdf(rng: Random, type: (typeof POST_TYPES)[number], colour: string, created: Date): Promise<Buffer> {
  const title = `Official ${type.name.charAt(0).toUpperCase() + type.name.slice(1)}`;
  const no = rng.int(100, 9999);
  const pages = rng.int(1, 3);
  return new Promise((resolve, reject) => {
    // A fixed creation date keeps the bytes, and so the content-hashed name, the same every run.
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      bufferPages: true,
      info: { Title: `${title} No. ${no}`, Author: 'Qarar demo content', CreationDate: created, ModDate: created },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.rect(0, 0, doc.page.width, 70).fill(colour);
      doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(12).text('KINGDOM OF SAUDI ARABIA', 56, 28);
      doc.font('Helvetica').fontSize(9).text('Official document', 56, 46);
      doc.fillColor('#111827').moveDown(0);
      doc.y = 100;
      if (page === 0) {
        doc.font('Helvetica-Bold').fontSize(22).fillColor(colour).text(`${title} No. ${no}`, 56);
        doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#6b7280').text(`Reference ${rng.int(1000, 9999)}/${rng.int(10, 99)}`);
        doc.moveDown(1).fillColor('#111827').fontSize(11);
      } else {
        doc.font('Helvetica-Bold').fontSize(14).fillColor(colour).text(`Annex ${page}`, 56);
        doc.moveDown(0.8).font('Helvetica').fillColor('#111827').fontSize(11);
      }
      for (const p of rng.sample(PDF_PARAGRAPHS, rng.int(3, 5))) {
        doc.text(`${p}`, { align: 'justify' });
        doc.moveDown(0.7);
      }
      if (page === pages - 1) {
        const top = doc.y + 10;
        const rows = [['Item', 'Description', 'Effective'], ...Array.from({ length: 4 }, (_, i) => [
          String(i + 1),
          rng.pick(['Scope of application', 'Procedures', 'Deadlines', 'Fees', 'Penalties', 'Reporting']),
          `${rng.int(1, 28)}/${rng.int(1, 12)}/${created.getUTCFullYear()}`,
        ])];
        rows.forEach((row, r) => {
          const y = top + r * 24;
          if (r === 0) doc.rect(56, y, 483, 24).fill('#f3f4f6');
          doc.fillColor('#111827').font(r === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
          doc.text(row[0], 64, y + 7, { width: 60 });
          doc.text(row[1], 130, y + 7, { width: 260 });
          doc.text(row[2], 400, y + 7, { width: 130 });
          doc.moveTo(56, y + 24).lineTo(539, y + 24).strokeColor('#d1d5db').stroke();
        });
      }
    }
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits inside the bottom margin; without this pdfkit would open a page for it.
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor('#9ca3af')
        .text(`Page ${i + 1} of ${range.count}`, 56, doc.page.height - 40, { width: 483, align: 'center', lineBreak: false });
    }
    doc.end();
  });
}

function store(root: string, dir: string, ext: string, bytes: Buffer): string {
  const key = `${dir}/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
  const file = path.join(root, key);
  // Content-addressed: a file that is already there with this name holds these bytes.
  if (!existsSync(file) || statSync(file).size !== bytes.length) writeFileSync(file, bytes);
  return key;
}

/** How many images and PDFs the pool holds per post type. */
export const IMAGES_PER_TYPE = 4;
export const PDFS_PER_TYPE = 3;

/** Renders the pool into DATA_DIR/media/files (thumbnails in media/thumbs). */
export async function buildMediaPool(dataDir: string, seed: number, created: Date): Promise<MediaPool> {
  const root = mediaRoot(dataDir);
  mkdirSync(path.join(root, 'files'), { recursive: true });
  mkdirSync(path.join(root, 'thumbs'), { recursive: true });
  const rng = new Random(seed ^ 0x5eed_f11e);
  const images = new Map<TypeKey, PoolFile[]>();
  const pdfs = new Map<TypeKey, PoolFile[]>();
  let fileCount = 0;

  const jobs: Array<() => Promise<void>> = [];
  for (const type of POST_TYPES) {
    const colour = COLOURS[type.key];
    const typeImages: PoolFile[] = [];
    const typePdfs: PoolFile[] = [];
    images.set(type.key, typeImages);
    pdfs.set(type.key, typePdfs);
    // Artwork is drawn from the generator now, in a fixed order; rendering may then run in parallel.
    const art = [
      { ...documentSvg(rng, type, colour), format: 'png' as const },
      { ...documentSvg(rng, type, colour), format: 'jpg' as const },
      { ...bannerSvg(rng, type, colour), format: 'jpg' as const },
      { ...infographicSvg(rng, type, colour), format: 'png' as const },
    ].slice(0, IMAGES_PER_TYPE);
    art.forEach((a, i) => {
      jobs.push(async () => {
        const base = sharp(Buffer.from(a.svg));
        const bytes = a.format === 'png' ? await base.png().toBuffer() : await base.jpeg({ quality: 84, mozjpeg: true }).toBuffer();
        const thumb = await sharp(bytes).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
        typeImages[i] = {
          storage_key: store(root, 'files', a.format, bytes),
          thumbnail_key: store(root, 'thumbs', 'webp', thumb),
          file_type: a.format === 'png' ? 'image/png' : 'image/jpeg',
          file_extension: a.format,
          size: bytes.length,
          width: a.width,
          height: a.height,
        };
        fileCount += 2;
      });
    });
    for (let i = 0; i < PDFS_PER_TYPE; i++) {
      const pdfRng = new Random(rng.int(0, 2 ** 31));
      jobs.push(async () => {
        const bytes = await renderPdf(pdfRng, type, colour, created);
        typePdfs[i] = {
          storage_key: store(root, 'files', 'pdf', bytes),
          thumbnail_key: null,
          file_type: 'application/pdf',
          file_extension: 'pdf',
          size: bytes.length,
          width: null,
          height: null,
        };
        fileCount += 1;
      });
    }
  }
  // libvips renders on its own threads; a few at a time keeps every core busy without a spike.
  const queue = jobs.slice();
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  }));
  return { images, pdfs, fileCount };
}
