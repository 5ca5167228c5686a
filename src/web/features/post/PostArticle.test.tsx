/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { Post, PostRelation } from '../../api/posts';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PostArticle } from './PostArticle';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const AMENDED_SLUG = 'قرار-وزارة-الاستثمار-12-1445';

const relation = (over: Partial<PostRelation> & Pick<PostRelation, 'kind' | 'direction'>, id: number, slug: string): PostRelation => ({
  ...over,
  post: {
    id,
    slug,
    title: `Decision ${id}`,
    title_ar: `القرار ${id}`,
    document_number: `${id}/1445`,
    published_at: '2024-01-10T09:00:00Z',
    status: 'published',
    organization_name: 'Ministry of Investment',
    organization_name_ar: 'وزارة الاستثمار',
  },
});

/** A decision that amends one and is repealed by another. */
const decision = post(70, {
  document_number: '794/1446',
  issued_on: '2024-05-01',
  issued_on_hijri: '1445-10-22',
  in_force: 'repealed',
  relations: [
    relation({ kind: 'amends', direction: 'out' }, 12, AMENDED_SLUG),
    relation({ kind: 'repeals', direction: 'in' }, 90, 'repeal-90'),
  ],
});

function draw(shown: Post, language: 'ar' | 'en' = 'ar') {
  return renderWithProviders(<PostArticle post={shown} />, { preloadedState: { preferences: { language } } });
}

// findBy: an English reader's strings are switched to just after the first render.
const region = async (name: string) => within(await screen.findByRole('region', { name }));

beforeEach(() => {
  // Nothing here asks the server (version 1 has no history): any request fails the test.
  mockFetch(() => json(500, { detail: 'unexpected request' }));
});

afterEach(() => {
  applyDocumentLanguage('ar');
});

describe('PostArticle: the record of an official document (issue 14)', () => {
  it('gives the document number and the issue date in both calendars, in Arabic', async () => {
    draw(decision);
    const info = await region('معلومات إضافية');
    expect(info.getByText('رقم الوثيقة').nextElementSibling).toHaveTextContent('794/1446');
    expect(info.getByText('تاريخ الإصدار').nextElementSibling).toHaveTextContent('1 مايو 2024 (22 شوال 1445 هـ)');
    expect(info.getByText('1 مايو 2024 (22 شوال 1445 هـ)').closest('time')).toHaveAttribute('datetime', '2024-05-01');
  });

  it('gives them in English to an English reader, the Hijri date as the post states it', async () => {
    draw(decision, 'en');
    const info = await region('Additional information');
    expect(info.getByText('Document number').nextElementSibling).toHaveTextContent('794/1446');
    expect(info.getByText('Issue date').nextElementSibling).toHaveTextContent('May 1, 2024 (Shawwal 22, 1445 AH)');
  });

  it('leaves out the document number and the issue date when the post has none', () => {
    draw(post(71));
    expect(screen.queryByText('رقم الوثيقة')).not.toBeInTheDocument();
    expect(screen.queryByText('تاريخ الإصدار')).not.toBeInTheDocument();
  });

  it.each([
    ['in_force', 'ar', 'ساري', 'حالة السريان: ساري'],
    ['amended', 'ar', 'معدَّل', 'حالة السريان: معدَّل'],
    ['repealed', 'ar', 'ملغى', 'حالة السريان: ملغى'],
    ['amended', 'en', 'Amended', 'Status: Amended'],
    ['repealed', 'en', 'Repealed', 'Status: Repealed'],
  ] as const)('badges a post %s in %s with the word, not colour alone', async (state, language, text, label) => {
    draw(post(72, { in_force: state }), language);
    const badge = screen.getByTestId('in-force-badge');
    await waitFor(() => expect(badge).toHaveTextContent(text));
    // The word is heard with what it is the state of.
    expect(badge.textContent).toBe(label);
  });

  it('lists relations both ways, each a link to the other post with its document number', async () => {
    draw(decision);
    const list = await region('الوثائق ذات الصلة');
    const items = list.getAllByRole('listitem');
    // What is done to this post first: it explains the badge.
    expect(items.map((li) => li.textContent)).toEqual([
      'أُلغي بموجب القرار 90 · رقم 90/1445 · وزارة الاستثمار',
      'يعدّل القرار 12 · رقم 12/1445 · وزارة الاستثمار',
    ]);
    expect(list.getByRole('link', { name: 'القرار 12' })).toHaveAttribute('href', `/post/${encodeURIComponent(AMENDED_SLUG)}`);
    expect(list.getByRole('link', { name: 'القرار 90' })).toHaveAttribute('href', '/post/repeal-90');
  });

  it.each([
    ['out', ['Amends', 'Repeals', 'Replaces', 'Implements']],
    ['in', ['Amended by', 'Repealed by', 'Replaced by', 'Implemented by']],
  ] as const)('names every kind of relation %s in English', async (direction, words) => {
    const kinds = ['amends', 'repeals', 'replaces', 'implements'] as const;
    draw(post(73, { relations: kinds.map((kind, i) => relation({ kind, direction }, 100 + i, `p-${i}`)) }), 'en');
    const items = (await region('Related documents')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(words.map((word, i) => `${word} Decision ${100 + i} · No. ${100 + i}/1445 · Ministry of Investment`));
  });

  it('has no relations section when the post has none', () => {
    draw(post(74));
    expect(screen.queryByRole('region', { name: 'الوثائق ذات الصلة' })).not.toBeInTheDocument();
  });

  it("says when and why a major correction was made, in the reader's language", async () => {
    const update = { version: 2, updated_at: '2026-03-01T09:00:00Z', note: 'Article 3 corrected.', note_ar: 'صُحّحت المادة الثالثة.' };
    const { unmount } = draw(post(75, { version: 2, last_update: update }));
    expect(screen.getByTestId('update-note')).toHaveTextContent('حُدِّث في 1 مارس 2026: صُحّحت المادة الثالثة.');
    unmount();
    draw(post(75, { version: 2, last_update: update }), 'en');
    await waitFor(() => expect(screen.getByTestId('update-note')).toHaveTextContent('Updated on March 1, 2026: Article 3 corrected.'));
  });

  it("falls back to the other language's note, and to the date alone without a note", async () => {
    const englishOnly = { version: 2, updated_at: '2026-03-01T09:00:00Z', note: 'Article 3 corrected.', note_ar: '  ' };
    const { unmount } = draw(post(76, { version: 2, last_update: englishOnly }));
    expect(screen.getByTestId('update-note')).toHaveTextContent('حُدِّث في 1 مارس 2026: Article 3 corrected.');
    unmount();
    draw(post(76, { version: 2, last_update: { ...englishOnly, note: '' } }), 'en');
    await waitFor(() => expect(screen.getByTestId('update-note').textContent).toBe('Updated on March 1, 2026'));
  });

  it('shows no update note for a post never corrected in a major way', () => {
    draw(post(77));
    expect(screen.queryByTestId('update-note')).not.toBeInTheDocument();
  });

  it('says a withdrawn post was withdrawn, when and why, and gives it no in-force badge', async () => {
    const withdrawal = { reason: 'Superseded by the new regulation.', reason_ar: 'حلّت محله اللائحة الجديدة.', withdrawn_at: '2026-02-10T09:00:00Z' };
    const { unmount } = draw(post(78, { status: 'archived', withdrawal }));
    const notice = within(screen.getByTestId('withdrawal-notice'));
    expect(notice.getByText('سُحب هذا المنشور')).toBeInTheDocument();
    expect(notice.getByText('سُحب في 10 فبراير 2026')).toBeInTheDocument();
    expect(notice.getByText('حلّت محله اللائحة الجديدة.')).toBeInTheDocument();
    expect(screen.queryByTestId('in-force-badge')).not.toBeInTheDocument();
    unmount();

    draw(post(78, { status: 'archived', withdrawal: { ...withdrawal, reason: '' } }), 'en');
    const english = within(screen.getByTestId('withdrawal-notice'));
    expect(await english.findByText('This post has been withdrawn')).toBeInTheDocument();
    expect(english.getByText('Withdrawn on February 10, 2026')).toBeInTheDocument();
    // No English reason: the Arabic one rather than none.
    expect(english.getByText('حلّت محله اللائحة الجديدة.')).toBeInTheDocument();
  });

  it('shows no withdrawal notice on a post that stands', () => {
    draw(post(79));
    expect(screen.queryByTestId('withdrawal-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('in-force-badge')).toHaveTextContent('ساري');
  });
});

describe('PostArticle: signature, citation and print (issue 30)', () => {
  const signed = post(71, {
    slug: 'moh-decision-2024-794',
    document_number: '794/1446',
    issued_on: '2024-05-01',
    issued_on_hijri: '1445-10-22',
    organization: { id: 1, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', is_verified: true },
    signature: { version: 1, alg: 'EdDSA', kid: 'kid-abc', digest: 'a'.repeat(64), signature: 'sig', signed_at: '2024-05-01T10:00:00Z', files: [] },
  });

  it('shows the signature of the current version with where to check it, and both citations with copy buttons', async () => {
    draw(signed, 'en');
    const signature = await region('Digital signature');
    expect(signature.getByText('kid-abc')).toBeTruthy();
    expect(signature.getByText('a'.repeat(64))).toBeTruthy();
    expect(signature.getByRole('link', { name: 'Verify a copy of this document' }).getAttribute('href')).toBe(
      `/verify?url=${encodeURIComponent('/post/moh-decision-2024-794/versions/1')}`,
    );
    const citation = await region('Cite this document');
    expect(citation.getByTestId('citation-ar').textContent).toContain('وزارة الصحة، قرار رقم 794/1446 لعام 1445 هـ (2024 م)');
    expect(citation.getByTestId('citation-en').textContent).toContain('Ministry of Health, Decision No. 794/1446 of 2024 (1445 AH)');
    expect(citation.getByTestId('citation-en').textContent).toContain('/post/moh-decision-2024-794');
    expect(citation.getAllByRole('button')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe('/post/moh-decision-2024-794/print');
  });

  it('shows no signature while the version is not signed yet', async () => {
    draw({ ...signed, signature: null }, 'en');
    await region('Cite this document');
    expect(screen.queryByRole('region', { name: 'Digital signature' })).toBeNull();
  });
});
