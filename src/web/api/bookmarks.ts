import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import { bookmarksGeneratedApi, type Bookmark, type Post } from './generated/bookmarks.gen';

/**
 * Every cached result that can show a post. A bookmark change patches the post in all of them
 * at once (spec §4: "the post is marked bookmarked at once when the call starts"), and the
 * patches are undone if the call fails.
 */
export const POST_BEARING_ENDPOINTS = ['listPosts', 'getPost', 'searchContent', 'listHashtagPosts', 'listOrganizationPosts', 'listBookmarks', 'getBookmark'] as const;
type PostBearingEndpoint = (typeof POST_BEARING_ENDPOINTS)[number];

type PostMatch = (post: Post) => boolean;
type PostRecipe = (post: Post) => void;

interface CacheEntry {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
}

interface PatchResult {
  undo: () => void;
}

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** The posts held by one cached result (draft or plain), whatever the endpoint's shape. */
function postsIn(endpoint: PostBearingEndpoint, data: unknown): Post[] {
  if (!data || typeof data !== 'object') return [];
  switch (endpoint) {
    case 'getPost':
      return [data as Post];
    case 'getBookmark':
      return [(data as Bookmark).post];
    case 'listBookmarks':
      return ((data as { results?: Bookmark[] }).results ?? []).map((b) => b.post);
    case 'searchContent':
      return (data as { posts?: Post[] }).posts ?? [];
    default:
      return (data as { results?: Post[] }).results ?? [];
  }
}

/** Patches every cached result holding a matching post; returns the patches to undo. */
export function patchCachedPosts(
  dispatch: AnyDispatch,
  getState: () => unknown,
  match: PostMatch,
  recipe: PostRecipe,
  alsoBookmarkList?: (draft: { results: Bookmark[]; count: number }) => void,
): PatchResult[] {
  const queries = ((getState() as { [k: string]: unknown })[baseApi.reducerPath] as { queries: Record<string, CacheEntry | undefined> }).queries;
  const patches: PatchResult[] = [];
  for (const entry of Object.values(queries)) {
    const endpoint = entry?.endpointName as PostBearingEndpoint | undefined;
    if (!entry || !endpoint || !POST_BEARING_ENDPOINTS.includes(endpoint) || entry.data === undefined) continue;
    const touchesList = endpoint === 'listBookmarks' && alsoBookmarkList;
    if (!touchesList && !postsIn(endpoint, entry.data).some(match)) continue;
    // updateQueryData is typed per endpoint; this one helper serves seven of them.
    const update = baseApi.util.updateQueryData as unknown as (
      name: string,
      args: unknown,
      recipe: (draft: unknown) => void,
    ) => (d: AnyDispatch) => PatchResult;
    patches.push(
      dispatch(
        update(endpoint, entry.originalArgs, (draft) => {
          for (const post of postsIn(endpoint, draft)) if (match(post)) recipe(post);
          if (touchesList) alsoBookmarkList(draft as { results: Bookmark[]; count: number });
        }),
      ),
    );
  }
  return patches;
}

/** Spec §5: a bookmark note holds at most this many characters (after trimming). */
export const BOOKMARK_NOTE_MAX = 500;

const undoAll = (patches: PatchResult[]) => patches.forEach((p) => p.undo());

export const bookmarksApi = bookmarksGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Bookmark', 'CurrentUser'],
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
