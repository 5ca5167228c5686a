import type { Post } from '../../../api/posts';
import type { Language } from '../../../i18n/types';
import { diffWords, type WordDiff } from './wordDiff';

export type FieldName = 'title' | 'summary' | 'content';
const FIELDS: readonly FieldName[] = ['title', 'summary', 'content'];

export interface FieldDiff extends WordDiff {
  field: FieldName;
  language: Language;
}

const textOf = (post: Post, field: FieldName, language: Language): string => (language === 'ar' ? post[`${field}_ar`] : post[field]) ?? '';

/**
 * The title, summary and text of both versions compared word by word, in each language either
 * version has them in: the post's own language first (the newer version's), then the other.
 */
export function fieldDiffs(older: Post, newer: Post): FieldDiff[] {
  const first = newer.language;
  const languages: Language[] = [first, first === 'ar' ? 'en' : 'ar'];
  const diffs: FieldDiff[] = [];
  for (const language of languages) {
    for (const field of FIELDS) {
      const before = textOf(older, field, language).trim();
      const after = textOf(newer, field, language).trim();
      if (!before && !after) continue;
      diffs.push({ field, language, ...diffWords(before, after, language) });
    }
  }
  return diffs;
}

/** Words added and removed over all the fields. */
export const totalsOf = (diffs: readonly WordDiff[]) => ({
  added: diffs.reduce((sum, d) => sum + d.added, 0),
  removed: diffs.reduce((sum, d) => sum + d.removed, 0),
});
