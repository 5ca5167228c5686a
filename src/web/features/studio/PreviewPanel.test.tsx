/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen } from '@testing-library/react';
import { json, mockFetch } from '../../test/fetchMock';
import { installMatchMedia } from '../../test/matchMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import { toValues } from './editorForm';
import { PreviewPanel } from './PreviewPanel';
import { studioPost } from './studioTesting';

const values = { ...toValues(studioPost(1)), title: 'Market rules', title_ar: 'قرار تنظيم الأسواق' };

// The post types' list (names in the preview's line of details) is not needed here.
beforeEach(() => mockFetch(() => json(200, [])));

describe('PreviewPanel', () => {
  it('shows both languages side by side on a wide screen, each in its own direction', async () => {
    const media = installMatchMedia({ width: 1280 });
    renderWithProviders(<PreviewPanel values={values} organizations={[]} />);
    // The providers' lazy parts (toasts) settle first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('region', { name: 'المعاينة بالعربية' }).querySelector('article')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('region', { name: 'المعاينة بالإنجليزية' }).querySelector('article')).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    media.uninstall();
  });

  it('shows one language at a time, by tabs, on a phone', async () => {
    const media = installMatchMedia({ width: 375 });
    const { user } = renderWithProviders(<PreviewPanel values={values} organizations={[]} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('heading', { level: 3, name: 'قرار تنظيم الأسواق' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Market rules' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'المعاينة بالإنجليزية' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Market rules' }).closest('article')).toHaveAttribute('lang', 'en');
    media.uninstall();
  });
});
