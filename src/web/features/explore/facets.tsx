import Box from '@mui/material/Box';
import { createContext, useContext } from 'react';
import type { ListPostsApiArg, PostFacets, PostFacetsApiArg } from '../../api/posts';
import { usePostFacetsQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';
import { formatNumber } from './formatNumber';

/**
 * The counts beside explore's filters (GET /content/facets/, issue 32): for the current search
 * and filters, how many posts each choice would find. Each filter reads them from here; absent
 * while they are on their way, or for a status other than published (the counts are of published
 * posts), and the filters then show no counts.
 */
export const FacetsContext = createContext<PostFacets | undefined>(undefined);
export const useFacets = () => useContext(FacetsContext);

/** The facets' question for a list's: the same filters, without paging, order or status. */
export function facetArgsOf(args: Omit<ListPostsApiArg, 'page'>): PostFacetsApiArg | null {
  if (args.status !== undefined && args.status !== 'published') return null;
  const { pageSize: _pageSize, ordering: _ordering, status: _status, following: _following, ...filters } = args;
  return filters;
}

/** The counts of the list `args` asks for; undefined while they come, or when there are none. */
export function useExploreFacets(args: Omit<ListPostsApiArg, 'page'>): PostFacets | undefined {
  const facetArgs = facetArgsOf(args);
  // The counts of the filters now on screen, never those of filters the reader has left.
  const { currentData } = usePostFacetsQuery(facetArgs ?? {}, { skip: facetArgs === null });
  return facetArgs === null ? undefined : currentData;
}

/**
 * A choice's label with its count after it ("Decision 12"): the name begins what is read, the
 * count follows it (WCAG 2.5.3, the label in the name). No count while none is known.
 */
export function CountedLabel({ name, count }: { name: string; count: number | undefined }) {
  const language = useAppSelector(selectLanguage);
  return (
    <>
      {name}
      {count === undefined ? null : (
        <>
          {' '}
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', opacity: 0.85, marginInlineStart: 0.25 }}>
            {formatNumber(count, language)}
          </Box>
        </>
      )}
    </>
  );
}

/**
 * How a choice that finds nothing is shown: dimmed (a dashed edge, secondary text), still
 * there and still pressable, so the reader sees where the results are not. Its text keeps the
 * contrast of secondary text.
 */
export const dimmed = (count: number | undefined, pressed: boolean): typeof DIMMED | undefined => (count === 0 && !pressed ? DIMMED : undefined);
const DIMMED = { borderStyle: 'dashed', color: 'text.secondary' } as const;
