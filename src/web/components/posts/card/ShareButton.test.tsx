/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ShareButton } from './ShareButton';

const URL_SHARED = `${window.location.origin}/post/%D9%82%D8%B1%D8%A7%D8%B1`;

function stubNavigator({ share, writeText }: { share?: jest.Mock; writeText?: jest.Mock }) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

// user-event's setup (in renderWithProviders) puts its own clipboard on navigator: stub after it.
afterEach(() => stubNavigator({}));

const press = async (user: ReturnType<typeof renderWithProviders>['user']) => user.click(screen.getByRole('button', { name: 'مشاركة' }));

describe('ShareButton', () => {
  it('uses Web Share with the title, the text and the absolute address where the device has it', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ShareButton path="/post/%D9%82%D8%B1%D8%A7%D8%B1" title="قرار" text="ملخص" />);
    stubNavigator({ share, writeText });
    await press(user);
    expect(share).toHaveBeenCalledWith({ title: 'قرار', text: 'ملخص', url: URL_SHARED });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says nothing when the reader cancels the share sheet', async () => {
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    const writeText = jest.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ShareButton path="/post/x" title="قرار" />);
    stubNavigator({ share, writeText });
    await press(user);
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('تم نسخ الرابط')).not.toBeInTheDocument();
  });

  it('copies the address with a toast when there is no Web Share', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ShareButton path="/post/%D9%82%D8%B1%D8%A7%D8%B1" title="قرار" />);
    stubNavigator({ writeText });
    await press(user);
    expect(writeText).toHaveBeenCalledWith(URL_SHARED);
    expect(await screen.findByText('تم نسخ الرابط')).toBeInTheDocument();
  });

  it('copies the address when the device refuses to share', async () => {
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const writeText = jest.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ShareButton path="/post/x" title="قرار" />);
    stubNavigator({ share, writeText });
    await press(user);
    expect(await screen.findByText('تم نسخ الرابط')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/x`);
  });

  it('says so when the address cannot be copied either', async () => {
    const { user } = renderWithProviders(<ShareButton path="/post/x" title="قرار" />);
    stubNavigator({ writeText: jest.fn().mockRejectedValue(new Error('denied')) });
    await press(user);
    expect(await screen.findByText('تعذر نسخ الرابط')).toBeInTheDocument();
  });

  it('has a labelled button look too', () => {
    renderWithProviders(<ShareButton path="/post/x" title="قرار" variant="button" />);
    expect(screen.getByRole('button', { name: 'مشاركة' })).toHaveTextContent('مشاركة');
  });
});
