import ar from './locales/ar';
import en from './locales/en';
import { waitFor } from '@testing-library/react';
import i18n, { applyDocumentLanguage } from './index';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

function interpolations(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

describe('locales', () => {
  const arLeaves = new Map(leaves(ar));
  const enLeaves = new Map(leaves(en));

  it('ar and en hold exactly the same keys', () => {
    expect([...arLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('has no empty value in either language', () => {
    for (const [key, value] of [...arLeaves, ...enLeaves]) {
      expect({ key, empty: value.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    for (const [key, value] of enLeaves) {
      expect({ key, vars: interpolations(arLeaves.get(key) ?? '') }).toEqual({ key, vars: interpolations(value) });
    }
  });

  // A counted text is one key per plural form (i18next's suffixes): all six Arabic has in both
  // languages, so the two trees stay the same; English reads only _one and _other (and _zero).
  it('gives every counted text the six plural forms in both languages', () => {
    const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
    for (const leavesOf of [arLeaves, enLeaves]) {
      const counted = new Set([...leavesOf.keys()].flatMap((key) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []));
      expect(counted).toContain('postCard.moreFiles');
      for (const key of counted) {
        expect({ key, forms: FORMS.filter((form) => leavesOf.has(`${key}_${form}`)) }).toEqual({ key, forms: FORMS });
        expect({ key, plain: leavesOf.has(key) }).toEqual({ key, plain: false });
      }
    }
  });

  it('keeps the Arabic strings of the specification verbatim', () => {
    expect(ar.home.title).toBe('الرئيسية');
    expect(ar.explore.title).toBe('اكتشف');
    expect(ar.bookmarks.title).toBe('المحفوظات');
    expect(ar.home.endOfFeed).toBe('لا يوجد المزيد من المنشورات');
    expect(ar.home.empty).toBe('لم يتم العثور على منشورات. يرجى التحقق لاحقاً أو تجربة تصنيف مختلف.');
    expect(ar.lightbox.imageFailed).toBe('تعذر تحميل الصورة');
    expect(ar.toast.downloading).toBe('جاري تنزيل الملف...');
    expect(ar.share.linkCopied).toBe('تم نسخ الرابط');
    expect(ar.bookmark.signInRequired).toBe('يرجى تسجيل الدخول لحفظ المنشورات');
    expect(ar.bookmark.addFailed).toBe('فشل في إضافة الإشارة المرجعية');
    expect(ar.bookmark.removeFailed).toBe('فشل في حذف الإشارة المرجعية');
    expect(ar.bookmark.removed).toBe('تم حذف الإشارة المرجعية');
    expect(ar.bookmark.notesUpdated).toBe('تم تحديث الملاحظات');
    expect(ar.bookmark.notesUpdateFailed).toBe('فشل في تحديث الملاحظات');
    expect(ar.bookmark.notFound).toBe('لم يتم العثور على الإشارة المرجعية');
    expect(ar.session.signedOut).toBe('تم تسجيل الخروج بنجاح');
  });

  it('interpolates the feed error in Arabic', () => {
    expect(i18n.t('home.error', { error: 'X', lng: 'ar' })).toBe('خطأ في تحميل المنشورات: X');
  });

  it('keeps the English texts other code relies on', () => {
    expect(en.errors.unexpected).toBe('An unexpected error occurred');
    expect(en.errors.notFound).toBe('Resource not found');
    expect(en.errors.accessDenied).toBe('Access denied');
    expect(en.errors.authRequired).toBe('Authentication required');
    expect(en.errors.validation).toBe('Validation error');
    expect(en.session.expired).toBe('Your session has expired. Please log in again.');
    expect(en.session.authFailed).toBe('Authentication failed. Please log in again.');
  });
});

describe('plural forms', () => {
  // Both whole trees in an instance of their own (the app's loads English only when chosen).
  const strings = i18n.createInstance();
  void strings.init({ resources: { ar: { translation: ar }, en: { translation: en } }, lng: 'ar', initAsync: false, interpolation: { escapeValue: false } });
  const n = (count: number, lng: 'ar' | 'en') => new Intl.NumberFormat(lng).format(count);

  it.each([
    [0, 'لا ملفات أخرى'],
    [1, 'ملف آخر'],
    [2, 'ملفان آخران'],
    [3, '3 ملفات أخرى'],
    [10, '10 ملفات أخرى'],
    [11, '11 ملفًا آخر'],
    [99, '99 ملفًا آخر'],
    [100, '100 ملف آخر'],
    [102, '102 ملف آخر'],
    [103, '103 ملفات أخرى'],
    [111, '111 ملفًا آخر'],
    [1000, '1,000 ملف آخر'],
  ])("says '{n} more files' for %i in Arabic as «%s»", (count, text) => {
    expect(strings.t('postCard.moreFiles', { count, n: n(count, 'ar'), lng: 'ar' })).toBe(text);
  });

  it.each([
    [0, 'No more files'],
    [1, '1 more file'],
    [2, '2 more files'],
    [3, '3 more files'],
    [11, '11 more files'],
    [1000, '1,000 more files'],
  ])("says '{n} more files' for %i in English as “%s”", (count, text) => {
    expect(strings.t('postCard.moreFiles', { count, n: n(count, 'en'), lng: 'en' })).toBe(text);
  });
});

describe('applyDocumentLanguage', () => {
  afterEach(() => applyDocumentLanguage('ar'));

  it('ships only Arabic up front and fetches English on first use', () => {
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('sets <html lang dir> and the i18next language together', async () => {
    applyDocumentLanguage('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(i18n.t('nav.home')).toBe('Home');

    applyDocumentLanguage('ar');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(i18n.t('nav.home')).toBe('الرئيسية');
  });

  it('links the web app manifest of the language (public/), so an app installed is in the reader’s', () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.appendChild(link);
    try {
      applyDocumentLanguage('en');
      expect(link.getAttribute('href')).toBe('/manifest.en.webmanifest');
      applyDocumentLanguage('ar');
      expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    } finally {
      link.remove();
    }
  });
});
