import { useCallback } from 'react';
import { baseApi } from '../../../api/baseApi';
import { pagedListError, type ResponseFormatError } from '../../../api/responseChecks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { useInfinitePages, type InfinitePages, type PagedArg, type PagedEndpoint, type PagedItem } from './useInfinitePages';

/** A paged list whose answers must pass the §5 response checks (the hashtag and organization lists). */
export interface CheckedPages<Item> {
  pages: InfinitePages<Item>;
  /** The check a loaded page failed ('Invalid API response format', …): an i18n key. */
  formatError: ResponseFormatError | undefined;
  /** Asks the whole list again after a failed check (a malformed answer is cached as a success). */
  refetch(): void;
}

/**
 * useInfinitePages, plus the §5 checks of every page loaded for `arg`. `listTag` is the tag the
 * endpoint's pages provide, invalidated to ask them again.
 */
export function useCheckedPages<E extends PagedEndpoint>(
  endpoint: E,
  arg: PagedArg<E>,
  listTag: { type: string; id: 'LIST' },
): CheckedPages<PagedItem<E>> {
  const pages = useInfinitePages(endpoint, arg);
  const formatError = useAppSelector((state) =>
    pagedListError(
      // Every page of every query of this endpoint; pagedListError keeps those of `arg`.
      baseApi.util.selectCachedArgsForQuery(state, endpoint.name as never) as PagedArg<E>[],
      arg,
      (cached) => (endpoint.select(cached) as unknown as (s: RootState) => { isSuccess: boolean; data?: unknown })(state),
    ),
  );
  const dispatch = useAppDispatch();
  const refetch = useCallback(() => {
    // The base API is declared without tag types (each domain file adds its own).
    dispatch(baseApi.util.invalidateTags([listTag] as never));
  }, [dispatch, listTag]);
  return { pages, formatError, refetch };
}
