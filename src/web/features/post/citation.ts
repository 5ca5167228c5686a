import type { Post } from '../../api/posts';

type Cited = Pick<Post, 'slug' | 'title' | 'title_ar' | 'type' | 'organization' | 'organization_name' | 'organization_name_ar' | 'document_number' | 'issued_on' | 'issued_on_hijri' | 'published_at'>;

/** A type's English name from its key ("royal_decree" → "Royal decree"): the citation's English is the same in either interface language. */
const englishType = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A post's stable citation in one language (issue 30, point 5): organization, type, number, the
 * Hijri and Gregorian years, the title and its permanent address — the same text whatever the
 * interface language, so each language's citation is built here rather than from the loaded
 * strings (only the interface language's are).
 */
export function citationOf(post: Cited, language: 'ar' | 'en', url: string): string {
  const gregorian = (post.issued_on ?? post.published_at ?? '').slice(0, 4);
  const hijri = post.issued_on_hijri?.split('-')[0] ?? '';
  if (language === 'ar') {
    const organization = post.organization?.name_ar ?? post.organization_name_ar ?? '';
    const number = post.document_number ? ` رقم ${post.document_number}` : '';
    const years = hijri && gregorian ? ` لعام ${hijri} هـ (${gregorian} م)` : gregorian ? ` لعام ${gregorian} م` : '';
    const title = post.title_ar || post.title;
    return `${organization ? `${organization}، ` : ''}${post.type.name_ar}${number}${years}: «${title}». بوابة قرار، ${url}`;
  }
  const organization = post.organization?.name ?? post.organization_name ?? '';
  const number = post.document_number ? ` No. ${post.document_number}` : '';
  const years = gregorian ? ` of ${gregorian}${hijri ? ` (${hijri} AH)` : ''}` : '';
  const title = post.title || post.title_ar;
  return `${organization ? `${organization}, ` : ''}${englishType(post.type.name)}${number}${years}, “${title}”. Qarar portal, ${url}`;
}
