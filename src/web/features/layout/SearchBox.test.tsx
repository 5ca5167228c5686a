import '../../test/textEncoding';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../test/renderWithProviders';
import { exploreSearchPath, SearchBox } from './SearchBox';

// Plain jsdom on purpose: React builds a FormData from the form when a submit starts a
// transition (the router's navigation), and the fetch-enabled environment's Node FormData
// cannot read a jsdom form.
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const ui = (
  <>
    <SearchBox />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

describe('SearchBox', () => {
  it('builds the explore address, newest first', () => {
    expect(exploreSearchPath('قرار وزاري')).toBe(
      `/explore?search=${encodeURIComponent('قرار').replace(/%20/g, '+')}+${encodeURIComponent('وزاري')}&sortBy=newest`,
    );
  });

  it('searches on /explore and ignores blank text', async () => {
    const { user } = renderWithProviders(ui);
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);

    await user.clear(box);
    await user.type(box, '  قرار وزاري {Enter}');
    const where = new URL(screen.getByTestId('where').textContent ?? '', 'http://x');
    expect(where.pathname).toBe('/explore');
    expect(Object.fromEntries(where.searchParams)).toEqual({ search: 'قرار وزاري', sortBy: 'newest' });
  });
});
