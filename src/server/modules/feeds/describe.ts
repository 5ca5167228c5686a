import type { Queryable } from '../../db/db';
import type { Lang } from '../../i18n';
import type { ListPostsQuery, PostFilter } from '../posts/filters';

/** The words of feed titles, in both languages. */
const WORDS = {
  ar: { site: 'قرار', latest: 'أحدث المنشورات', search: 'بحث: «{}»', by: 'بقلم @{}', description: 'أحدث المنشورات الرسمية على منصة قرار', inForce: { in_force: 'سارية', amended: 'معدّلة', repealed: 'ملغاة' } },
  en: { site: 'Qarar', latest: 'Latest posts', search: 'Search: “{}”', by: 'by @{}', description: 'The latest official posts on Qarar', inForce: { in_force: 'In force', amended: 'Amended', repealed: 'Repealed' } },
} as const;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A feed's title as a reader would name the list: the site, then what narrows it (type,
 * organization, category, hashtag, state, author, search words), each name in `lang`.
 */
export async function feedTitle(db: Queryable, filter: PostFilter, searchText: string | undefined, lang: Lang): Promise<{ title: string; description: string }> {
  const w = WORDS[lang];
  const name = (row: { name: string; name_ar: string } | undefined, english = (s: string) => s) => (row ? (lang === 'ar' ? row.name_ar : english(row.name)) : undefined);
  const one = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params))[0];
  const parts: Array<string | undefined> = [];
  if (filter.typeId !== undefined || filter.typeName) {
    const type = await one<{ name: string; name_ar: string }>(
      filter.typeId !== undefined ? 'SELECT name, name_ar FROM post_types WHERE id = $1' : 'SELECT name, name_ar FROM post_types WHERE lower(name) = lower($1) OR normalize_arabic(name_ar) = $1',
      [filter.typeId ?? filter.typeName],
    );
    parts.push(name(type, capitalized) ?? filter.typeName);
  }
  if (filter.organizationId !== undefined || filter.organizationCode) {
    const org = await one<{ name: string; name_ar: string }>(
      filter.organizationId !== undefined ? 'SELECT name, name_ar FROM organizations WHERE id = $1' : 'SELECT name, name_ar FROM organizations WHERE upper(code) = upper($1)',
      [filter.organizationId ?? filter.organizationCode],
    );
    parts.push(name(org) ?? filter.organizationCode);
  }
  if (filter.categorySlug) parts.push(name(await one('SELECT name, name_ar FROM categories WHERE slug = $1', [filter.categorySlug])) ?? filter.categorySlug);
  if (filter.subcategorySlug) parts.push(name(await one('SELECT name, name_ar FROM subcategories WHERE slug = $1', [filter.subcategorySlug])) ?? filter.subcategorySlug);
  if (filter.hashtag) {
    // The tag's name as written, whether the list names it by its slug or its name.
    const tag = await one<{ name: string }>(
      'SELECT name FROM hashtags WHERE slug = $1 OR name_normalized = $2 ORDER BY (slug = $1) DESC, id LIMIT 1',
      [filter.hashtag.slug, filter.hashtag.identity],
    );
    parts.push(`#${tag?.name ?? filter.hashtag.slug}`);
  }
  if (filter.inForce) parts.push(w.inForce[filter.inForce]);
  if (filter.authorUsername) parts.push(w.by.replace('{}', filter.authorUsername));
  if (filter.search && searchText) parts.push(w.search.replace('{}', searchText.trim()));
  const shown = parts.filter(Boolean);
  return { title: `${w.site} — ${shown.length ? shown.join(' · ') : w.latest}`, description: w.description };
}

/**
 * The screen showing the same list: an organization's, a hashtag's or a type's page when that is
 * the only filter, the home feed for none, else explore with the filters it knows.
 */
export function listPagePath(query: ListPostsQuery): string {
  const given = Object.entries(query).filter(([key, value]) => value !== undefined && key !== 'lang' && key !== 'ordering');
  const only = given.length === 1 ? given[0] : undefined;
  if (given.length === 0) return '/';
  if (only?.[0] === 'organization_code') return `/organizations/${encodeURIComponent(String(only[1]))}`;
  if (only?.[0] === 'hashtag') return `/hashtags/${encodeURIComponent(String(only[1]).replace(/^#/, ''))}`;
  if (only?.[0] === 'type_id') return `/types/${Number(only[1])}`;
  const explore = new URLSearchParams();
  for (const key of EXPLORE_KEYS) if (query[key] !== undefined) explore.set(key, String(query[key]));
  const search = explore.toString();
  return search ? `/explore?${search}` : '/explore';
}

/** The filters explore's address carries under the API's own names. */
const EXPLORE_KEYS = ['search', 'category', 'type', 'type_id', 'organization', 'organization_code', 'min_views', 'max_views', 'has_attachments', 'in_force'] as const;
