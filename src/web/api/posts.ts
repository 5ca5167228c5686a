import { postsGeneratedApi } from './generated/posts.gen';

/** Spec §9 cache lifetimes (seconds an unused result is kept). */
export const CATEGORIES_TTL_SECONDS = 600;
export const POST_TYPES_TTL_SECONDS = 1800;
/**
 * Pages of post lists outlive their screen this long (RTK's default is 60 s), so that Back
 * from a post to a long list finds its pages in the cache and returns to the same place.
 */
export const POST_PAGES_TTL_SECONDS = 600;

/** A page of posts provides each post's id and the list itself (id 'LIST'). */
export const postListTags = (posts: { id: number }[] | undefined) => [
  { type: 'Post' as const, id: 'LIST' },
  ...(posts ?? []).map((p) => ({ type: 'Post' as const, id: p.id })),
];

export const postsApi = postsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Post', 'Category', 'PostType', 'Following'],
  endpoints: {
    listPosts: {
      keepUnusedDataFor: POST_PAGES_TTL_SECONDS,
      // The reader's "Following" list changes as they follow or stop (src/web/api/people.ts).
      providesTags: (result, _error, arg) => [...postListTags(result?.results), ...(arg.following ? (['Following'] as const) : [])],
    },
    getPost: { providesTags: (result, _error, arg) => [{ type: 'Post', id: result?.id ?? arg.slug }] },
    searchContent: { providesTags: (result) => postListTags(result?.posts) },
    listCategories: {
      keepUnusedDataFor: CATEGORIES_TTL_SECONDS,
      providesTags: (result) => [{ type: 'Category', id: 'LIST' }, ...(result ?? []).map((c) => ({ type: 'Category' as const, id: c.id }))],
    },
    getCategory: {
      keepUnusedDataFor: CATEGORIES_TTL_SECONDS,
      providesTags: (result, _error, arg) => [{ type: 'Category', id: result?.id ?? arg.id }],
    },
    listPostTypes: {
      keepUnusedDataFor: POST_TYPES_TTL_SECONDS,
      providesTags: (result) => [{ type: 'PostType', id: 'LIST' }, ...(result ?? []).map((t) => ({ type: 'PostType' as const, id: t.id }))],
    },
    getPostType: {
      keepUnusedDataFor: POST_TYPES_TTL_SECONDS,
      providesTags: (_result, _error, arg) => [{ type: 'PostType', id: arg.id }],
    },
  },
});

export {
  useListPostsQuery,
  useLazyListPostsQuery,
  useGetPostQuery,
  useLazyGetPostQuery,
  useSearchContentQuery,
  useLazySearchContentQuery,
  useSuggestContentQuery,
  usePostFacetsQuery,
  useCorrectSearchQuery,
  useListCategoriesQuery,
  useLazyListCategoriesQuery,
  useGetCategoryQuery,
  useLazyGetCategoryQuery,
  useListPostTypesQuery,
  useLazyListPostTypesQuery,
  useGetPostTypeQuery,
  useLazyGetPostTypeQuery,
} from './generated/posts.gen';
export type * from './generated/posts.gen';
