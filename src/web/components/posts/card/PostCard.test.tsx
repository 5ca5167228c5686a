/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import i18n, { applyDocumentLanguage } from '../../../i18n';
import enCore from '../../../i18n/locales/en/core';
import { post } from '../../../test/fixtures';
import { installMatchMedia } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { attachment } from './attachmentFixture';
import { PostCard } from './PostCard';

i18n.addResourceBundle('en', 'translation', enCore, true, false);

const published = post(1, {
  slug: 'قرار-الصحة-1',
  title: 'Vaccination campaign',
  title_ar: 'حملة التطعيم',
  summary: 'Details at moh.gov.sa/vaccines. #Health',
  summary_ar: 'التفاصيل عبر moh.gov.sa/vaccines، تابعوا #الصحة',
  content: 'Full English text.',
  content_ar: 'النص الكامل.',
  author: { id: 5, username: 'moh_media', first_name: 'وزارة الصحة', last_name: '', user_type: 'publisher', is_verified: true, profile_picture: null },
  organization: { id: 3, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', is_verified: true },
  type: { id: 4, name: 'announcement', name_ar: 'إعلان' },
  categories_data: [
    { id: 2, slug: 'health', name: 'Health', name_ar: 'الصحة' },
    { id: 7, slug: 'public-services', name: 'Public services', name_ar: 'الخدمات العامة' },
  ],
  view_count: 1250,
  published_at: '2024-05-01T12:00:00Z',
});

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
});
afterEach(() => {
  media.uninstall();
  applyDocumentLanguage('ar');
});

const card = () => screen.getByRole('article');

describe('PostCard', () => {
  it('is an article named by its heading, which links to the post', () => {
    renderWithProviders(<PostCard post={published} />);
    expect(card()).toHaveAccessibleName('حملة التطعيم');
    const heading = screen.getByRole('heading', { level: 2, name: 'حملة التطعيم' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/post/${encodeURIComponent('قرار-الصحة-1')}`);
  });

  it('names a publisher by its organization, verified, with the @username and the time of publication', () => {
    renderWithProviders(<PostCard post={published} />);
    expect(within(card()).getByRole('link', { name: 'وزارة الصحة' })).toHaveAttribute('href', '/organizations/MOH');
    expect(within(card()).getByTitle('حساب موثّق')).toBeInTheDocument();
    const username = within(card()).getByText('@moh_media');
    expect(username).toHaveAttribute('dir', 'ltr');
    // The organization speaks through the name; the person behind the account has a profile.
    expect(username.closest('a')).toHaveAttribute('href', '/profile/moh_media');
    const time = card().querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2024-05-01T12:00:00Z');
    expect(time.getAttribute('title')).toMatch(/مايو 2024|مايو ٢٠٢٤/);
    expect(time.closest('a')).toHaveAttribute('href', `/post/${encodeURIComponent('قرار-الصحة-1')}`);
  });

  it('names another author by their full name, linking to their profile, without a badge when not verified', () => {
    renderWithProviders(
      <PostCard post={{ ...published, author: { ...published.author, first_name: 'سارة', last_name: 'القحطاني', username: 'sara', user_type: 'regular', is_verified: false } }} />,
    );
    expect(within(card()).getByRole('link', { name: 'سارة القحطاني' })).toHaveAttribute('href', '/profile/sara');
    expect(within(card()).queryByTitle('حساب موثّق')).not.toBeInTheDocument();
  });

  it('shows the coloured type badge linking to the type, in Arabic', () => {
    renderWithProviders(<PostCard post={published} />);
    const badge = within(card()).getByRole('link', { name: 'إعلان' });
    expect(badge).toHaveAttribute('href', '/types/4');
    // Spec §9: announcements are orange, through the scheme's variable (postTypeColors.test.ts).
    expect(badge).toHaveStyle({ backgroundColor: 'var(--q-type-announcement)', color: '#ffffff' });
  });

  it('shows the summary with its hashtags and addresses as links, and read more', () => {
    renderWithProviders(<PostCard post={published} />);
    const hashtag = within(card()).getByRole('link', { name: '#الصحة' });
    expect(hashtag).toHaveAttribute('href', `/hashtags/${encodeURIComponent('الصحة')}`);
    const address = within(card()).getByRole('link', { name: /^moh\.gov\.sa\/vaccines/ });
    expect(address).toHaveAttribute('href', 'https://moh.gov.sa/vaccines');
    expect(address).toHaveAttribute('target', '_blank');
    expect(address).toHaveAttribute('rel', 'noopener noreferrer');
    // The Arabic comma after the address stays plain text.
    expect(address.textContent).not.toContain('،');
    const more = within(card()).getByRole('link', { name: 'قراءة المزيد' });
    expect(more).toHaveAttribute('href', `/post/${encodeURIComponent('قرار-الصحة-1')}`);
    expect(more).toHaveAccessibleDescription('حملة التطعيم');
  });

  it('falls back to the start of the content when there is no summary', () => {
    renderWithProviders(<PostCard post={{ ...published, summary_ar: '', summary: '' }} />);
    expect(within(card()).getByText('النص الكامل.')).toBeInTheDocument();
  });

  it('lists the categories as links narrowing the home feed', () => {
    renderWithProviders(<PostCard post={published} />);
    const list = within(card()).getByRole('list', { name: 'التصنيفات' });
    expect(within(list).getByRole('link', { name: 'الصحة' })).toHaveAttribute('href', '/?category=health');
    expect(within(list).getByRole('link', { name: 'الخدمات العامة' })).toHaveAttribute('href', '/?category=public-services');
  });

  it('shows the view count, share and bookmark', () => {
    renderWithProviders(<PostCard post={published} />);
    expect(within(card()).getByText('المشاهدات: 1,250')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'مشاركة' })).toBeInTheDocument();
    // A visitor's bookmark is a link to /login (it works before the app's scripts arrive).
    expect(within(card()).getByRole('link', { name: 'حفظ المنشور' })).toHaveAttribute('href', expect.stringMatching(/^\/login\?next=/));
  });

  describe('when the reader saved it (spec §3 savedAt, their saved posts)', () => {
    const DAY = 24 * 60 * 60 * 1000;
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const saved = () => within(card()).getByText(/^(حُفظ|Saved) /);

    it('says how long ago, as the card words its own date, with the full date on hover', () => {
      const savedAt = daysAgo(3);
      renderWithProviders(<PostCard post={{ ...published, is_bookmarked: true }} savedAt={savedAt} />);
      expect(saved()).toHaveTextContent(/^حُفظ قبل 3 أيام$/);
      expect(saved()).toHaveAttribute('dateTime', savedAt);
      expect(saved().getAttribute('title')).toMatch(/\d{4}/);
    });

    it('says the date once it is a week or more ago', () => {
      renderWithProviders(<PostCard post={published} savedAt={daysAgo(30)} />);
      expect(saved()).toHaveTextContent(/^حُفظ في \d+ \S+( \d{4})?$/);
    });

    it('says it in English', async () => {
      renderWithProviders(<PostCard post={published} savedAt={daysAgo(2)} />, { preloadedState: { preferences: { language: 'en' } } });
      await waitFor(() => expect(saved()).toHaveTextContent(/^Saved 2 days ago$/));
    });

    it('says nothing of it on a card in any other list', () => {
      renderWithProviders(<PostCard post={{ ...published, is_bookmarked: true }} />);
      expect(within(card()).queryByText(/^(حُفظ|Saved) /)).not.toBeInTheDocument();
    });
  });

  it('previews the attachments, linking the rest to the post', () => {
    // The phone's and the wide screen's "more" links differ here: drawn side by side, each with its own place.
    const errors = jest.spyOn(console, 'error');
    renderWithProviders(<PostCard post={{ ...published, attachments: [1, 2, 3, 4, 5].map((id) => attachment(id)) }} />);
    expect(errors.mock.calls.filter(([message]) => String(message).includes('unique "key"'))).toEqual([]);
    errors.mockRestore();
    expect(within(card()).getByRole('group', { name: 'المرفقات' })).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'ملف آخر' })).toHaveAttribute('href', `/post/${encodeURIComponent('قرار-الصحة-1')}`);
  });

  it.each([
    ['amended', 'ar', 'معدَّل', 'حالة السريان: معدَّل'],
    ['repealed', 'ar', 'ملغى', 'حالة السريان: ملغى'],
    ['amended', 'en', 'Amended', 'Status: Amended'],
    ['repealed', 'en', 'Repealed', 'Status: Repealed'],
  ] as const)('badges a post %s in %s with the word and its label, not colour alone', async (state, language, text, label) => {
    renderWithProviders(<PostCard post={{ ...published, in_force: state }} />, { preloadedState: { preferences: { language } } });
    const badge = within(card()).getByTestId('in-force-badge');
    await waitFor(() => expect(badge).toHaveTextContent(text));
    // Heard with what it is the state of ("Status: Repealed"); the label is for screen readers only.
    expect(badge.textContent).toBe(label);
    expect(within(badge).getByText(label.slice(0, -text.length).trim())).toHaveStyle({ position: 'absolute', overflow: 'hidden' });
    // An icon beside the word, silent: colour is not the only sign, and the word is not said twice.
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no badge on a post in force: it would be on every card', () => {
    renderWithProviders(<PostCard post={published} />);
    expect(within(card()).queryByTestId('in-force-badge')).not.toBeInTheDocument();
    expect(within(card()).queryByText(/حالة السريان/)).not.toBeInTheDocument();
  });

  it('shows no badge on a withdrawn post, whatever its state', () => {
    const withdrawal = { reason: 'Superseded.', reason_ar: 'حلّت محله لائحة جديدة.', withdrawn_at: '2026-02-10T09:00:00Z' };
    renderWithProviders(<PostCard post={{ ...published, status: 'archived', in_force: 'repealed', withdrawal }} />);
    expect(within(card()).queryByTestId('in-force-badge')).not.toBeInTheDocument();
    expect(within(card()).queryByText('ملغى')).not.toBeInTheDocument();
  });

  it('reads everything in English for an English reader', async () => {
    renderWithProviders(<PostCard post={published} />, { preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Vaccination campaign' })).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Ministry of Health' })).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'announcement' })).toHaveAttribute('href', '/types/4');
    expect(within(card()).getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/?category=health');
    expect(within(card()).getByRole('link', { name: '#Health' })).toHaveAttribute('href', '/hashtags/Health');
    expect(within(card()).getByTitle('Verified account')).toBeInTheDocument();
    expect(within(card()).getByText('Views: 1,250')).toBeInTheDocument();
    expect(card().querySelector('time')).toHaveTextContent('May 1, 2024');
  });
});
