/**
 * The two languages the API answers in, and how a request picks one. Apart from i18n.ts, whose
 * catalogue gathers every module's messages: a module's messages.ts names Lang from here, so no
 * module's messages import the catalogue that imports them.
 */
export type Lang = 'ar' | 'en';

/** The reader's language from Accept-Language: English when preferred over Arabic, else Arabic. */
export function languageOf(header: string | undefined): Lang {
  if (!header) return 'ar';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'ar' || tag.startsWith('ar-')) return 'ar';
  }
  return 'ar';
}
