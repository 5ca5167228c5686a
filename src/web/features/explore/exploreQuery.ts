import type { InForce, ListPostsApiArg, PostOrdering, PostStatus } from '../../api/posts';

/**
 * The explore screen's state lives in its address (spec §2 'Explore / Discover'), so a filtered
 * view can be shared and survives a reload. This module reads and writes that address and turns
 * it into the listPosts query; it is pure, with the clock passed in.
 */

export const SORT_OPTIONS = ['newest', 'oldest', 'most_viewed', 'least_viewed', 'relevance'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
/** The orders a view offers: 'relevance' ranks a search's results, so only while there is one. */
export const sortOptionsFor = (filters: Pick<ExploreFilters, 'search'>): readonly SortBy[] =>
  filters.search ? SORT_OPTIONS : SORT_OPTIONS.filter((option) => option !== 'relevance');
export const DATE_RANGES = ['today', 'week', 'month', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
const STATUSES: readonly PostStatus[] = ['published', 'draft', 'archived'];
/** Whether a post is still in force, as its relations make it (issue 14); absent: all posts. */
export const IN_FORCE_STATES: readonly InForce[] = ['in_force', 'amended', 'repealed'];

export const DEFAULT_SORT: SortBy = 'newest';
export const DEFAULT_STATUS: PostStatus = 'published';
/** Spec §9: filtered post lists are read 20 at a time. */
export const EXPLORE_PAGE_SIZE = 20;

/** Spec §9 date filters, in calendar days counted back from (and including) today. */
const RANGE_DAYS: Record<Exclude<DateRange, 'custom'>, number> = { today: 1, week: 7, month: 30 };

const ORDERING: Record<SortBy, PostOrdering> = {
  newest: '-published_at',
  oldest: 'published_at',
  most_viewed: '-view_count',
  least_viewed: 'view_count',
  relevance: 'relevance',
};

/** Limits of the contract (openapi listPosts): a value beyond them would be answered with a 400. */
const MAX_SEARCH = 200;
const MAX_SLUG = 100;
const MAX_CODE = 50;
const MAX_INT = 2_147_483_647;

/** The explore filters; absent means not set (status and sort then take their defaults). */
export interface ExploreFilters {
  search?: string;
  /** Category slug. */
  category?: string;
  /** Post type name, English or Arabic. */
  type?: string;
  typeId?: number;
  /** Organization id. */
  organization?: number;
  organizationCode?: string;
  /** Never 'published': that is the default. */
  status?: PostStatus;
  dateRange?: DateRange;
  /** `YYYY-MM-DD`, with dateRange 'custom' only. */
  startDate?: string;
  endDate?: string;
  minViews?: number;
  maxViews?: number;
  /** Never 'newest': that is the default; 'relevance' only with a search. */
  sortBy?: SortBy;
  hasAttachments?: true;
  inForce?: InForce;
}

export type FilterKey = keyof ExploreFilters;

/** URL parameter of each filter, in the order they are written (spec §2's order). */
const PARAMS: Record<FilterKey, string> = {
  search: 'search',
  category: 'category',
  type: 'type',
  typeId: 'type_id',
  organization: 'organization',
  organizationCode: 'organization_code',
  status: 'status',
  dateRange: 'dateRange',
  startDate: 'start_date',
  endDate: 'end_date',
  minViews: 'min_views',
  maxViews: 'max_views',
  sortBy: 'sortBy',
  hasAttachments: 'has_attachments',
  inForce: 'in_force',
};

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.includes(value as T) ? (value as T) : undefined;

/** Trimmed text up to `max` characters; blank or longer is not a value. */
function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** A whole number written in plain digits, within [min, MAX_INT]. */
function integer(value: string | null, min: number): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= MAX_INT ? n : undefined;
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: string | null | undefined): value is string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const date = new Date(y, mo - 1, d);
  return y >= 1000 && date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
}

/**
 * The filters an address holds. Unknown or malformed values are dropped; so are defaults, a
 * contradictory view range (min above max) and dates outside a custom range. Dates without a
 * dateRange are read as a custom range, so a hand-written `?start_date=…` still works.
 */
export function parseExploreParams(params: URLSearchParams): ExploreFilters {
  const f: ExploreFilters = {};
  f.search = text(params.get('search'), MAX_SEARCH);
  f.category = text(params.get('category'), MAX_SLUG);
  f.type = text(params.get('type'), MAX_SLUG);
  f.typeId = integer(params.get('type_id'), 1);
  f.organization = integer(params.get('organization'), 1);
  f.organizationCode = text(params.get('organization_code'), MAX_CODE);
  const status = oneOf(STATUSES, params.get('status'));
  if (status !== DEFAULT_STATUS) f.status = status;

  const start = params.get('start_date');
  const end = params.get('end_date');
  const startDate = isCalendarDate(start) ? start : undefined;
  const endDate = isCalendarDate(end) ? end : undefined;
  const range = oneOf(DATE_RANGES, params.get('dateRange')) ?? (startDate || endDate ? 'custom' : undefined);
  if (range === 'custom') {
    if (startDate || endDate) Object.assign(f, { dateRange: range, startDate, endDate });
  } else {
    f.dateRange = range;
  }

  f.minViews = integer(params.get('min_views'), 0);
  f.maxViews = integer(params.get('max_views'), 0);
  if (f.minViews !== undefined && f.maxViews !== undefined && f.minViews > f.maxViews) {
    f.minViews = undefined;
    f.maxViews = undefined;
  }
  // 'relevance' without a search is the default order (and rewritten away).
  const sortBy = oneOf(sortOptionsFor(f), params.get('sortBy'));
  if (sortBy !== DEFAULT_SORT) f.sortBy = sortBy;
  if (params.get('has_attachments') === 'true') f.hasAttachments = true;
  f.inForce = oneOf(IN_FORCE_STATES, params.get('in_force'));
  return compact(f);
}

/** Drops an order the filters do not offer: removing the search removes 'relevance' with it. */
function withOfferedSort(filters: ExploreFilters): ExploreFilters {
  return filters.sortBy && !sortOptionsFor(filters).includes(filters.sortBy) ? { ...filters, sortBy: undefined } : filters;
}

/** Drops the keys set to undefined, so filters compare and count by their keys. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The address of some filters: set values only, defaults left out, in a fixed order. */
export function serializeExploreFilters(filters: ExploreFilters): URLSearchParams {
  const params = new URLSearchParams();
  const offered = withOfferedSort(filters);
  for (const [key, name] of Object.entries(PARAMS) as [FilterKey, string][]) {
    const value = offered[key];
    if (value === undefined || value === '' || (key === 'sortBy' && value === DEFAULT_SORT) || (key === 'status' && value === DEFAULT_STATUS)) continue;
    params.set(name, String(value));
  }
  return params;
}

/** Filters with some changed; a key given as undefined is removed. */
export function withFilters(filters: ExploreFilters, changes: Partial<ExploreFilters>): ExploreFilters {
  return compact(withOfferedSort({ ...filters, ...changes }));
}

/** How many parameters differ from the defaults (type and organization count once each). */
export function countActiveFilters(filters: ExploreFilters): number {
  const keys = new Set(
    (Object.keys(filters) as FilterKey[]).map((key) => {
      if (key === 'typeId') return 'type';
      if (key === 'organizationCode') return 'organization';
      if (key === 'startDate' || key === 'endDate') return 'dateRange';
      return key;
    }),
  );
  return keys.size;
}

/** Whether anything narrows the list (an order alone cannot make it empty). */
export function narrowsList(filters: ExploreFilters): boolean {
  return (Object.keys(filters) as FilterKey[]).some((key) => key !== 'sortBy');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of an instant, `YYYY-MM-DD`. */
export function localDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * An instant written in the reader's own offset (e.g. 2025-03-15T00:00:00.000+03:00): the
 * server reads it exactly, and the request shows the local day it stands for.
 */
export function localInstant(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  return `${localDate(date)}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const startOfDay = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const endOfDay = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d + 1, 0, 0, 0, -1);
};

/**
 * The published_after/published_before of a date filter, in the reader's local time: today
 * from local midnight, a week the last 7 calendar days and a month the last 30 (today included,
 * spec §9), a custom range from the start of its first day to the end of its last. Counting
 * whole days keeps the query the same all day long, so it is cached and not re-asked each render.
 */
export function dateBounds(
  filters: Pick<ExploreFilters, 'dateRange' | 'startDate' | 'endDate'>,
  now: Date,
): Pick<ListPostsApiArg, 'publishedAfter' | 'publishedBefore'> {
  const range = filters.dateRange;
  if (!range) return {};
  if (range === 'custom') {
    return {
      ...(filters.startDate ? { publishedAfter: localInstant(startOfDay(filters.startDate)) } : {}),
      ...(filters.endDate ? { publishedBefore: localInstant(endOfDay(filters.endDate)) } : {}),
    };
  }
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (RANGE_DAYS[range] - 1));
  return { publishedAfter: localInstant(from) };
}

/** The listPosts query of some filters (without the page, which the paged list adds). */
export function toListPostsArgs(filters: ExploreFilters, now: Date): Omit<ListPostsApiArg, 'page'> {
  return compact<Omit<ListPostsApiArg, 'page'>>({
    pageSize: EXPLORE_PAGE_SIZE,
    status: filters.status ?? DEFAULT_STATUS,
    ordering: ORDERING[withOfferedSort(filters).sortBy ?? DEFAULT_SORT],
    search: filters.search,
    category: filters.category,
    type: filters.type,
    typeId: filters.typeId,
    organization: filters.organization,
    organizationCode: filters.organizationCode,
    ...dateBounds(filters, now),
    minViews: filters.minViews,
    maxViews: filters.maxViews,
    hasAttachments: filters.hasAttachments,
    inForce: filters.inForce,
  });
}
