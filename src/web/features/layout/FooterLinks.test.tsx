import '../../test/textEncoding';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FooterLinks } from './FooterLinks';

describe('FooterLinks', () => {
  it('links privacy, terms and about and shows the copyright year', () => {
    renderWithProviders(<FooterLinks />);
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'شروط الاستخدام' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'حول المنصة' })).toHaveAttribute('href', '/about');
    expect(screen.getByText(new RegExp(String(new Date().getFullYear())))).toBeInTheDocument();
  });

  it('turns the debug preference (Redux DevTools in production) on and off', async () => {
    const { store, user } = renderWithProviders(<FooterLinks />);
    const toggle = screen.getByRole('button', { name: /أدوات المطوّر/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(store.getState().preferences.debug).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(store.getState().preferences.debug).toBe(false);
  });
});
