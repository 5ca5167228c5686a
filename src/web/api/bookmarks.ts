import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchArgs, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { baseApi } from './baseApi';
import { bookmarksGeneratedApi, type Bookmark, type BookmarkPostApiArg, type DeleteBookmarkApiArg, type Post, type UpdateBookmarkApiArg } from './generated/bookmarks.gen';
import type { NormalizedError } from './normalizeError';

/**
 * Where the posts are in each answer that can show one. A bookmark change patches the post in all
 * of them at once (spec §4: "the post is marked bookmarked at once when the call starts"), and
 * the patches are undone if the call fails — unless the call found no network and the outbox kept
 * it (below): then the change stands until the outbox sends it.
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
export function postsIn(endpoint: string, data: unknown): Post[] {
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

/*
 * Writes made offline (issue 31): a bookmark write the network did not take is kept on the
 * device by the outbox (pwa/outbox.ts, with idb a chunk of its own) and sent when
 * the network is back. This layer never imports a feature (DESIGN rule 11): the outbox's start
 * (pwa/startOutbox.ts) hands it the loader, and until then a write fails as before.
 */

/** A bookmark write, as the outbox keeps it. */
export type BookmarkWrite =
  | { endpoint: 'bookmarkPost'; arg: BookmarkPostApiArg }
  | { endpoint: 'updateBookmark'; arg: UpdateBookmarkApiArg }
  | { endpoint: 'deleteBookmark'; arg: DeleteBookmarkApiArg };

/** What the outbox answers for a write it kept: the call's answer in the server's stead. */
export interface KeptAnswer {
  data: unknown;
  meta: { keptOnDevice: true };
}

export interface OfflineOutbox {
  /** Keeps a write that could not be sent; null when it could not be kept (it then fails as before). */
  keepBookmarkWrite(write: BookmarkWrite, api: Pick<BaseQueryApi, 'dispatch' | 'getState'>): Promise<KeptAnswer | null>;
}

let loadOutbox: (() => Promise<OfflineOutbox>) | undefined;
/** Called by the outbox's start with its lazy import. */
export const setOfflineOutbox = (load: () => Promise<OfflineOutbox>) => {
  loadOutbox = load;
};

/**
 * The calls the outbox itself sends (again): never kept a second time, and their cache changes
 * stand when they fail (the outbox decides what becomes of them).
 */
export const outboxReplays = new WeakSet<object>();

/** An answer the outbox gave in the server's stead: nothing changed on the server yet. */
const isKeptOnDevice = (meta: unknown) => (meta as Partial<KeptAnswer['meta']> | undefined)?.keptOnDevice === true;

/** Kept, or sent by the outbox (which asks for the lists again once, when it is done): no refetch now. */
const refetchLater = (arg: object, meta: unknown) => isKeptOnDevice(meta) || outboxReplays.has(arg);

/** No answer at all (RTK Query's FETCH_ERROR): neither a timeout nor a call called off. */
const unreachable = (meta: FetchBaseQueryMeta | undefined) => !!meta && !meta.response && !meta.request.signal.aborted;

type Result = QueryReturnValue<unknown, NormalizedError, FetchBaseQueryMeta>;
type WriteDefinition = { query?: (arg: never) => string | FetchArgs; queryFn?: unknown };

/**
 * Turns a generated write into one the outbox keeps when the device is offline (before the
 * call) or the call finds no network, and for a bookmark only the outbox knows yet (a negative
 * id, given to a bookmark added offline).
 */
const keptWhenOffline = (endpoint: BookmarkWrite['endpoint']) => (definition: WriteDefinition) => {
  const query = definition.query as (arg: object) => string | FetchArgs;
  definition.query = undefined;
  definition.queryFn = async (arg: object, api: BaseQueryApi, _extra: unknown, baseQuery: (args: string | FetchArgs) => Promise<Result>) => {
    const call = () => baseQuery(query(arg));
    if (outboxReplays.has(arg)) return call();
    const pendingAdd = 'id' in arg && (arg.id as number) < 0;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const result = pendingAdd || offline ? undefined : await call();
    if (result && !unreachable(result.meta)) return result;
    const write = { endpoint, arg } as BookmarkWrite;
    const kept = loadOutbox ? await loadOutbox().then((outbox) => outbox.keepBookmarkWrite(write, api), () => null) : null;
    return (kept as Result | null) ?? result ?? call();
  };
};

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
      invalidatesTags: (_result, _error, arg, meta) => (refetchLater(arg, meta) ? [] : [{ type: 'Bookmark', id: arg.id }]),
    },
    bookmarkPost: {
      // The bookmark list gains an item the cache cannot build; the reader's count changes too.
      invalidatesTags: (_result, error, arg, meta) => (error || refetchLater(arg, meta) ? [] : [{ type: 'Bookmark', id: 'LIST' }, 'CurrentUser']),
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const { slug } = arg;
        const bySlug = (post: Post) => post.slug === slug;
        const patches = patchCachedPosts(dispatch, getState, bySlug, (post) => {
          post.is_bookmarked = true;
        });
        try {
          const { data } = await queryFulfilled;
          // Kept offline, the id is the outbox's negative one until the add is sent.
          patchCachedPosts(dispatch, getState, bySlug, (post) => {
            post.is_bookmarked = true;
            post.bookmark_id = data.bookmark.id;
          });
        } catch {
          if (!outboxReplays.has(arg)) undoAll(patches);
        }
      },
    },
    deleteBookmark: {
      invalidatesTags: (_result, error, arg, meta) =>
        error || refetchLater(arg, meta) ? [] : [{ type: 'Bookmark', id: arg.id }, { type: 'Bookmark', id: 'LIST' }, 'CurrentUser'],
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const { id } = arg;
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
          if (!outboxReplays.has(arg)) undoAll(patches);
        }
      },
    },
  },
}).enhanceEndpoints({
  endpoints: {
    bookmarkPost: keptWhenOffline('bookmarkPost'),
    updateBookmark: keptWhenOffline('updateBookmark'),
    deleteBookmark: keptWhenOffline('deleteBookmark'),
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
