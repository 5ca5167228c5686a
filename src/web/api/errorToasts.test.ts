/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import { createErrorToastMiddleware } from './errorToasts';
import { bookmarksApi } from './bookmarks';
import { postsApi } from './posts';
import { json, mockFetch } from '../test/fetchMock';

function storeWith(notify: jest.Mock) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (gdm) => gdm().concat(baseApi.middleware, createErrorToastMiddleware(notify)),
  });
}

describe('error toasts', () => {
  it.each([
    [500, { detail: 'Server exploded' }, ['Server exploded']],
    [400, { email: ['bad'] }, ['Validation error']],
    [401, { detail: 'x' }, []],
    [403, { detail: 'x' }, []],
    [404, { detail: 'x' }, []],
  ])('status %i toasts %j', async (status, body, toasts) => {
    mockFetch(() => json(status, body));
    const notify = jest.fn();
    await storeWith(notify).dispatch(postsApi.endpoints.listPosts.initiate({}));
    expect(notify.mock.calls.map((c) => c[0])).toEqual(toasts);
  });

  it('does not toast successes', async () => {
    mockFetch(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    const notify = jest.fn();
    await storeWith(notify).dispatch(postsApi.endpoints.listPosts.initiate({}));
    expect(notify).not.toHaveBeenCalled();
  });

  it('leaves the failures that screens report themselves to those screens', async () => {
    mockFetch(() => json(500, { detail: 'Server exploded' }));
    const notify = jest.fn();
    const store = storeWith(notify);
    await store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'x', bookmarkNotes: {} }));
    await store.dispatch(bookmarksApi.endpoints.deleteBookmark.initiate({ id: 1 }));
    expect(notify).not.toHaveBeenCalled();
  });
});
