/**
 * @jest-environment node
 */
// The web app manifests of public/ (issue 31): one per language, each complete enough to install
// the portal, in the words and colours the app itself uses, with icons that are on disk at the
// sizes they claim and shortcuts to screens the app has. Which page links which is tested with
// the server (src/server/ssr.test.ts) and the app's switch (src/web/i18n/i18n.test.ts); that
// Chromium installs it, in e2e/install.e2e.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SCREEN_PATTERNS, screenRegExpSource } from '../shared/routes';
import arCore from './i18n/locales/ar/core';
import enCore from './i18n/locales/en/core';
import { createAppTheme } from './theme/createAppTheme';
import { THEME_COLORS } from './theme/themeColor';

const PUBLIC = path.resolve(__dirname, '..', '..', 'public');

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}
interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  user_preferences: { color_scheme_dark: { theme_color: string; background_color: string } };
  icons: Icon[];
  shortcuts: Array<{ name: string; short_name: string; description: string; url: string; icons: Icon[] }>;
}

const MANIFESTS = [
  { file: 'manifest.webmanifest', lang: 'ar', dir: 'rtl', strings: arCore },
  { file: 'manifest.en.webmanifest', lang: 'en', dir: 'ltr', strings: enCore },
] as const;

const read = (file: string) => JSON.parse(readFileSync(path.join(PUBLIC, file), 'utf8')) as Manifest;
const palette = (createAppTheme('rtl') as unknown as { colorSchemes: Record<'light' | 'dark', { palette: { background: { default: string } } }> }).colorSchemes;

describe.each(MANIFESTS)('$file', ({ file, lang, dir, strings }) => {
  const manifest = read(file);

  it('installs the portal, whole, in its language and direction', () => {
    expect(manifest).toMatchObject({ id: '/', lang, dir, start_url: '/', scope: '/', display: 'standalone' });
    // The app's own name for itself, long and short.
    expect(manifest.name).toBe(strings.app.fullName);
    expect(manifest.short_name).toBe(strings.app.name);
    expect(manifest.description.length).toBeGreaterThan(40);
    // Written in the language it names: Arabic letters in the Arabic, none in the English.
    expect(/[\u0600-\u06ff]/.test(manifest.description)).toBe(lang === 'ar');
  });

  it('has the colours of the light and the dark theme', () => {
    expect(manifest.theme_color).toBe(THEME_COLORS.light);
    expect(manifest.background_color).toBe(palette.light.palette.background.default);
    expect(manifest.user_preferences.color_scheme_dark).toEqual({ theme_color: THEME_COLORS.dark, background_color: palette.dark.palette.background.default });
  });

  it('has icons of 192 and 512 pixels, and a maskable one, on disk at the sizes it says', async () => {
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    expect(png.filter((i) => i.purpose === 'any').map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(png.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toContain('512x512');
    for (const icon of [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)]) {
      const { format, width, height } = await sharp(readFileSync(path.join(PUBLIC, icon.src))).metadata();
      expect({ src: icon.src, format }).toEqual({ src: icon.src, format: icon.type === 'image/png' ? 'png' : 'svg' });
      if (icon.sizes !== 'any') expect({ src: icon.src, size: `${width}x${height}` }).toEqual({ src: icon.src, size: icon.sizes });
    }
  });

  it('has shortcuts to Explore and the bookmarks, named as the app names them, to screens the app has', () => {
    expect(manifest.shortcuts.map((s) => [s.url, s.name, s.short_name])).toEqual([
      ['/explore', strings.nav.explore, strings.nav.explore],
      ['/bookmarks', strings.nav.bookmarks, strings.nav.bookmarks],
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.description).toBeTruthy();
      expect(SCREEN_PATTERNS.some((p) => new RegExp(screenRegExpSource(p)).test(shortcut.url))).toBe(true);
      expect(shortcut.icons).toEqual([expect.objectContaining({ sizes: '96x96', type: 'image/png', purpose: 'any' })]);
    }
  });
});

describe('the two manifests', () => {
  it('are one app: the same id, addresses, colours and icons, only the words differ', () => {
    const [ar, en] = MANIFESTS.map(({ file }) => read(file));
    const shape = ({ id, start_url, scope, display, background_color, theme_color, user_preferences, icons, shortcuts }: Manifest) => ({
      id, start_url, scope, display, background_color, theme_color, user_preferences, icons,
      shortcuts: shortcuts.map(({ url, icons: shortcutIcons }) => ({ url, icons: shortcutIcons })),
    });
    expect(shape(en)).toEqual(shape(ar));
  });

  it('are linked by index.html, the Arabic one for its Arabic page', () => {
    const index = readFileSync(path.join(PUBLIC, 'index.html'), 'utf8');
    expect(index).toContain('<html lang="ar" dir="rtl">');
    expect(index).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest" \/>/);
  });
});
