/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import i18n, { applyDocumentLanguage, loadLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StudioStringsGate } from './StudioStringsGate';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('studio.title')}</h1>;
}

describe('StudioStringsGate', () => {
  it('fetches the workspace strings with the workspace, showing a spinner meanwhile', async () => {
    expect(i18n.exists('studio.title', { lng: 'ar' })).toBe(false);
    renderWithProviders(
      <StudioStringsGate>
        <Title />
      </StudioStringsGate>,
    );
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'مساحة النشر' })).toBeInTheDocument();
  });
});

describe('StudioStringsGate after a language switch', () => {
  afterEach(() => act(() => applyDocumentLanguage('ar')));

  it('fetches the English workspace strings rather than showing the Arabic ones', async () => {
    await loadLanguage('en');
    renderWithProviders(
      <StudioStringsGate>
        <Title />
      </StudioStringsGate>,
    );
    expect(await screen.findByRole('heading', { name: 'مساحة النشر' })).toBeInTheDocument();
    act(() => applyDocumentLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Publishing workspace' })).toBeInTheDocument();
  });
});
