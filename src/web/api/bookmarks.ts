import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import { bookmarksGeneratedApi, type Bookmark, type Post } from './generated/bookmarks.gen';

/**
 * Where the posts are in each answer that can show one. A bookmark change patches the post in all
 * of them at once (spec §4: "the post is marked bookmarked at once when the call starts"), and
 * the patches are undone if the call fails.
 */
const POSTS_IN = {
  listPosts: (data: { results?: Post[] }) => data.results,
  listHashtagPosts: (data: { results?: Post[] }) => data.results,
  listOrganizationPosts: (data: { results?: Post[] }) => data.results,
  searchContent: (data: { posts?: Post[] }) => data.posts,
  getPost: (data: Post) => [data],
  getBookmark: (data: Bookmark) => [data.post],
  listBookmarks: (data: { results?: Bookmark[] }) => data.results?.map((b) => b.post),
} satisfies Record<string, (data: never) => Post[] | undefined>;

type PostMatch = (post: Post) => boolean;
type PostRecipe = (post: Post) => void;

interface PatchResult {
  undo: () => void;
}

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** The posts held by one cached result (draft or plain); none for an answer that holds no post. */
function postsIn(endpoint: string, data: unknown): Post[] {
  const read = POSTS_IN[endpoint as keyof typeof POSTS_IN] as ((data: unknown) => Post[] | undefined) | undefined;
  if (!read || !data || typeof data !== 'object') return [];
  return read(data) ?? [];
}

/**
 * Patches every cached result holding a matching post; returns the patches to undo. The results
 * are found by their tags: every answer that shows a post provides a 'Post' tag (the bookmark
 * list and a bookmark, 'Bookmark' ones).
 */
export function patchCachedPosts(
  dispatch: AnyDispatch,
  getState: () => unknown,
  match: PostMatch,
  recipe: PostRecipe,
  alsoBookmarkList?: (draft: { results: Bookmark[]; count: number }) => void,
): PatchResult[] {
  const state = getState() as Parameters<typeof bookmarksApi.util.selectInvalidatedBy>[0];
  // updateQueryData is typed per endpoint; this one helper serves seven of them.
  const update = baseApi.util.updateQueryData as unknown as (
    name: string,
    args: unknown,
    recipe: (draft: unknown) => void,
  ) => (d: AnyDispatch) => PatchResult;
  return bookmarksApi.util.selectInvalidatedBy(state, ['Post', 'Bookmark']).map(({ endpointName, originalArgs }) =>
    // A result without a matching post comes back unchanged (no patch to undo).
    dispatch(
      update(endpointName, originalArgs, (draft) => {
        for (const post of postsIn(endpointName, draft)) if (match(post)) recipe(post);
        if (endpointName === 'listBookmarks' && alsoBookmarkList) alsoBookmarkList(draft as { results: Bookmark[]; count: number });
      }),
    ),
  );
}

/** Spec §5: a bookmark note holds at most this many characters (after trimming). */
export const BOOKMARK_NOTE_MAX = 500;

const undoAll = (patches: PatchResult[]) => patches.forEach((p) => p.undo());

export const bookmarksApi = bookmarksGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Bookmark', 'CurrentUser', 'Post'],
  endpoints: {
    listBookmarks: {
      providesTags: (result) => [
        { type: 'Bookmark', id: 'LIST' },
        ...(result?.results ?? []).map((b) => ({ type: 'Bookmark' as const, id: b.id })),
      ],
    },
    getBookmark: { providesTags: (_result, _error, arg) => [{ type: 'Bookmark', id: arg.id }] },
    updateBookmark: {
      invalidatesTags: (_result, _error, arg) => [{ type: 'Bookmark', id: arg.id }],
    },
    bookmarkPost: {
      // The bookmark list gains an item the cache cannot build; the reader's count changes too.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Bookmark', id: 'LIST' }, 'CurrentUser']),
      async onQueryStarted({ slug }, { dispatch, getState, queryFulfilled }) {
        const bySlug = (post: Post) => post.slug === slug;
        const patches = patchCachedPosts(dispatch, getState, bySlug, (post) => {
          post.is_bookmarked = true;
        });
        try {
          const { data } = await queryFulfilled;
          patchCachedPosts(dispatch, getState, bySlug, (post) => {
            post.is_bookmarked = true;
            post.bookmark_id = data.bookmark.id;
          });
        } catch {
          undoAll(patches);
        }
      },
    },
    deleteBookmark: {
      invalidatesTags: (_result, error, arg) => (error ? [] : [{ type: 'Bookmark', id: arg.id }, { type: 'Bookmark', id: 'LIST' }, 'CurrentUser']),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const patches = patchCachedPosts(
          dispatch,
          getState,
          (post) => post.bookmark_id === id,
          (post) => {
            post.is_bookmarked = false;
            post.bookmark_id = null;
          },
          // "The item leaves the list at once and returns … on failure."
          (list) => {
            const before = list.results.length;
            list.results = list.results.filter((b) => b.id !== id);
            list.count -= before - list.results.length;
          },
        );
        try {
          await queryFulfilled;
        } catch {
          undoAll(patches);
        }
      },
    },
  },
});

export {
  useBookmarkPostMutation,
  useListBookmarksQuery,
  useLazyListBookmarksQuery,
  useGetBookmarkQuery,
  useLazyGetBookmarkQuery,
  useUpdateBookmarkMutation,
  useDeleteBookmarkMutation,
} from './generated/bookmarks.gen';
export type * from './generated/bookmarks.gen';
