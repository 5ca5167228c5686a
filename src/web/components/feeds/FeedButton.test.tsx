/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Feeds } from './Feeds';

const feedLinks = () =>
  [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('type'), l.getAttribute('title'), l.getAttribute('href')]);

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="alternate"]')) link.remove();
});

describe('Feeds', () => {
  it('offers the list’s Atom and RSS feeds in the reader’s language, and names them in the page’s head', async () => {
    // A link a drawn page named for the list it was drawn with: replaced, not added to.
    const drawn = document.createElement('link');
    Object.assign(drawn, { rel: 'alternate', type: 'application/atom+xml', href: '/api/v1/feeds/posts.atom?lang=ar' });
    document.head.appendChild(drawn);

    const { user, unmount } = renderWithProviders(<Feeds arg={{ status: 'published', ordering: '-published_at', pageSize: 10, category: 'health' }} title="الصحة" />);
    await user.click(await screen.findByRole('button', { name: 'الخلاصات' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'خلاصة Atom' })).toHaveAttribute('href', '/api/v1/feeds/posts.atom?category=health&lang=ar');
    expect(within(menu).getByRole('menuitem', { name: 'خلاصة RSS' })).toHaveAttribute('href', '/api/v1/feeds/posts.rss?category=health&lang=ar');
    expect(feedLinks()).toEqual([
      ['application/atom+xml', 'الصحة (Atom)', '/api/v1/feeds/posts.atom?category=health&lang=ar'],
      ['application/rss+xml', 'الصحة (RSS)', '/api/v1/feeds/posts.rss?category=health&lang=ar'],
    ]);
    unmount();
    expect(feedLinks()).toEqual([]);
  });

  it('gives English entries to an English reader and copies the Atom address', async () => {
    const { user } = renderWithProviders(<Feeds arg={{ code: 'MOH', pageSize: 20 }} title="Ministry of Health" />, {
      preloadedState: { preferences: { language: 'en' } },
    });
    // user-event's setup (in renderWithProviders) puts its own clipboard on navigator: stubbed after it.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Feeds' }));
    expect(await screen.findByRole('menuitem', { name: 'Atom feed' })).toHaveAttribute('href', '/api/v1/feeds/posts.atom?organization_code=MOH&lang=en');
    await user.click(screen.getByRole('menuitem', { name: 'Copy the feed address' }));
    expect(await screen.findByText('Feed address copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/api/v1/feeds/posts.atom?organization_code=MOH&lang=en');
  });
});
