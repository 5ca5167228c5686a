import { hashtagsGeneratedApi } from './generated/hashtags.gen';
import { POST_PAGES_TTL_SECONDS, postListTags } from './posts';

/** Spec §9: hashtags are kept 5 minutes. */
export const HASHTAGS_TTL_SECONDS = 300;

const hashtagListTags = (tags: { id: number }[] | undefined) => [
  { type: 'Hashtag' as const, id: 'LIST' },
  ...(tags ?? []).map((h) => ({ type: 'Hashtag' as const, id: h.id })),
];

export const hashtagsApi = hashtagsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Hashtag', 'Post'],
  endpoints: {
    listHashtags: { keepUnusedDataFor: HASHTAGS_TTL_SECONDS, providesTags: (result) => hashtagListTags(result?.results) },
    listTrendingHashtags: { keepUnusedDataFor: HASHTAGS_TTL_SECONDS, providesTags: (result) => hashtagListTags(result) },
    listPopularHashtags: { keepUnusedDataFor: HASHTAGS_TTL_SECONDS, providesTags: (result) => hashtagListTags(result) },
    getHashtag: {
      keepUnusedDataFor: HASHTAGS_TTL_SECONDS,
      providesTags: (result, _error, arg) => [{ type: 'Hashtag', id: result?.id ?? arg.slug }],
    },
    listRelatedHashtags: { keepUnusedDataFor: HASHTAGS_TTL_SECONDS, providesTags: (result) => hashtagListTags(result) },
    listHashtagPosts: { keepUnusedDataFor: POST_PAGES_TTL_SECONDS, providesTags: (result) => postListTags(result?.results) },
  },
});

export {
  useListHashtagsQuery,
  useLazyListHashtagsQuery,
  useListTrendingHashtagsQuery,
  useLazyListTrendingHashtagsQuery,
  useListPopularHashtagsQuery,
  useLazyListPopularHashtagsQuery,
  useGetHashtagQuery,
  useLazyGetHashtagQuery,
  useListRelatedHashtagsQuery,
  useLazyListRelatedHashtagsQuery,
  useListHashtagPostsQuery,
  useLazyListHashtagPostsQuery,
} from './generated/hashtags.gen';
export type {
  Hashtag,
  HashtagOrdering,
  PaginatedHashtagList,
  ListHashtagsApiArg,
  ListHashtagsApiResponse,
  ListTrendingHashtagsApiArg,
  ListPopularHashtagsApiArg,
  GetHashtagApiArg,
  ListRelatedHashtagsApiArg,
  ListHashtagPostsApiArg,
  ListHashtagPostsApiResponse,
} from './generated/hashtags.gen';
