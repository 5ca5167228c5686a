/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { createHash, webcrypto } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Organization } from '../../api/organizations';
import type { VerifiedVersion, Verification } from '../../api/postVersions';
import i18n, { applyDocumentLanguage } from '../../i18n';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { emptyFormDataWhileSubmitting } from '../../test/formDataShim';
import { renderWithProviders } from '../../test/renderWithProviders';
import VerifyPage from './VerifyPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

// jsdom has no SubtleCrypto; Node's is the same Web Crypto API a browser has.
const realCrypto = globalThis.crypto;
beforeAll(() => Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true }));
afterAll(() => Object.defineProperty(globalThis, 'crypto', { value: realCrypto, configurable: true }));
afterEach(() => applyDocumentLanguage('ar'));
// The forms navigate on submit (react-router starts a transition).
emptyFormDataWhileSubmitting();

const SLUG = 'قرار-وزارة-الصحة-794';
const DIGEST = 'a'.repeat(64);
const KID = 'kFv3-Ud0yX0B7c3l1Jz6mS8d2g4W7pQe5tR9uY1iO0A';

const version = (over: Partial<VerifiedVersion> = {}): VerifiedVersion => ({
  slug: SLUG,
  version: 2,
  kind: 'major',
  made_at: '2026-02-01T09:00:00Z',
  title: 'Decision on opening hours of health centres',
  title_ar: 'قرار بشأن ساعات عمل المراكز الصحية',
  language: 'ar',
  type_name: 'decision',
  type_name_ar: 'قرار',
  organization: { code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة' },
  document_number: '794/1446',
  issued_on: '2025-01-20',
  issued_on_hijri: '1446-07-20',
  current_version: 2,
  is_current: true,
  post_state: 'in_force',
  withdrawal: null,
  version_url: `https://qarar.example/post/${encodeURIComponent(SLUG)}/versions/2`,
  current_url: `https://qarar.example/post/${encodeURIComponent(SLUG)}`,
  file: null,
  signed: {
    payload: '{}',
    alg: 'EdDSA',
    kid: KID,
    digest: DIGEST,
    signature: 'c2lnbmF0dXJl',
    signed_at: '2026-02-01T09:00:05Z',
  },
  signature_valid: true,
  ...over,
});

const answer = (by: Verification['by'], matches: VerifiedVersion[], reason: Verification['reason'] = null): Verification => ({ by, reason, matches });

const ORGANIZATIONS: Organization[] = [
  { code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة' },
  { code: 'MOE', name: 'Ministry of Education', name_ar: 'وزارة التعليم' },
].map((o, i) => ({
  ...o,
  id: i + 1,
  description: '',
  description_ar: '',
  is_verified: true,
  is_active: true,
  city: null,
  website: '',
  email: '',
  phone: '',
  active_subsidiary_count: 0,
  active_department_count: 0,
  post_count: 3,
}));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/verify" element={<VerifyPage />} />
      <Route path="/post/:slug/*" element={<h1>post page</h1>} />
    </Routes>
    <Where />
  </>
);

let api: ReturnType<typeof mockFetch>;
/** Serves the organizations and answers /content/verify/ with `verify(query)`. */
const serve = (verify: (query: URLSearchParams) => Response) => {
  const handler: Handler = (req, path) => {
    const query = new URL(req.url).searchParams;
    if (path === '/content/verify/') return verify(query);
    if (path === '/producers/organizations/') {
      const search = query.get('search') ?? '';
      const results = ORGANIZATIONS.filter((o) => !search || o.name_ar.includes(search) || o.name.includes(search) || o.code.includes(search));
      return json(200, { count: results.length, next: null, previous: null, results });
    }
    const one = /^\/producers\/organizations\/([^/]+)\/$/.exec(path);
    const found = one && ORGANIZATIONS.find((o) => o.code === decodeURIComponent(one[1]));
    return found ? json(200, found) : json(404, { detail: 'Not found.' });
  };
  api = mockFetch(handler);
};
const verifyCalls = () => api.calls.filter((r) => new URL(r.url).pathname.endsWith('/content/verify/')).map((r) => Object.fromEntries(new URL(r.url).searchParams));

const outcome = () => screen.getByTestId('verify-outcome');
const verdict = () => screen.findByRole('heading', { level: 2 });

describe('VerifyPage', () => {
  it('names the page in the tab and says the file is never sent', async () => {
    serve(() => json(200, answer('sha256', [])));
    renderWithProviders(app, { route: '/verify' });
    expect(screen.getByRole('heading', { level: 1, name: 'التحقق من وثيقة' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^التحقق من وثيقة · /));
    expect(screen.getByRole('tab', { name: 'ملف', selected: true })).toBeInTheDocument();
    expect(screen.getByText(/ولا يُرسَل إلى المنصة سوى هذه البصمة/)).toBeInTheDocument();
    expect(api.fn).not.toHaveBeenCalled();
  });

  it("hashes the chosen file in the browser and asks by its SHA-256 only: a published file, where it stands", async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\nقرار رقم 794 لعام 1446\n%%EOF\n');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    serve((q) =>
      json(200, answer('sha256', q.get('sha256') === sha256 ? [version({ file: { id: 9, title: 'The decision (PDF)', title_ar: 'نص القرار (PDF)', sha256 } })] : [])),
    );
    const { user } = renderWithProviders(app, { route: '/verify' });
    await user.upload(screen.getByLabelText('اختر ملفًا'), new File([bytes], 'نص القرار 794.pdf', { type: 'application/pdf' }));

    expect(await verdict()).toHaveTextContent('هذا الملف منشور على المنصة');
    expect(verifyCalls()).toEqual([{ sha256 }]);
    // Nothing but the fingerprint left: no body, no file name.
    expect(api.calls.every((r) => r.method === 'GET' && r.body === null)).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent(`/verify?sha256=${sha256}`);

    const card = screen.getByTestId('verified-version');
    expect(within(card).getByRole('heading', { level: 3, name: 'قرار بشأن ساعات عمل المراكز الصحية' })).toBeInTheDocument();
    expect(within(card).getByTestId('version-status')).toHaveTextContent('هذه النسخة المعتمدة الحالية');
    expect(card).toHaveTextContent('وزارة الصحة');
    expect(card).toHaveTextContent('794/1446');
    expect(card).toHaveTextContent('النسخة 2 من 2 (تصحيح جوهري)');
    expect(card).toHaveTextContent('نص القرار (PDF)');
    expect(card).toHaveTextContent('20 رجب 1446 هـ');
    expect(within(card).getByRole('link', { name: 'فتح هذه النسخة' })).toHaveAttribute('href', `/post/${encodeURIComponent(SLUG)}/versions/2`);
    // The chosen file and its fingerprint, as computed here.
    expect(outcome()).toHaveTextContent('نص القرار 794.pdf');
    // The Latin end stays as written in a right-to-left line («794.pdf», not «pdf.794»).
    expect(within(outcome()).getByText('794.pdf')).toHaveAttribute('dir', 'ltr');
    expect(outcome()).toHaveTextContent(sha256);
    // The reader's own check: the verdict takes the focus, and the live region says it.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'هذا الملف منشور على المنصة')).toBe(true);
  });

  it('says plainly that a file matching nothing is not a published file, and claims no more', async () => {
    serve(() => json(200, answer('sha256', [])));
    const { user } = renderWithProviders(app, { route: '/verify' });
    await user.upload(screen.getByLabelText('اختر ملفًا'), new File(['not the portal’s'], 'copy.pdf', { type: 'application/pdf' }));
    expect(await verdict()).toHaveTextContent('لا يطابق هذا الملف أيَّ ملف نشرته المنصة');
    const detail = screen.getByTestId('not-found-detail');
    expect(detail).toHaveTextContent('قد يكون الملف معدَّلًا، أو غير صادر عن المنصة.');
    expect(outcome()).not.toHaveTextContent(/مزو|تزوير/);
    expect(screen.queryByTestId('verified-version')).not.toBeInTheDocument();
  });

  it('says so in English, without the word forged', async () => {
    serve(() => json(200, answer('sha256', [])));
    const { user } = renderWithProviders(app, { route: '/verify', preloadedState: { preferences: { language: 'en' } } });
    await user.upload(await screen.findByLabelText('Choose a file'), new File(['x'], 'x.pdf'));
    expect(await verdict()).toHaveTextContent('This file does not match any file published on the portal');
    expect(screen.getByTestId('not-found-detail')).toHaveTextContent('It may have been modified, or it may not come from the portal.');
    expect(outcome()).not.toHaveTextContent(/forg/i);
  });

  it('tells the reader when the browser cannot compute a fingerprint (no SubtleCrypto outside https)', async () => {
    serve(() => json(200, answer('sha256', [])));
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      const { user } = renderWithProviders(app, { route: '/verify' });
      await user.upload(screen.getByLabelText('اختر ملفًا'), new File(['x'], 'x.pdf'));
      expect(await screen.findByRole('alert')).toHaveTextContent('لا يستطيع هذا المتصفح حساب بصمة الملف هنا.');
      expect(verifyCalls()).toEqual([]);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    }
  });

  it.each([
    ['current', version(), 'success', 'هذه النسخة المعتمدة الحالية', 'لم تصدر بعدها نسخة أحدث، والوثيقة سارية.'],
    ['superseded', version({ version: 1, kind: 'first', current_version: 3, is_current: false }), 'warning', 'عُدِّلت هذه الوثيقة بعد هذه النسخة', 'النسخة الحالية هي النسخة 3. اطَّلع على النسخة الحالية'],
    ['amended', version({ post_state: 'amended' }), 'warning', 'هذه النسخة الحالية، لكن وثيقة لاحقة عدَّلتها', 'تجد في صفحة المنشور الوثائقَ التي عدَّلتها. فتح صفحة المنشور'],
    ['repealed', version({ post_state: 'repealed' }), 'error', 'أُلغيت هذه الوثيقة ولم تعد سارية', 'تجد في صفحة المنشور الوثيقةَ التي ألغتها.'],
    [
      'withdrawn',
      version({
        version: 1,
        kind: 'first',
        is_current: false,
        post_state: 'withdrawn',
        withdrawal: { reason: 'Issued in error.', reason_ar: 'صدر عن طريق الخطأ.', withdrawn_at: '2026-03-01T10:00:00Z' },
      }),
      'error',
      'سُحب هذا المنشور',
      'السبب: صدر عن طريق الخطأ.',
    ],
  ] as const)('shows the standing %s plainly, asked by a link', async (standing, match, severity, title, detail) => {
    serve(() => json(200, answer('url', [match])));
    renderWithProviders(app, { route: `/verify?url=${encodeURIComponent(match.version_url)}` });
    expect(await verdict()).toHaveTextContent('هذه الوثيقة منشورة على المنصة');
    expect(verifyCalls()).toEqual([{ url: match.version_url }]);
    const status = screen.getByTestId('version-status');
    expect(status).toHaveAttribute('data-standing', standing);
    expect(status.className).toMatch(new RegExp(`MuiAlert-color${severity[0].toUpperCase()}${severity.slice(1)}`));
    expect(within(status).getByText(title)).toBeInTheDocument();
    expect(status).toHaveTextContent(detail);
    // The link tab shows the link asked about.
    expect(screen.getByRole('tab', { name: 'رابط', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText(/رابط المنشور/)).toHaveValue(match.version_url);
    // A page opened with its question in the address does not take the focus from the reader.
    expect(screen.getByRole('heading', { level: 2 })).not.toHaveFocus();
  });

  it('leads from a superseded version to the current one', async () => {
    const old = version({ version: 1, kind: 'first', current_version: 2, is_current: false });
    serve(() => json(200, answer('url', [old])));
    const { user } = renderWithProviders(app, { route: `/verify?url=${encodeURIComponent(old.version_url)}` });
    await verdict();
    const card = screen.getByTestId('verified-version');
    expect(within(card).getByRole('link', { name: 'فتح هذه النسخة' })).toHaveAttribute('href', `/post/${encodeURIComponent(SLUG)}/versions/1`);
    await user.click(within(card).getByRole('link', { name: 'فتح النسخة الحالية' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/post/${encodeURIComponent(SLUG)}`);
  });

  it("shows the signature's key id and digest, and whether it holds", async () => {
    serve((q) =>
      json(
        200,
        answer('url', [
          q.get('url') === 'unsigned' ? version({ signed: null, signature_valid: false }) : q.get('url') === 'bad' ? version({ signature_valid: false }) : version(),
        ]),
      ),
    );
    const { unmount } = renderWithProviders(app, { route: '/verify?url=good' });
    await verdict();
    let signature = screen.getByTestId('signature');
    expect(within(signature).getByRole('heading', { name: 'التوقيع الرقمي' })).toBeInTheDocument();
    expect(signature).toHaveTextContent('التوقيع الرقمي سليم');
    expect(within(signature).getByText(KID)).toHaveAttribute('dir', 'ltr');
    expect(within(signature).getByText(DIGEST)).toBeInTheDocument();
    expect(within(signature).getByRole('link', { name: 'المفاتيح العامة المنشورة' })).toHaveAttribute('href', '/.well-known/qarar-keys.json');
    unmount();

    renderWithProviders(app, { route: '/verify?url=bad' });
    await verdict();
    signature = screen.getByTestId('signature');
    expect(signature).toHaveTextContent('لا يتطابق توقيع هذه النسخة مع مفاتيح المنصة المنشورة');
    expect(signature).not.toHaveTextContent('التوقيع الرقمي سليم');
  });

  it('says that a version not yet signed is not', async () => {
    serve(() => json(200, answer('url', [version({ signed: null, signature_valid: false })])));
    renderWithProviders(app, { route: '/verify?url=x' });
    await verdict();
    expect(screen.getByTestId('signature')).toHaveTextContent('لم تُوقَّع هذه النسخة رقميًّا بعد');
    expect(screen.queryByText(DIGEST)).not.toBeInTheDocument();
  });

  it('shows a file kept through corrections once, at its newest version, naming the others', async () => {
    const file = { id: 4, title: null, title_ar: 'الملحق', sha256: DIGEST };
    serve(() =>
      json(
        200,
        answer('sha256', [
          version({ version: 3, current_version: 3, file }),
          version({ version: 2, current_version: 3, is_current: false, file }),
          version({ version: 1, kind: 'first', current_version: 3, is_current: false, file }),
        ]),
      ),
    );
    renderWithProviders(app, { route: `/verify?sha256=${DIGEST}` });
    expect(await verdict()).toHaveTextContent('هذا الملف منشور على المنصة');
    const cards = screen.getAllByTestId('verified-version');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]).getByTestId('version-status')).toHaveAttribute('data-standing', 'current');
    expect(cards[0]).toHaveTextContent('ويرد الملف نفسه أيضًا في:');
    expect(within(cards[0]).getByRole('link', { name: 'النسخة 1' })).toHaveAttribute('href', `/post/${encodeURIComponent(SLUG)}/versions/1`);
    expect(within(cards[0]).getByRole('link', { name: 'النسخة 2' })).toBeInTheDocument();
  });

  it('says a link of another site is not a link of this portal', async () => {
    serve(() => json(200, answer('url', [], 'other_site')));
    const { user } = renderWithProviders(app, { route: '/verify' });
    await user.click(screen.getByRole('tab', { name: 'رابط' }));
    await user.type(screen.getByLabelText(/رابط المنشور/), 'https://qarar-gov.example.net/post/794');
    await user.click(screen.getByRole('button', { name: 'تحقَّق' }));
    expect(await verdict()).toHaveTextContent('هذا الرابط ليس من روابط المنصة');
    expect(screen.getByTestId('not-found-detail')).toHaveTextContent('لا تتحقق المنصة إلا من روابطها.');
    expect(verifyCalls()).toEqual([{ url: 'https://qarar-gov.example.net/post/794' }]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it("says a portal link that is not a post's is not one", async () => {
    serve(() => json(200, answer('url', [], 'not_a_post_link')));
    renderWithProviders(app, { route: '/verify?url=%2Fexplore' });
    expect(await verdict()).toHaveTextContent('لا يؤدي هذا الرابط إلى منشور');
    expect(screen.getByTestId('not-found-detail')).toHaveTextContent('الرابط من روابط المنصة');
  });

  it('asks by a number as written and the organization picked by name', async () => {
    serve((q) => json(200, answer('number', q.get('number') === 'قرار رقم ٧٩٤ لعام ١٤٤٦' && q.get('organization') === 'MOH' ? [version()] : [])));
    const { user } = renderWithProviders(app, { route: '/verify' });
    await user.click(screen.getByRole('tab', { name: 'رقم الوثيقة' }));
    const picker = screen.getByRole('combobox', { name: /الجهة المصدِرة/ });
    await user.click(picker);
    await user.type(picker, 'الصحة');
    await user.click(await screen.findByRole('option', { name: 'وزارة الصحة' }));
    await user.click(screen.getByRole('textbox', { name: /رقم الوثيقة/ }));
    await user.paste('قرار رقم ٧٩٤ لعام ١٤٤٦');
    await user.click(screen.getByRole('button', { name: 'تحقَّق' }));

    expect(await verdict()).toHaveTextContent('هذه الوثيقة منشورة على المنصة');
    expect(verifyCalls()).toEqual([{ number: 'قرار رقم ٧٩٤ لعام ١٤٤٦', organization: 'MOH' }]);
    expect(screen.getByTestId('where')).toHaveTextContent('organization=MOH');
  });

  it('says no document of the organization carries a number, naming the organization', async () => {
    serve(() => json(200, answer('number', [])));
    renderWithProviders(app, { route: '/verify?number=12%2F1440&organization=MOH' });
    expect(await verdict()).toHaveTextContent('لم نعثر على وثيقة منشورة بهذا الرقم صادرة عن وزارة الصحة');
    // The form shows what the address asked.
    expect(screen.getByRole('tab', { name: 'رقم الوثيقة', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /رقم الوثيقة/ })).toHaveValue('12/1440');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /الجهة المصدِرة/ })).toHaveValue('وزارة الصحة'));
  });

  it('names several documents carrying one number', async () => {
    serve(() => json(200, answer('number', [version(), version({ slug: 'another', title_ar: 'قرار آخر', issued_on: '2019-03-01', issued_on_hijri: null })])));
    renderWithProviders(app, { route: '/verify?number=794&organization=MOH' });
    expect(await verdict()).toHaveTextContent('يحمل هذا الرقمَ أكثرُ من وثيقة منشورة');
    expect(screen.getAllByTestId('verified-version')).toHaveLength(2);
  });

  it('asks for the organization and the number before asking the server', async () => {
    serve(() => json(200, answer('number', [])));
    const { user } = renderWithProviders(app, { route: '/verify' });
    await user.click(screen.getByRole('tab', { name: 'رقم الوثيقة' }));
    await user.click(screen.getByRole('button', { name: 'تحقَّق' }));
    expect(await screen.findByText('اختر الجهة المصدِرة.')).toBeInTheDocument();
    expect(screen.getByText('اكتب رقم الوثيقة.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /الجهة المصدِرة/ })).toHaveFocus();
    expect(verifyCalls()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'رابط' }));
    await user.click(screen.getByRole('button', { name: 'تحقَّق' }));
    expect(await screen.findByText('الصق الرابط الذي تريد التحقق منه.')).toBeInTheDocument();
    expect(verifyCalls()).toEqual([]);
  });

  it("shows the server's refusal (400) in the reader's language", async () => {
    serve(() => json(400, { number: ['Write the number as the document gives it.'], request_id: 'r1' }));
    renderWithProviders(app, { route: '/verify?number=%3F%3F&organization=MOH', preloadedState: { preferences: { language: 'en' } } });
    expect(await verdict()).toHaveTextContent('The verification could not be completed');
    expect(outcome()).toHaveTextContent('Write the number as the document gives it.');
    // Asking the same again would be refused again.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.calls.find((r) => r.url.includes('/content/verify/'))?.headers.get('accept-language')).toMatch(/^en/);
  });

  it('offers to try again when the server could not answer', async () => {
    let calls = 0;
    serve(() => (++calls === 1 ? json(503, { detail: 'Service unavailable' }) : json(200, answer('url', [version()]))));
    const { user } = renderWithProviders(app, { route: '/verify?url=x' });
    expect(await verdict()).toHaveTextContent('تعذَّر إتمام التحقق');
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('هذه الوثيقة منشورة على المنصة'));
  });

  it('reads the answer in English to an English reader', async () => {
    const old = version({ version: 1, kind: 'first', current_version: 2, is_current: false });
    serve(() => json(200, answer('url', [old])));
    renderWithProviders(app, { route: '/verify?url=x', preloadedState: { preferences: { language: 'en' } } });
    expect(await verdict()).toHaveTextContent('This document is published on the portal');
    const card = screen.getByTestId('verified-version');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Decision on opening hours of health centres');
    expect(screen.getByTestId('version-status')).toHaveTextContent('This document was amended after this version');
    expect(card).toHaveTextContent('Ministry of Health');
    expect(card).toHaveTextContent('Version 1 of 2 (first publication)');
    expect(within(card).getByRole('link', { name: 'Open the current version' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Verify a document · /));
  });
});
