import '../../test/textEncoding';
import { screen, waitFor } from '@testing-library/react';
import i18n, { applyDocumentLanguage } from '../../i18n';
import enCore from '../../i18n/locales/en/core';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { ThemePreference } from '../../state/preferencesSlice';
import { ThemeToggle } from './ThemeToggle';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
afterEach(() => applyDocumentLanguage('ar'));

/** What a reader sees: the isolating characters (U+2066 … U+2069), if any, take no room. */
const seen = (el: HTMLElement) => el.textContent?.replace(/[\u2066-\u2069]/g, '');

const toggle = (language: 'ar' | 'en', theme: ThemePreference) => {
  renderWithProviders(<ThemeToggle />, { preloadedState: { preferences: { language, theme } } });
  return screen.getByRole('button');
};

// Issue 18: English read "Display mode :Dark" (the label, ': ' and the value were three
// pieces), and the highlight under the pointer covered only part of the row.
describe('ThemeToggle', () => {
  it('reads "Display mode: Dark" in English, named as it reads, the value in its own direction', async () => {
    const button = toggle('en', 'dark');
    // The language is applied by the providers once the store says English.
    await waitFor(() => expect(seen(button)).toBe('Display mode: Dark'));
    expect(button).toHaveAccessibleName('Display mode: Dark');
    expect(button.querySelector('bdi')).toHaveTextContent(/^Dark$/);
  });

  it('reads "وضع العرض: داكن" in Arabic', () => {
    const button = toggle('ar', 'dark');
    expect(seen(button)).toBe('وضع العرض: داكن');
    expect(button).toHaveAccessibleName('وضع العرض: داكن');
    expect(button.querySelector('bdi')).toHaveTextContent(/^داكن$/);
  });

  it('spans the whole row', () => {
    expect(toggle('en', 'system')).toHaveClass('MuiButton-fullWidth');
  });
});
