/**
 * An organization's contact details as links that are safe to follow. The values come from
 * the organization's record, so nothing but web addresses, e-mail and phone numbers may
 * become a link (no `javascript:` or other schemes).
 */

export interface ExternalLink {
  href: string;
  /** What the reader sees: the address without its scheme and trailing slash. */
  text: string;
}

/** A web site as an http(s) link; a bare 'www.example.sa' is taken as https. */
export function websiteLink(value: string | null | undefined): ExternalLink | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) return undefined;
  const shown = `${url.host}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  return { href: url.href, text: shown };
}

/** A mailto: link for one plain address. */
export function emailLink(value: string | null | undefined): ExternalLink | undefined {
  const text = value?.trim();
  if (!text || !/^[^\s@/:?#]+@[^\s@/:?#]+\.[^\s@/:?#]+$/.test(text)) return undefined;
  return { href: `mailto:${text}`, text };
}

/** A tel: link keeping only the digits and a leading '+'; shown as written. */
export function phoneLink(value: string | null | undefined): ExternalLink | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const digits = text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (digits.replace('+', '').length < 3) return undefined;
  return { href: `tel:${digits}`, text };
}
