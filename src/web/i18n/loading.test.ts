/** The split strings: Arabic core bundled, everything else fetched when first needed. */
type I18nModule = typeof import('./index');

async function freshI18n(): Promise<I18nModule> {
  let mod: I18nModule | undefined;
  await jest.isolateModulesAsync(async () => {
    mod = await import('./index');
  });
  return mod!;
}

describe('string loading', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('starts with the Arabic core only, and reports a key used before its strings arrived', async () => {
    const { default: i18n } = await freshI18n();
    expect(i18n.t('home.title')).toBe('الرئيسية');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('auth.login.title')).toBe('auth.login.title');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('missing "auth.login.title"'));
  });

  it('loads the screen strings on demand, and both parts of a language chosen afterwards', async () => {
    const { default: i18n, loadScreenStrings, applyDocumentLanguage } = await freshI18n();
    await loadScreenStrings();
    expect(i18n.t('auth.login.title')).toBe('تسجيل الدخول إلى منصة القرارات');
    applyDocumentLanguage('en');
    await new Promise<void>((resolve) => i18n.on('languageChanged', () => resolve()));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(i18n.t('home.title')).toBe('Home');
    expect(i18n.t('auth.login.title')).not.toMatch(/[\u0600-\u06ff]|auth\.login/);
    expect(errors).not.toHaveBeenCalled();
  });

  it('loads only the core of a language chosen before any other screen was opened', async () => {
    const { default: i18n, loadLanguage } = await freshI18n();
    await loadLanguage('en');
    expect(i18n.getResource('en', 'translation', 'home.title')).toBe('Home');
    expect(i18n.getResource('en', 'translation', 'auth.login.title')).toBeUndefined();
  });
});
