import { postTypeColor, postTypeColors, postTypeColorVar, postTypeColorVariables, POST_TYPE_TEXT_COLOR } from './postTypeColors';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('post type colours', () => {
  it.each(['light', 'dark'] as const)('keep white badge text at WCAG AA in %s mode', (mode) => {
    for (const [type, colour] of Object.entries(postTypeColors[mode])) {
      expect({ type, ok: contrast(colour, POST_TYPE_TEXT_COLOR) >= 4.5 }).toEqual({ type, ok: true });
    }
  });

  // The backgrounds a badge, a type card's stripe or a filter's dot sit on (createAppTheme's palettes).
  const backgrounds = { light: ['#ffffff', '#f5f7f6'], dark: ['#111827', '#0b1220'] } as const;
  it.each(['light', 'dark'] as const)('stand out from the %s backgrounds by at least 3:1 (non-text contrast)', (mode) => {
    for (const [type, colour] of Object.entries(postTypeColors[mode])) {
      for (const background of backgrounds[mode]) {
        expect({ type, background, ok: contrast(colour, background) >= 3 }).toEqual({ type, background, ok: true });
      }
    }
  });

  it('maps names case-insensitively and falls back to slate', () => {
    expect(postTypeColor('Decision', 'light')).toBe(postTypeColors.light.decision);
    expect(postTypeColor('unknown', 'dark')).toBe(postTypeColors.dark.default);
    expect(postTypeColor(undefined, 'light')).toBe(postTypeColors.light.default);
  });
});

describe('post type colours as CSS variables (one markup for both schemes)', () => {
  it('names a variable per type, slate for an unknown one', () => {
    expect(postTypeColorVar('Announcement')).toBe('var(--q-type-announcement)');
    expect(postTypeColorVar('nonsense')).toBe('var(--q-type-default)');
  });

  it('declares the light colours by default and the dark ones under the dark scheme', () => {
    const declared = postTypeColorVariables();
    expect(declared[':root']['--q-type-announcement']).toBe(postTypeColors.light.announcement);
    expect(declared[':root[data-color-scheme="dark"]']['--q-type-law']).toBe(postTypeColors.dark.law);
  });
});
