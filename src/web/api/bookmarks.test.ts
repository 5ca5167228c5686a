/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { makeStore } from '../app/store';
import { bookmarksApi } from './bookmarks';
import { hashtagsApi } from './hashtags';
import { postsApi } from './posts';
import { json, mockFetch } from '../test/fetchMock';
import { page, post, user } from '../test/fixtures';

const deferred = () => {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
};

async function seededStore(answer: (req: Request, path: string) => Response | Promise<Response>) {
  mockFetch((req, path) => {
    if (req.method === 'GET' && path === '/content/posts/') return json(200, page([post(1), post(2)]));
    if (req.method === 'GET' && path === '/content/posts/post-1/') return json(200, post(1));
    if (req.method === 'GET' && path === '/content/hashtags/gov/posts/') return json(200, page([post(1)]));
    if (req.method === 'GET' && path === '/content/bookmarks/')
      return json(200, page([{ id: 9, post: post(3, { is_bookmarked: true, bookmark_id: 9 }), notes: '', created_at: '', updated_at: '' }]));
    return answer(req, path);
  });
  const store = makeStore({ session: { access: 'a', refresh: 'r', user: user() } }, { readStorage: false });
  await Promise.all([
    store.dispatch(postsApi.endpoints.listPosts.initiate({})),
    store.dispatch(postsApi.endpoints.getPost.initiate({ slug: 'post-1' })),
    store.dispatch(hashtagsApi.endpoints.listHashtagPosts.initiate({ slug: 'gov' })),
    store.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({})),
  ]);
  const view = () => {
    const s = store.getState();
    return {
      feed: postsApi.endpoints.listPosts.select({})(s).data!.results[0],
      detail: postsApi.endpoints.getPost.select({ slug: 'post-1' })(s).data!,
      hashtag: hashtagsApi.endpoints.listHashtagPosts.select({ slug: 'gov' })(s).data!.results[0],
      bookmarks: bookmarksApi.endpoints.listBookmarks.select({})(s).data!,
    };
  };
  return { store, view };
}

describe('bookmarks update the post everywhere it is shown', () => {
  it('marks the post bookmarked at once, then records the bookmark id', async () => {
    const answer = deferred();
    const { store, view } = await seededStore(() => answer.promise);
    const call = store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'post-1', bookmarkNotes: { notes: null } }));
    for (const where of ['feed', 'detail', 'hashtag'] as const) expect(view()[where]).toMatchObject({ is_bookmarked: true, bookmark_id: null });
    answer.resolve(json(201, { message: 'تمت الإضافة', bookmark: { id: 42, post: 1, notes: '', created_at: '', updated_at: '' } }));
    await call;
    for (const where of ['feed', 'detail', 'hashtag'] as const) expect(view()[where]).toMatchObject({ is_bookmarked: true, bookmark_id: 42 });
  });

  it('reverts when the call fails', async () => {
    const answer = deferred();
    const { store, view } = await seededStore(() => answer.promise);
    const call = store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'post-1', bookmarkNotes: {} }));
    expect(view().feed.is_bookmarked).toBe(true);
    answer.resolve(json(500, { detail: 'boom' }));
    await call;
    for (const where of ['feed', 'detail', 'hashtag'] as const) expect(view()[where]).toMatchObject({ is_bookmarked: false, bookmark_id: null });
  });

  it('removing a bookmark takes it out of the list at once and brings it back on failure', async () => {
    const answer = deferred();
    const { store, view } = await seededStore(() => answer.promise);
    const call = store.dispatch(bookmarksApi.endpoints.deleteBookmark.initiate({ id: 9 }));
    expect(view().bookmarks).toMatchObject({ count: 0, results: [] });
    answer.resolve(json(500, {}));
    await call;
    expect(view().bookmarks).toMatchObject({ count: 1, results: [{ id: 9, post: { is_bookmarked: true, bookmark_id: 9 } }] });
  });

  it('removing a bookmark clears the post’s flag in other lists', async () => {
    const { store, view } = await seededStore((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, page([]))));
    await store.dispatch(postsApi.util.upsertQueryData('listPosts', { page: 2 }, page([post(3, { is_bookmarked: true, bookmark_id: 9 })])));
    await store.dispatch(bookmarksApi.endpoints.deleteBookmark.initiate({ id: 9 }));
    expect(postsApi.endpoints.listPosts.select({ page: 2 })(store.getState()).data!.results[0]).toMatchObject({ is_bookmarked: false, bookmark_id: null });
    expect(view().feed.is_bookmarked).toBe(false);
  });
});
