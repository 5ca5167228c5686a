/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { addInterest, InterestsTab } from './InterestsTab';
import { renderSignedIn } from './settingsTesting';

const items = () => within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
const field = () => screen.getByLabelText('إضافة اهتمام');

describe('addInterest', () => {
  it('adds a trimmed interest and ignores blanks and duplicates (case aside)', () => {
    expect(addInterest([], ' التعليم ')).toEqual(['التعليم']);
    expect(addInterest(['الصحة'], '  ')).toEqual(['الصحة']);
    expect(addInterest(['Health'], ' health ')).toEqual(['Health']);
  });
});

describe('InterestsTab', () => {
  it('says the list stays on this screen, and starts empty', async () => {
    await renderSignedIn(<InterestsTab />);
    expect(screen.getByText('تُحفظ اهتماماتك في هذه الشاشة فقط.')).toBeInTheDocument();
    expect(screen.getByText('لا توجد اهتمامات بعد')).toBeInTheDocument();
  });

  it('adds with Enter or the button, ignores blanks and duplicates, removes, and calls no one', async () => {
    const { user, api } = await renderSignedIn(<InterestsTab />);
    await user.type(field(), 'التعليم{Enter}');
    expect(field()).toHaveValue('');
    await user.type(field(), 'الصحة');
    await user.click(screen.getByRole('button', { name: 'إضافة' }));
    await user.type(field(), ' التعليم {Enter}');
    await user.type(field(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'إضافة' }));
    expect(items()).toEqual(['التعليم', 'الصحة']);
    await user.click(screen.getByRole('button', { name: 'إزالة التعليم' }));
    expect(items()).toEqual(['الصحة']);
    await user.click(screen.getByRole('button', { name: 'إزالة الصحة' }));
    expect(screen.getByText('لا توجد اهتمامات بعد')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
