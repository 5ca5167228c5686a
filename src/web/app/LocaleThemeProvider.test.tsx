/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { useTheme } from '@mui/material/styles';
import { act, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { languageChanged, themeChanged } from '../state/preferencesSlice';
import i18n from '../i18n';
import { installMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/renderWithProviders';
import { Logo } from '../components/Logo';

function Probe() {
  const theme = useTheme();
  const { t } = useTranslation();
  return (
    <div data-testid="probe" data-direction={theme.direction} data-mode={theme.palette.mode}>
      {t('nav.home')}
    </div>
  );
}

const probe = () => screen.getByTestId('probe');
const emotionKeys = () =>
  [...document.head.querySelectorAll('style[data-emotion]')].map((el) => el.getAttribute('data-emotion')?.split(/[\s-]/)[0]);

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ prefersDark: false });
});
afterEach(() => {
  media.uninstall();
  void i18n.changeLanguage('ar');
});

describe('direction follows the language', () => {
  it('starts Arabic, right-to-left, with the rtl Emotion cache', () => {
    renderWithProviders(<Probe />);
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(probe()).toHaveAttribute('data-direction', 'rtl');
    expect(probe()).toHaveTextContent('الرئيسية');
    expect(emotionKeys()).toContain('muirtl');
  });

  it('switches <html lang dir>, i18next, the theme direction and the cache together', async () => {
    const { store } = renderWithProviders(<Probe />);
    act(() => {
      store.dispatch(languageChanged('en'));
    });
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(probe()).toHaveAttribute('data-direction', 'ltr');
    // English strings arrive with their chunk, right after the switch.
    await waitFor(() => expect(i18n.language).toBe('en'));
    await waitFor(() => expect(probe()).toHaveTextContent('Home'));
    expect(emotionKeys()).toContain('mui');

    act(() => {
      store.dispatch(languageChanged('ar'));
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(probe()).toHaveAttribute('data-direction', 'rtl');
    expect(probe()).toHaveTextContent('الرئيسية');
  });

  it('starts in English when the preference says so', () => {
    renderWithProviders(<Probe />, { preloadedState: { preferences: { language: 'en' } } });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(probe()).toHaveAttribute('data-direction', 'ltr');
  });
});

describe('theme mode', () => {
  it('uses the light or dark palette the reader chose, whatever the device says', () => {
    media.set({ prefersDark: true });
    const { store } = renderWithProviders(<Probe />, { preloadedState: { preferences: { theme: 'light' } } });
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'light');
    act(() => {
      store.dispatch(themeChanged('dark'));
    });
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'dark');
  });

  it('follows the device live in system mode', () => {
    const { store } = renderWithProviders(<Probe />);
    expect(store.getState().preferences.theme).toBe('system');
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'light');
    act(() => media.set({ prefersDark: true }));
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'dark');
    act(() => media.set({ prefersDark: false }));
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'light');
  });

  it('starts dark on a dark device without a light first frame', () => {
    media.set({ prefersDark: true });
    renderWithProviders(<Probe />);
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'dark');
  });

  it('holds both logo variants, the colour scheme on <html> picking one by CSS', () => {
    renderWithProviders(<Logo />, { preloadedState: { preferences: { theme: 'dark' } } });
    const logo = screen.getByRole('img', { name: 'قرار' });
    expect(logo.querySelector('[data-variant="light"]')).not.toBeNull();
    expect(logo.querySelector('[data-variant="dark"]')).not.toBeNull();
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'dark');
  });
});
