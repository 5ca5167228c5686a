import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { avatarWebp, closeImageWork, imageWorkStats, MAX_CONCURRENT_IMAGES, MAX_INPUT_PIXELS, writeRendition } from './image-work';

/** The image thread: bounded, within the pixel limit, gone when idle. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'qarar-images-'));
afterAll(() => closeImageWork());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f5e4f' } }).png({ compressionLevel: 9 }).toBuffer();

describe('image work', () => {
  it('makes avatars on one thread, a bounded number at a time, the rest waiting', async () => {
    expect(MAX_CONCURRENT_IMAGES).toBeLessThanOrEqual(2);
    const bytes = await png(2000, 1500);
    let mostThreads = 0;
    let mostWaiting = 0;
    const watch = setInterval(() => {
      const s = imageWorkStats();
      mostThreads = Math.max(mostThreads, s.threads);
      mostWaiting = Math.max(mostWaiting, s.waiting);
    }, 2);
    const results = await Promise.all(Array.from({ length: 8 }, () => avatarWebp(bytes, 512)));
    clearInterval(watch);
    for (const r of results) {
      expect('webp' in r).toBe(true);
      if ('webp' in r) expect(await sharp(r.webp).metadata()).toMatchObject({ format: 'webp', width: 512, height: 384 });
    }
    expect(mostThreads).toBe(1);
    // Eight asked at once: all but the ones being worked on waited their turn.
    expect(mostWaiting).toBeGreaterThanOrEqual(8 - MAX_CONCURRENT_IMAGES);
  }, 30_000);

  it('refuses more than 25 megapixels from the header, and what is not an image', async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    expect(await avatarWebp(await png(5001, 5000), 512)).toEqual({ error: 'tooManyPixels' });
    expect(await avatarWebp(Buffer.from('GIF89a not really'), 512)).toEqual({ error: 'notAnImage' });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await avatarWebp(gif, 512)).toEqual({ error: 'notAnImage' });
  }, 30_000);

  it('makes no rendition of a stored image over the pixel limit', async () => {
    const big = path.join(dir, 'big.png');
    writeFileSync(big, await png(7999, 7999));
    const out = path.join(dir, 'big-320.webp');
    const started = performance.now();
    await expect(writeRendition(big, out, 320)).rejects.toThrow(/tooManyPixels/);
    expect(performance.now() - started).toBeLessThan(500);
    expect(existsSync(out)).toBe(false);

    const small = path.join(dir, 'small.png');
    writeFileSync(small, await png(1000, 500));
    await writeRendition(small, path.join(dir, 'small-320.webp'), 320);
    expect(await sharp(path.join(dir, 'small-320.webp')).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });
  }, 60_000);

  it('ends its thread when closed and starts one again for the next image', async () => {
    await closeImageWork();
    expect(imageWorkStats().threads).toBe(0);
    expect('webp' in (await avatarWebp(await png(100, 100), 512))).toBe(true);
    expect(imageWorkStats().threads).toBe(1);
  }, 30_000);
});
