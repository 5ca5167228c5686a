/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { ChipLinks } from '../../ChipLinks';
import { PageHeader } from '../../PageHeader';
import { post } from '../../../test/fixtures';
import { installMatchMedia } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PostCard } from './PostCard';
import { RichText } from './RichText';

/**
 * Mixed-direction text (issue 6): a Latin name, handle, tag or address inside the Arabic
 * interface is isolated (`<bdi>` or its own `dir`), so it never reorders the Arabic around it.
 */

/** The nearest element that isolates `el`'s text: a <bdi>, or one with its own dir. */
const isolatingAncestor = (el: Element) => el.closest('bdi, [dir="auto"], [dir="ltr"], [dir="rtl"]:not(html)');

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
});
afterEach(() => media.uninstall());

const latinAuthor = post(9, {
  title: 'Guide to e-services',
  title_ar: 'Guide to e-services',
  author: { id: 8, username: 'sara_q', first_name: 'Sara', last_name: 'Al-Qahtani', user_type: 'regular', is_verified: false, profile_picture: null },
  organization: null,
});

describe('mixed-direction text is isolated', () => {
  it('a post card: the Latin author name takes its own direction, the @username reads left to right', () => {
    renderWithProviders(<PostCard post={latinAuthor} />);
    const card = screen.getByRole('article');
    const name = within(card).getByRole('link', { name: 'Sara Al-Qahtani' });
    expect(name).toHaveAttribute('dir', 'auto');
    expect(within(card).getByText('@sara_q')).toHaveAttribute('dir', 'ltr');
    // A title in the other script too.
    expect(within(card).getByRole('heading', { level: 2 })).toHaveAttribute('dir', 'auto');
  });

  it('linkified text: an address reads left to right and a tag keeps its own direction inside Arabic', () => {
    renderWithProviders(<RichText text="التفاصيل عبر https://moh.gov.sa/vaccines وتابعوا #COVID19 أو اتصلوا على +966 11 212 5555" />);
    const url = screen.getByRole('link', { name: /moh\.gov\.sa/ });
    expect(url).toHaveAttribute('dir', 'ltr');
    const tag = screen.getByRole('link', { name: '#COVID19' });
    expect(tag).toHaveAttribute('dir', 'auto');
    expect(isolatingAncestor(screen.getByText("+966 11 212 5555"))?.tagName).toBe('BDI');
    // The paragraph itself stays Arabic.
    expect(url.closest('p')).toHaveAttribute('dir', 'rtl');
  });

  it('a hashtag chip isolates its label', () => {
    renderWithProviders(<ChipLinks label="الوسوم" links={[{ key: 1, to: '/hashtags/covid19', label: '#COVID19' }]} />);
    const chip = screen.getByRole('link', { name: '#COVID19' });
    expect(within(chip).getByText('#COVID19').tagName).toBe('BDI');
  });

  it('a screen heading isolates its title (an English organization name in Arabic)', () => {
    renderWithProviders(<PageHeader title="Ministry of Health (MOH)" />);
    const h1 = screen.getByRole('heading', { level: 1, name: 'Ministry of Health (MOH)' });
    expect(within(h1).getByText('Ministry of Health (MOH)').tagName).toBe('BDI');
  });
});
