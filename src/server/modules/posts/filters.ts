import { normalizeArabic } from '../../../shared/arabic';
import { postSearchOf, type PostSearch } from './search-index';
import { hashtagIdentity, stripHash } from '../../../shared/hashtags';
import { invalid, unauthorized } from '../../http/errors';
import type { RouteRequest } from '../../http/routes';
import type { MessageKey } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { dayAfter, parseDateOrInstant } from './dates';

export type ListPostsQuery = RouteRequest<'listPosts'>['query'];
export type PostOrdering = NonNullable<ListPostsQuery['ordering']>;
export type PostStatus = 'published' | 'archived' | 'draft';

/** What a list of posts is narrowed to, checked and normalised; absent means no condition. */
export interface PostFilter {
  status: PostStatus;
  /** Only this author's posts (a reader who is not staff looking at drafts). */
  ownDraftsOf?: number;
  /** Nothing can match: a visitor asking for drafts. */
  nothing?: boolean;
  language?: 'ar' | 'en';
  /** Read by the index's analyzer (src/shared/search). */
  search?: PostSearch;
  categorySlug?: string;
  subcategorySlug?: string;
  /** An English or Arabic type name, normalised. */
  typeName?: string;
  typeId?: number;
  organizationId?: number;
  organizationCode?: string;
  hashtag?: { slug: string; identity: string };
  hashtagId?: number;
  authorUsername?: string;
  publishedFrom?: Date;
  /** Exclusive: the start of the day after a plain date. */
  publishedBefore?: Date;
  /** Inclusive: an instant. */
  publishedUntil?: Date;
  minViews?: number;
  maxViews?: number;
  hasAttachments?: boolean;
  /** In force, amended or repealed, as published posts' relations make it. */
  inForce?: 'in_force' | 'amended' | 'repealed';
  /** The Following feed of this reader: posts of the people, organizations, hashtags and types they follow. */
  followingOf?: number;
}

/** True when only the status narrows the list: its size is then kept in post_status_counts. */
export function onlyByStatus(f: PostFilter): boolean {
  return Object.entries(f).every(([key, value]) => key === 'status' || value === undefined);
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The listPosts query as a filter. Published posts unless asked otherwise; archived posts are
 * public too; drafts are their author's (all of them for staff), so a visitor asking for drafts
 * gets an empty list. Throws a 400 naming the fields at fault.
 */
export function postFilterFromQuery(q: ListPostsQuery, auth: AuthContext | null): PostFilter {
  const errors: Record<string, MessageKey[]> = {};
  const f: PostFilter = { status: q.status ?? 'published' };
  if (f.status === 'draft') {
    if (!auth) f.nothing = true;
    else if (!auth.isStaff) f.ownDraftsOf = auth.userId;
  }
  f.language = q.language;
  const search = text(q.search) && postSearchOf(q.search!);
  if (search) f.search = search;
  f.categorySlug = text(q.category);
  f.subcategorySlug = text(q.subcategory);
  const typeName = text(q.type) && normalizeArabic(q.type!);
  if (typeName) f.typeName = typeName;
  f.typeId = q.type_id;
  f.organizationId = q.organization;
  f.organizationCode = text(q.organization_code);
  if (text(q.hashtag)) {
    const slug = stripHash(q.hashtag!);
    const identity = hashtagIdentity(q.hashtag!);
    if (slug && identity) f.hashtag = { slug, identity };
  }
  f.authorUsername = text(q.author);

  if (q.published_after !== undefined) {
    const after = parseDateOrInstant(q.published_after);
    if (after) f.publishedFrom = after.start;
    else errors.published_after = ['invalidDate'];
  }
  if (q.published_before !== undefined) {
    const before = parseDateOrInstant(q.published_before);
    if (!before) errors.published_before = ['invalidDate'];
    else if (before.wholeDay) f.publishedBefore = dayAfter(before.start);
    else f.publishedUntil = before.start;
  }
  if (q.min_views !== undefined && q.max_views !== undefined && q.min_views > q.max_views) {
    errors.min_views = ['minAboveMax'];
  }
  f.minViews = q.min_views;
  f.maxViews = q.max_views;
  f.hasAttachments = q.has_attachments;
  f.inForce = q.in_force;
  if (q.following) {
    if (!auth) throw unauthorized();
    f.followingOf = auth.userId;
  }

  if (Object.keys(errors).length) throw invalid(errors);
  return f;
}
