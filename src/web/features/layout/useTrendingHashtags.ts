import { useListTrendingHashtagsQuery } from '../../api/hashtags';
import { TRENDING_LIMIT } from '../../components/rightColumn';

/** Spec §9: the trending widget's default; the sidebar shows 5 of them, the mobile search 10. */
export { TRENDING_LIMIT };

/** One cached request shared by the right column and the mobile search overlay. */
export function useTrendingHashtags(count: number) {
  const { data = [], isLoading } = useListTrendingHashtagsQuery({ limit: TRENDING_LIMIT });
  return { hashtags: data.slice(0, count), isLoading };
}
