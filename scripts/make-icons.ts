import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * `npm run icons`: the PNG icons of public/icons, drawn from public/favicon.svg. The PNGs are
 * committed; run this again only after changing the SVG.
 */
const PUBLIC = path.resolve(__dirname, '..', 'public');
const BRAND = '#0f766e';

async function main() {
  const svg = readFileSync(path.join(PUBLIC, 'favicon.svg'));
  const render = (size: number) => sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 });

  for (const size of [192, 512]) await render(size).toFile(path.join(PUBLIC, 'icons', `icon-${size}.png`));
  await render(180).toFile(path.join(PUBLIC, 'icons', 'apple-touch-icon.png'));

  // Maskable: launchers crop to a circle or squircle within the middle 80 %, so the mark sits
  // at 62 % on a full-bleed background of the same colour.
  const inner = await render(320).toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: inner, top: 96, left: 96 }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, 'icons', 'icon-maskable-512.png'));
  console.log('icons written to public/icons');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
