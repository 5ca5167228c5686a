import type { Post } from '../../api/posts';
import { localized } from '../../components/localized';
import type { AppLanguage } from '../../state/preferencesSlice';
import type { ChipLink } from '../../components/ChipLinks';

/** The publishing organization's name in the reader's language ('' when there is none). */
export const organizationNameOf = (post: Post, language: AppLanguage) =>
  localized(language, post.organization?.name_ar ?? post.organization_name_ar, post.organization?.name ?? post.organization_name);

export const subsidiaryNameOf = (post: Post, language: AppLanguage) => localized(language, post.subsidiary_name_ar, post.subsidiary_name);

/** Each category narrows the home feed (spec §2: /?category={slug}). */
export const categoryLinks = (post: Post, language: AppLanguage): ChipLink[] =>
  post.categories_data.map((c) => ({ key: c.id, to: `/?category=${encodeURIComponent(c.slug)}`, label: localized(language, c.name_ar, c.name) }));

/**
 * The feed narrows by category only, so a subcategory leads to its category's feed; the chip
 * still names the subcategory.
 */
export const subcategoryLinks = (post: Post, language: AppLanguage): ChipLink[] =>
  post.subcategories.map((s) => ({ key: s.id, to: `/?category=${encodeURIComponent(s.category)}`, label: localized(language, s.name_ar, s.name) }));

export const hashtagLinks = (post: Post): ChipLink[] =>
  post.hashtags.map((h) => ({ key: h.id, to: `/hashtags/${encodeURIComponent(h.slug)}`, label: `#${h.name}` }));

/** A post's page (the cards' links write it the same way): the slug percent-encoded once. */
export const postPath = (slug: string) => `/post/${encodeURIComponent(slug)}`;

/** The stable page of one published version of a post (PostVersionPage). */
export const postVersionPath = (slug: string, version: number) => `/post/${encodeURIComponent(slug)}/versions/${version}`;
