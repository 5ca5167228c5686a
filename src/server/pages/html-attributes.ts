import type { DrawnPage } from '../../shared/drawnPage';

/** index.html's own <html> tag: Arabic, right to left. */
const HTML_TAG = /<html lang="ar" dir="rtl">/;
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * The page in another language: its <html> names it, so the first paint has its direction.
 * Attributes that are not a language tag and a direction leave the page as it is.
 */
export function withLanguage(page: string, attributes: DrawnPage['htmlAttributes'] | undefined): string {
  if (!attributes || (attributes.lang === 'ar' && attributes.dir === 'rtl')) return page;
  const { lang, dir } = attributes;
  if (!LANGUAGE_TAG.test(String(lang)) || (dir !== 'rtl' && dir !== 'ltr')) return page;
  return page.replace(HTML_TAG, () => `<html lang="${lang}" dir="${dir}">`);
}
