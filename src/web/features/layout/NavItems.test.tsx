/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { NavItems } from './NavItems';
import { loadReaderParts } from './readerParts';

describe('NavItems', () => {
  it("shows a signed-in reader's own links in its first render once their chunk is here (no late pop-in)", async () => {
    // As start.tsx asks for it when a session is stored.
    await loadReaderParts();
    renderWithProviders(<NavItems variant="menu" />, {
      preloadedState: { session: { access: 'a', refresh: 'r', user: user({ username: 'reader' }) } },
    });
    // Synchronously, in the render that opened the menu. Before: a lazy part that suspended
    // anyway, shown by React only after its throttle (up to 500 ms) under the other links.
    expect(screen.getByRole('link', { name: 'متابعاتي' })).toHaveAttribute('href', '/following');
    expect(screen.getByRole('link', { name: 'المحفوظات' })).toHaveAttribute('href', '/bookmarks');
    expect(screen.getByRole('link', { name: 'الإعدادات' })).toHaveAttribute('href', '/settings');
  });

  it('asks a visitor for no reader links', () => {
    renderWithProviders(<NavItems variant="menu" />);
    expect(screen.queryByRole('link', { name: 'المحفوظات' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اكتشف' })).toHaveAttribute('href', '/explore');
  });
});
