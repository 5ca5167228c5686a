import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { THEME_COLORS } from '../src/web/theme/themeColor';

/**
 * `npm run icons`: the PNG icons of public/icons, drawn from public/favicon.svg, and the icons of
 * the web app manifests' shortcuts (public/manifest*.webmanifest). The PNGs are committed; run
 * this again only after changing the SVG or a shortcut's glyph.
 */
const PUBLIC = path.resolve(__dirname, '..', 'public');
/** The favicon's own ground, the light theme's bar: one green on every icon. */
const BRAND = THEME_COLORS.light;

/**
 * Each shortcut's glyph: the icon its screen has in the app's navigation (Material Icons'
 * Explore and Bookmarks, src/web/features/layout/), a 24-unit path.
 */
const SHORTCUTS: Array<{ name: string; glyph: string }> = [
  {
    name: 'explore',
    glyph: 'M12 10.9c-.61 0-1.1.49-1.1 1.1s.49 1.1 1.1 1.1 1.1-.49 1.1-1.1-.49-1.1-1.1-1.1M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m2.19 12.19L6 18l3.81-8.19L18 6z',
  },
  {
    name: 'bookmarks',
    glyph: 'm19 18 2 1V3c0-1.1-.9-2-2-2H8.99C7.89 1 7 1.9 7 3h10c1.1 0 2 .9 2 2zM15 5H5c-1.1 0-2 .9-2 2v16l7-3 7 3V7c0-1.1-.9-2-2-2',
  },
];
const SHORTCUT_SIZE = 96;

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

  // Shortcuts: the glyph in white at 60 % on a full-bleed green square, so that a launcher's
  // circular crop (Android's shortcut menu) leaves it whole.
  for (const { name, glyph } of SHORTCUTS) {
    const shortcut = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="${BRAND}"/><path transform="translate(4.8 4.8) scale(0.6)" d="${glyph}" fill="#ffffff"/></svg>`;
    await sharp(Buffer.from(shortcut), { density: (72 * SHORTCUT_SIZE) / 24 })
      .resize(SHORTCUT_SIZE, SHORTCUT_SIZE)
      .png({ compressionLevel: 9 })
      .toFile(path.join(PUBLIC, 'icons', `shortcut-${name}-${SHORTCUT_SIZE}.png`));
  }
  console.log('icons written to public/icons');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
