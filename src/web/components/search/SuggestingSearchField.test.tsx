/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Suggestions } from '../../api/generated/posts.gen';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SuggestingSearchField } from './SuggestingSearchField';
import { suggestionQuery } from './useSuggestionBox';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const submitted: string[] = [];
function Field({ only }: { only?: 'hashtag' }) {
  const [text, setText] = useState('');
  return (
    <>
      <SuggestingSearchField
        label="البحث في المنشورات"
        placeholder="ابحث"
        value={text}
        onChange={setText}
        onSubmit={(q) => submitted.push(q)}
        only={only}
      />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
}

const answer = (q: string): Suggestions => ({
  q,
  hashtags: [{ id: 1, name: 'الصحة_العامة', slug: 'public-health', post_count: 12 }],
  organizations: [
    {
      id: 2,
      code: 'MOH',
      name: 'Ministry of Health',
      name_ar: 'وزارة الصحة',
      is_verified: true,
    },
  ],
  types: [],
  posts: [
    {
      slug: 'health-1',
      title: 'Health decision',
      title_ar: `قرار ${q}`,
      type: 'decision',
      organization_name: 'Ministry of Health',
      organization_name_ar: 'وزارة الصحة',
    },
  ],
});

/** Answers /content/suggest/ (after `delay` ms when given) and records each q asked. */
function suggestApi(delay: (q: string) => number = () => 0) {
  const asked: string[] = [];
  const api = mockFetch(async (req, path) => {
    if (path !== '/content/suggest/') return json(404, { detail: 'Not found.' });
    const q = new URL(req.url).searchParams.get('q') ?? '';
    asked.push(new URL(req.url).search);
    const wait = delay(q);
    if (wait) await new Promise((r) => setTimeout(r, wait));
    return json(200, answer(q));
  });
  return { asked, api };
}

beforeEach(() => {
  submitted.length = 0;
});

describe('suggestions as the reader types', () => {
  it('asks nothing below two characters, a leading # not counted', () => {
    expect(suggestionQuery('')).toBeNull();
    expect(suggestionQuery(' ص ')).toBeNull();
    expect(suggestionQuery('#ص')).toBeNull();
    expect(suggestionQuery('#صح')).toBe('#صح');
    expect(suggestionQuery('  وزارة ')).toBe('وزارة ');
  });

  it('is a combobox whose listbox groups the suggestions, asked once after a pause in typing', async () => {
    const { asked } = suggestApi();
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(box, 'الصحة');
    const list = await screen.findByRole('listbox', { name: 'اقتراحات' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // One request for the text the reader stopped at, none per key.
    expect(asked).toEqual([`?q=${encodeURIComponent('الصحة')}`]);
    const groups = within(list).getAllByRole('group');
    expect(
      groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['الوسوم', 'الجهات', 'المنشورات']);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['#الصحة_العامة12 منشورًا', 'وزارة الصحة', 'قرار الصحةوزارة الصحة']);
  });

  it('moves with the arrows (aria-activedescendant), chooses with Enter, and closes with Escape', async () => {
    suggestApi();
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    await user.type(box, 'الصحة');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    // Up past the first goes back to the field, and on to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('الصحة');

    // The arrow opens it again; Enter on an option opens its page, and does not search.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/organizations/MOH');
    expect(submitted).toEqual([]);
  });

  it('searches with Enter when no suggestion is chosen, and a press on one opens it', async () => {
    suggestApi();
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    await user.type(box, 'الصحة');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(submitted).toEqual(['الصحة']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(box, ' ا');
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: /^#الصحة_العامة/,
      }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/hashtags/public-health');
  });

  it('never shows the answer to an earlier text', async () => {
    // The answer for «الصح» arrives after the reader typed on to «الصحة».
    suggestApi((q) => (q === 'الصح' ? 400 : 0));
    const { user } = renderWithProviders(<Field />);
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    await user.type(box, 'الصح');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    await user.type(box, 'ة');
    const list = await screen.findByRole('listbox');
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('قرار الصحةوزارة الصحة');
    expect(within(list).queryByText('قرار الصح')).not.toBeInTheDocument();
  });

  it('asks only for the kind a directory wants', async () => {
    const { asked } = suggestApi();
    const { user } = renderWithProviders(<Field only="hashtag" />);
    await user.type(screen.getByRole('combobox'), '#رؤ');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(new URLSearchParams(asked[0]).get('only')).toBe('hashtag');
    expect(new URLSearchParams(asked[0]).get('q')).toBe('#رؤ');
  });
});
