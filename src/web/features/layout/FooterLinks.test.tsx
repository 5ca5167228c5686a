import '../../test/textEncoding';
import { act, screen } from '@testing-library/react';
import { signedIn } from '../../state/sessionSlice';
import { themeChanged } from '../../state/preferencesSlice';
import { replay } from '../../app/trace/replay';
import { user as aUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FooterLinks } from './FooterLinks';

// "Download a trace" is a lazy chunk: let it arrive once (it stays), so that turning the
// preference on later shows it in the same render, as in the app once the chunk is cached.
beforeAll(async () => {
  const { unmount } = renderWithProviders(<FooterLinks />, { preloadedState: { preferences: { debug: true } } });
  await screen.findByRole('button', { name: 'تنزيل سجل التتبع' });
  unmount();
});

describe('FooterLinks', () => {
  it('links privacy, terms and about and shows the copyright year', () => {
    renderWithProviders(<FooterLinks />);
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'شروط الاستخدام' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'حول المنصة' })).toHaveAttribute('href', '/about');
    expect(screen.getByText(new RegExp(String(new Date().getFullYear())))).toBeInTheDocument();
  });

  it('turns the debug preference (Redux DevTools in production) on and off', async () => {
    const { store, user } = renderWithProviders(<FooterLinks />);
    const toggle = screen.getByRole('button', { name: /أدوات المطوّر/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(store.getState().preferences.debug).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(store.getState().preferences.debug).toBe(false);
  });
});

describe('Download a trace', () => {
  const download = { name: 'تنزيل سجل التتبع' };
  let files: Blob[];
  let names: string[];
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    files = [];
    names = [];
    URL.createObjectURL = (blob: Blob) => `blob:trace-${files.push(blob)}`;
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
  });
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    jest.restoreAllMocks();
  });
  const text = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });

  it('is in the menu only while the developer tools are on', async () => {
    const { user } = renderWithProviders(<FooterLinks />);
    expect(screen.queryByRole('button', download)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /أدوات المطوّر/ });
    await user.click(toggle);
    expect(screen.getByRole('button', download)).toHaveAttribute('title', expect.stringContaining('500'));
    await user.click(toggle);
    expect(screen.queryByRole('button', download)).not.toBeInTheDocument();
  });

  it('downloads a trace of what happened since, redacted, that the replay accepts', async () => {
    const { store, user } = renderWithProviders(<FooterLinks />, { preloadedState: { preferences: { debug: true } } });
    const button = await screen.findByRole('button', download);
    act(() => {
      store.dispatch(themeChanged('dark'));
      store.dispatch(signedIn({ access: 'ACCESS-XYZ', refresh: 'REFRESH-XYZ', user: aUser() }));
    });
    await user.click(button);

    expect(names).toEqual([expect.stringMatching(/^qarar-trace-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/)]);
    expect(files[0].type).toBe('application/json');
    const trace = await text(files[0]);
    expect(trace).not.toMatch(/ACCESS-XYZ|REFRESH-XYZ/);
    const report = replay(trace);
    expect(report).toMatchObject({ divergence: null, unknownTypes: [], errors: [], startFrom: 'committedState' });
    expect(report.compared).toBeGreaterThanOrEqual(3);
    expect(report.state.preferences.theme).toBe('dark');
    expect(report.state.session).toMatchObject({ access: '[redacted]', user: { username: 'reader' } });
  });
});
