'use strict';
/**
 * An image worker thread (run by piscina for image-work.ts): avatars and attachment renditions.
 *
 * Plain CommonJS, like pages/draw-worker.js: a worker thread is a fresh isolate that neither
 * jest's transform nor tsx's loader reaches, so the file runs exactly as written everywhere.
 *
 * Every image's header is read first (no pixel is decoded for that), and an image of more
 * pixels than allowed is refused before any decoding: a small PNG can describe a canvas of
 * 64 megapixels that would take 200 MB and most of a second of a core to decode.
 */
const sharp = require('sharp');

// libvips' operation cache keeps recent results (up to 50 MB by default) for a pipeline run
// again: avatars and renditions never are (a rendition is kept on disk), so it is only memory.
sharp.cache(false);
// One libvips thread per image: how many images are worked on at once is piscina's to bound.
sharp.concurrency(1);

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/** Width and height from the header, or null when it is not an image sharp can read. */
async function header(input) {
  try {
    const meta = await sharp(input).metadata();
    return meta.width && meta.height ? meta : null;
  } catch {
    return null;
  }
}

const tooManyPixels = (meta, maxPixels) => meta.width * meta.height > maxPixels;

/** An uploaded avatar: upright, at most `side` px a side, WebP, metadata stripped. */
async function avatar({ bytes, side, maxPixels }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = await header(input);
  if (!meta || !meta.format || !ACCEPTED.has(meta.format)) return { error: 'notAnImage' };
  if (tooManyPixels(meta, maxPixels)) return { error: 'tooManyPixels' };
  try {
    const webp = await sharp(input, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { webp };
  } catch {
    // Truncated or corrupt past its header.
    return { error: 'notAnImage' };
  }
}

/** A stored image at `width` px (never wider than itself), as WebP into `output`. */
async function rendition({ input, output, width, maxPixels }) {
  const meta = await header(input);
  if (!meta) return { error: 'notAnImage' };
  if (tooManyPixels(meta, maxPixels)) return { error: 'tooManyPixels' };
  await sharp(input, { limitInputPixels: maxPixels })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 76 })
    .toFile(output);
  return {};
}

/**
 * An uploaded attachment image: its format and size (upright), and a WebP thumbnail `side` px
 * wide at most; or why not.
 */
async function attachment({ bytes, side, maxPixels }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = await header(input);
  if (!meta || !meta.format || !ACCEPTED.has(meta.format)) return { error: 'notAnImage' };
  if (tooManyPixels(meta, maxPixels)) return { error: 'tooManyPixels' };
  try {
    const thumb = await sharp(input, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: side, withoutEnlargement: true })
      .webp({ quality: 76 })
      .toBuffer();
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    return { format: meta.format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, thumb };
  } catch {
    return { error: 'notAnImage' };
  }
}

module.exports = async function imageTask(task) {
  if (task.kind === 'avatar') return avatar(task);
  if (task.kind === 'attachment') return attachment(task);
  if (task.kind === 'rendition') return rendition(task);
  throw new Error(`unknown image task ${task.kind}`);
};
