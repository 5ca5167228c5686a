import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postsApi, type Post } from '../../api/posts';
import { PageHeader } from '../../components/PageHeader';
import { CardSlotsContext } from '../../components/posts/card/cardSlots';
import { PostList } from '../../components/posts/list/PostList';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { ActiveFilters } from './ActiveFilters';
import { CategoriesSection } from './CategoriesSection';
import { CategoryFilter } from './CategoryFilter';
import { ExploreSearch } from './ExploreSearch';
import { FacetsContext, useExploreFacets } from './facets';
import { narrowsList, serializeExploreFilters, toListPostsArgs, withFilters } from './exploreQuery';
import { DidYouMean } from '../../components/search/DidYouMean';
import { InForceFilter } from './InForceFilter';
import { OrganizationFilter } from './OrganizationFilter';
import { QuickFilters } from './QuickFilters';
import { ResultCount } from './ResultCount';
import { useSearchSlots } from './searchSlots';
import { TrendingSection } from './TrendingSection';
import { TypeFilter } from './TypeFilter';
import { YearFilter } from './YearFilter';
import { useExploreFilters } from './useExploreFilters';
import { clockNow, useClock } from '../../app/clock';
import { Feeds } from '../../components/feeds/Feeds';

/** /explore (spec §2 'Explore / Discover'): search and filters, all kept in the address. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const { filters, update, clearAll } = useExploreFilters();
  // The clock is read when the filters change, not on every render: date ranges count whole
  // days, so the query stays the same (and cached) until the reader changes something.
  // The drawn page's moment while the app takes it over, so the list is the one it was drawn from.
  const clock = useClock();
  const args = useMemo(() => toListPostsArgs(filters, clockNow(clock)), [filters, clock]);
  const pages = useInfinitePages<Post>(postsApi.endpoints.listPosts, args);
  // The first page says whether its count is exact; read from the cache the list fills.
  const { bounded } = postsApi.endpoints.listPosts.useQueryState(
    { ...args, page: 1 },
    { selectFromResult: ({ data }) => ({ bounded: data?.count_bounded === true }) },
  );
  const narrowed = narrowsList(filters);
  // A feed follows new posts: a range counted back from today (a week, say) is not kept, a chosen one is.
  const feedArgs = useMemo(
    () => toListPostsArgs(filters.dateRange === 'custom' ? filters : { ...filters, dateRange: undefined }, clockNow(clock)),
    [filters, clock],
  );
  const slots = useSearchSlots(filters.search);
  // How many posts each choice of the filters would find, beside it (issue 32).
  const facets = useExploreFacets(args);

  return (
    <>
      <PageHeader title={t('explore.title')} actions={<Feeds arg={feedArgs} title={t('explore.title')} />} />
      <ExploreSearch value={filters.search} onSearch={(search) => update({ search })} onClear={() => update({ search: undefined })} />
      {filters.search ? (
        // A search that finds little: searches close to it (each with the other filters kept), under the box.
        <DidYouMean
          search={filters.search}
          count={pages.isLoading ? undefined : pages.count}
          hrefFor={(q) => `/explore?${serializeExploreFilters(withFilters(filters, { search: q })).toString()}`}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 1 }}>
        <FacetsContext.Provider value={facets}>
          <QuickFilters filters={filters} update={update} />
          <TypeFilter filters={filters} update={update} />
          <OrganizationFilter filters={filters} update={update} />
          <InForceFilter filters={filters} update={update} />
          <YearFilter filters={filters} update={update} />
          <ActiveFilters filters={filters} update={update} clearAll={clearAll} />
          {/* Searched or filtered: the categories narrow the results; else the spec's links to each. */}
          {narrowed && facets ? <CategoryFilter filters={filters} update={update} /> : <CategoriesSection />}
        </FacetsContext.Provider>
        <TrendingSection />
      </Box>
      <ResultCount count={narrowed ? pages.count : undefined} bounded={bounded} />
      <CardSlotsContext.Provider value={slots}>
        <PostList pages={pages} label={t('explore.results')} emptyMessage={narrowed ? t('explore.emptyFiltered') : t('explore.empty')} mode="infinite" />
      </CardSlotsContext.Provider>
    </>
  );
}
