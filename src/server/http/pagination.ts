import type { FastifyRequest } from 'fastify';
import { notFound } from './errors';
import { baseUrl } from './urls';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface Page<T> {
  count: number;
  /** `count` is a lower bound: there are more (only set when true). */
  count_bounded?: true;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** page and page_size as validated by the contract (defaults applied there). */
export function pageOf(query: { page?: number; page_size?: number }, defaultSize = 10): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function pageUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, baseUrl(req));
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * The paged answer, with absolute links to the neighbouring pages. A page past the end is a
 * 404 (as Django REST framework answers), except page 1 of an empty list. A `bounded` count
 * says the list holds more than `count`: there is a next page.
 */
export function paged<T>(req: FastifyRequest, p: PageRequest, count: number, results: T[], bounded = false): Page<T> {
  const last = Math.max(1, Math.ceil(count / p.pageSize));
  if (p.page > last && !bounded) throw notFound('invalidPage');
  return {
    count,
    ...(bounded ? { count_bounded: true as const } : {}),
    next: p.page < last || bounded ? pageUrl(req, p.page + 1) : null,
    previous: p.page > 1 ? pageUrl(req, p.page - 1) : null,
    results,
  };
}
