/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import type { CurrentUser } from '../../api/auth';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import { AccountTab, formatCount, formatJoinDate } from './AccountTab';
import { reader, renderSignedIn } from './settingsTesting';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

/** The definition list as label → value pairs. */
const facts = () => {
  const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
  const values = screen.getAllByRole('definition').map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

describe('AccountTab', () => {
  it('shows the account read-only in Arabic: the join date in Arabic (Saudi) format', async () => {
    await renderSignedIn(<AccountTab user={reader} />);
    expect(facts()).toEqual({
      'اسم المستخدم': '@reader',
      'البريد الإلكتروني': 'reader@example.com',
      'حالة التوثيق': 'موثّق',
      // Written out, not computed with the tab's own formatter: a broken one must fail here.
      'تاريخ الانضمام': '١٥ مارس ٢٠٢٥',
      يتابع: '٣',
      المتابعون: '٧',
      المنشورات: '٠',
      المحفوظات: '١٢',
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('in English, says not verified and counts 0 where the counts are absent', async () => {
    const bare = { ...reader, is_verified: false } as Partial<CurrentUser>;
    for (const k of ['following_count', 'followers_count', 'posts_count', 'bookmarks_count'] as const) delete bare[k];
    await renderSignedIn(<AccountTab user={bare as CurrentUser} />, { language: 'en' });
    await screen.findByText('Not verified');
    expect(facts()).toEqual({
      Username: '@reader',
      'E-mail': 'reader@example.com',
      Verification: 'Not verified',
      Joined: '15 March 2025',
      Following: '0',
      Followers: '0',
      Posts: '0',
      Bookmarks: '0',
    });
  });

  it('formats the date and counts per language', () => {
    expect(formatJoinDate('2025-03-15T10:00:00Z', 'en')).toBe('15 March 2025');
    expect(formatJoinDate('2025-03-15T10:00:00Z', 'ar')).toBe('١٥ مارس ٢٠٢٥');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(undefined, 'ar')).toBe('٠');
    expect(formatCount(1234, 'ar')).toBe('١٬٢٣٤');
  });
});
