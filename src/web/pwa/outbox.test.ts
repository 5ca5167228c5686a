/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { waitFor } from '@testing-library/react';
import { enqueueSnackbar, type OptionsObject } from 'notistack';
import type { ReactElement } from 'react';
import { bookmarksApi, setOfflineOutbox } from '../api/bookmarks';
import { postsApi } from '../api/posts';
import { makeStore, type AppStore } from '../app/store';
import { toasterMounted } from '../components/toast';
import arOutbox from '../i18n/locales/ar/outbox';
import enOutbox from '../i18n/locales/en/outbox';
import { json, mockFetch } from '../test/fetchMock';
import { page, post, user } from '../test/fixtures';
import * as outbox from './outbox';
import { startOutbox } from './startOutbox';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn(), closeSnackbar: jest.fn() }));

// fake-indexeddb copies values with structuredClone, which jest's jsdom window lacks.
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

toasterMounted();

/** navigator.onLine, as the test sets it. */
let onLine = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });

interface Sent {
  call: string;
  body: unknown;
}

/**
 * The server: reads answer as the seeded store expects; writes go to `answer` while the network
 * is up and fail as fetch does without one (RTK Query's FETCH_ERROR) while it is down. `sent`
 * holds the writes that reached it, in order.
 */
function server() {
  const state = {
    up: false,
    sent: [] as Sent[],
    answer: (req: Request, path: string): Response | Promise<Response> => {
      if (req.method === 'POST') return json(201, { message: 'تمت الإضافة', bookmark: { id: 42, post: 1, notes: '', created_at: '', updated_at: '' } });
      if (req.method === 'PATCH') return json(200, { id: Number(path.split('/')[3]), post: post(3), notes: '', created_at: '', updated_at: '' });
      return new Response(null, { status: 204 });
    },
  };
  const fetched = mockFetch(async (req, path) => {
    if (req.method === 'GET' && path === '/content/posts/') return json(200, page([post(1), post(2), post(3, { is_bookmarked: true, bookmark_id: 9 })]));
    if (req.method === 'GET' && path === '/content/bookmarks/')
      return json(200, page([{ id: 9, post: post(3, { is_bookmarked: true, bookmark_id: 9 }), notes: 'old', created_at: '', updated_at: '' }]));
    if (!state.up) throw new TypeError('Failed to fetch');
    const body: unknown = req.method === 'DELETE' ? undefined : await req.clone().json();
    state.sent.push({ call: `${req.method} ${path}`, body });
    return state.answer(req, path);
  });
  return Object.assign(state, { calls: () => fetched.paths() });
}

async function seededStore(): Promise<AppStore> {
  const store = makeStore({ session: { access: 'a', refresh: 'r', user: user() } }, { readStorage: false });
  await Promise.all([
    store.dispatch(postsApi.endpoints.listPosts.initiate({})),
    store.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({ pageSize: 10, page: 1 })),
  ]);
  return store;
}

const feedPost = (store: AppStore, slug: string) => postsApi.endpoints.listPosts.select({})(store.getState()).data!.results.find((p) => p.slug === slug)!;
const bookmarkList = (store: AppStore) => bookmarksApi.endpoints.listBookmarks.select({ pageSize: 10, page: 1 })(store.getState()).data!;

const add = (store: AppStore, slug: string, notes: string | null = null) => store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug, bookmarkNotes: { notes } })).unwrap();
const editNote = (store: AppStore, id: number, notes: string) => store.dispatch(bookmarksApi.endpoints.updateBookmark.initiate({ id, bookmarkNotes: { notes } })).unwrap();
const remove = (store: AppStore, id: number) => store.dispatch(bookmarksApi.endpoints.deleteBookmark.initiate({ id })).unwrap();

/** The toasts shown, as notistack was asked for them. */
const toasts = () => jest.mocked(enqueueSnackbar).mock.calls.map(([message, options]) => ({ message: message as string, options: options as OptionsObject }));

beforeEach(async () => {
  onLine = true;
  jest.mocked(enqueueSnackbar).mockClear();
  setOfflineOutbox(async () => outbox);
  await outbox.clearOutbox();
});

describe('writes made offline', () => {
  it('keeps a bookmark and a note edit made without network, and sends them in order when it is back', async () => {
    const api = server();
    const store = await seededStore();

    // The network is gone (fetch fails): both calls answer as if done, and the screens show them.
    await expect(add(store, 'post-1')).resolves.toMatchObject({ message: '', bookmark: { id: expect.any(Number) } });
    const pendingId = feedPost(store, 'post-1').bookmark_id!;
    expect(feedPost(store, 'post-1').is_bookmarked).toBe(true);
    expect(pendingId).toBeLessThan(0);
    expect(bookmarkList(store).results[0]).toMatchObject({ id: pendingId, post: { slug: 'post-1' } });
    await editNote(store, 9, 'read before Sunday');
    expect(bookmarkList(store).results.find((b) => b.id === 9)!.notes).toBe('read before Sunday');
    expect(await outbox.pendingCount()).toBe(2);
    await waitFor(() => expect(toasts().filter((t) => t.message === arOutbox.outbox.saved)).toHaveLength(2));
    expect(api.sent).toEqual([]);
    // Nothing changed on the server yet: the lists are not asked for again.
    expect(api.calls().filter((c) => c === 'GET /content/bookmarks/')).toHaveLength(1);

    api.up = true;
    await expect(outbox.flushOutbox(store)).resolves.toEqual({ sent: 2, refused: 0, conflicts: 0, left: 0 });
    expect(api.sent).toEqual([
      { call: 'POST /content/posts/post-1/bookmark/', body: { notes: null } },
      { call: 'PATCH /content/bookmarks/9/', body: { notes: 'read before Sunday' } },
    ]);
    // The pending id gives way to the server's.
    expect(feedPost(store, 'post-1')).toMatchObject({ is_bookmarked: true, bookmark_id: 42 });
    expect(await outbox.pendingCount()).toBe(0);
    // Then the list is asked for again, once, and the reader told.
    await waitFor(() => expect(api.calls().filter((c) => c === 'GET /content/bookmarks/')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls().filter((c) => c === 'GET /content/bookmarks/')).toHaveLength(2);
    await waitFor(() => expect(toasts().map((t) => t.message)).toContain(arOutbox.outbox.sent.replace('{{count}}', '2')));
  });

  it('sends a note edited offline with the add it belongs to', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await add(store, 'post-1');
    const pendingId = feedPost(store, 'post-1').bookmark_id!;
    await editNote(store, pendingId, 'first');
    await editNote(store, pendingId, 'second');
    expect(bookmarkList(store).results[0]).toMatchObject({ id: pendingId, notes: 'second' });
    expect(await outbox.pendingCount()).toBe(1);

    onLine = true;
    api.up = true;
    await outbox.flushOutbox(store);
    expect(api.sent).toEqual([{ call: 'POST /content/posts/post-1/bookmark/', body: { notes: 'second' } }]);
  });

  it('keeps the last of two note edits of one bookmark', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await editNote(store, 9, 'one');
    await editNote(store, 9, 'two');
    onLine = true;
    api.up = true;
    await outbox.flushOutbox(store);
    expect(api.sent).toEqual([{ call: 'PATCH /content/bookmarks/9/', body: { notes: 'two' } }]);
  });

  it('sends a note edited while its add is on its way after it, to the id the server gave', async () => {
    const api = server();
    const store = await seededStore();
    await add(store, 'post-1');
    const pendingId = feedPost(store, 'post-1').bookmark_id!;

    api.up = true;
    let answerAdd!: () => void;
    const added = new Promise<void>((resolve) => (answerAdd = resolve));
    const answer = api.answer;
    api.answer = async (req, path) => {
      if (req.method === 'POST') await added;
      return answer(req, path);
    };
    const flushed = outbox.flushOutbox(store);
    await waitFor(() => expect(api.sent).toHaveLength(1));
    // The card still holds the pending id: the edit waits behind the add, not merged into the call under way.
    await editNote(store, pendingId, 'after');
    answerAdd();
    await flushed;
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent).toEqual([
      { call: 'POST /content/posts/post-1/bookmark/', body: { notes: null } },
      { call: 'PATCH /content/bookmarks/42/', body: { notes: 'after' } },
    ]);
    await waitFor(async () => expect(await outbox.pendingCount()).toBe(0));
  });

  it('sends nothing for a bookmark added and removed offline', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await add(store, 'post-1', 'a note');
    const pendingId = feedPost(store, 'post-1').bookmark_id!;
    await remove(store, pendingId);
    expect(feedPost(store, 'post-1')).toMatchObject({ is_bookmarked: false, bookmark_id: null });
    expect(bookmarkList(store).results.map((b) => b.id)).toEqual([9]);
    expect(await outbox.pendingCount()).toBe(0);

    onLine = true;
    api.up = true;
    await expect(outbox.flushOutbox(store)).resolves.toMatchObject({ sent: 0, left: 0 });
    expect(api.sent).toEqual([]);
  });

  it('keeps a removal made offline in every list, and drops note edits of that bookmark', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await editNote(store, 9, 'never mind');
    await remove(store, 9);
    expect(feedPost(store, 'post-3')).toMatchObject({ is_bookmarked: false, bookmark_id: null });
    expect(bookmarkList(store)).toMatchObject({ count: 0, results: [] });
    onLine = true;
    api.up = true;
    await outbox.flushOutbox(store);
    expect(api.sent).toEqual([{ call: 'DELETE /content/bookmarks/9/', body: undefined }]);
  });

  it('tells the reader of a note whose bookmark was removed on another device, quoting it, with a way to save the post again', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await editNote(store, 9, 'keep this thought');
    onLine = true;
    api.up = true;
    api.answer = (req) => (req.method === 'PATCH' ? json(404, { detail: 'Not found.' }) : json(201, { message: 'تمت الإضافة', bookmark: { id: 50, post: 3, notes: 'keep this thought', created_at: '', updated_at: '' } }));

    await expect(outbox.flushOutbox(store)).resolves.toEqual({ sent: 0, refused: 0, conflicts: 1, left: 0 });
    await waitFor(() => expect(toasts().some((t) => t.message.includes('keep this thought'))).toBe(true));
    const conflict = toasts().find((t) => t.message.includes('keep this thought'))!;
    // Named by its title in the reader's language (Arabic here), the note quoted.
    expect(conflict.message).toBe(arOutbox.outbox.conflict.replace('{{title}}', '\u2068منشور 3\u2069').replace('{{note}}', '\u2068keep this thought\u2069'));
    expect(conflict.options.persist).toBe(true);

    // Its action saves the post again with the note.
    // The action, then a close button (the reader may also put the message away).
    const actions = (conflict.options.action as (key: string) => ReactElement<{ children: Array<ReactElement<{ onClick(): void; children: string }>> }>)('k');
    const [action, close] = actions.props.children;
    expect(action.props.children).toBe(arOutbox.outbox.bookmarkAgain);
    expect(close.props.children).toBe('إغلاق');
    action.props.onClick();
    await waitFor(() => expect(api.sent.at(-1)).toEqual({ call: 'POST /content/posts/post-3/bookmark/', body: { notes: 'keep this thought' } }));
  });

  it('tells the reader of a write the server refuses, with its message, and drops it; a removal already done is dropped quietly', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await add(store, 'post-2');
    await remove(store, 9);
    onLine = true;
    api.up = true;
    api.answer = (req) => (req.method === 'POST' ? json(400, { detail: 'This post was withdrawn' }) : json(404, { detail: 'Not found.' }));

    await expect(outbox.flushOutbox(store)).resolves.toEqual({ sent: 1, refused: 1, conflicts: 0, left: 0 });
    await waitFor(() => expect(toasts().map((t) => t.message)).toContain(arOutbox.outbox.refusedAdd.replace('{{title}}', '\u2068منشور 2\u2069').replace('{{error}}', '\u2068This post was withdrawn\u2069')));
    expect(toasts().filter((t) => t.options.variant === 'error')).toHaveLength(1);
  });

  it('stops at the first write the network does not take, and keeps it and the rest', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await add(store, 'post-1');
    await editNote(store, 9, 'x');
    onLine = true;
    // Back, but the network fails again at once.
    await expect(outbox.flushOutbox(store)).resolves.toMatchObject({ sent: 0, left: 2 });
    expect(feedPost(store, 'post-1').is_bookmarked).toBe(true);
    // And a 5xx is "later" too.
    api.up = true;
    api.answer = () => json(503, { detail: 'Down for maintenance' });
    await expect(outbox.flushOutbox(store)).resolves.toMatchObject({ sent: 0, refused: 0, left: 2 });
    expect(api.sent).toHaveLength(1);
  });

  it('counts what waits for whoever listens, and clearOutbox empties it', async () => {
    server();
    const store = await seededStore();
    const counts: number[] = [];
    const stop = outbox.subscribePendingCount((n) => counts.push(n));
    await waitFor(() => expect(counts).toEqual([0]));
    onLine = false;
    await add(store, 'post-1');
    await editNote(store, 9, 'x');
    await waitFor(() => expect(counts.at(-1)).toBe(2));
    await outbox.clearOutbox();
    await waitFor(() => expect(counts.at(-1)).toBe(0));
    expect(await outbox.outboxItems()).toEqual([]);
    stop();
  });

  it('keeps the order across a reload (a new instance of the app reading the same database)', async () => {
    await outbox.enqueueBookmarkAdd({ slug: 'post-2', notes: 'n', user: 7 });
    await outbox.enqueueBookmarkRemoval({ target: { id: 9 }, user: 7 });
    await outbox.enqueueNoteEdit({ target: { id: 11 }, notes: 'eleven', user: 7 });

    const api = server();
    api.up = true;
    let fresh!: { outbox: typeof outbox; makeStore: typeof makeStore };
    jest.isolateModules(() => {
      fresh = { outbox: jest.requireActual('./outbox'), makeStore: jest.requireActual<{ makeStore: typeof makeStore }>('../app/store').makeStore };
    });
    expect(fresh.outbox).not.toBe(outbox);
    const store = fresh.makeStore({ session: { access: 'a', refresh: 'r', user: user() } }, { readStorage: false });
    expect(await fresh.outbox.pendingCount()).toBe(3);
    await fresh.outbox.flushOutbox(store);
    expect(api.sent.map((s) => s.call)).toEqual(['POST /content/posts/post-2/bookmark/', 'DELETE /content/bookmarks/9/', 'PATCH /content/bookmarks/11/']);
  });

  it('sends what waits once the app is idle and when the network comes back (startOutbox)', async () => {
    const api = server();
    const store = await seededStore();
    onLine = false;
    await add(store, 'post-1');
    onLine = true;
    api.up = true;
    startOutbox(store);
    await waitFor(() => expect(api.sent.map((s) => s.call)).toEqual(['POST /content/posts/post-1/bookmark/']));

    onLine = false;
    api.up = false;
    await add(store, 'post-2');
    onLine = true;
    api.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.sent.map((s) => s.call)).toEqual(['POST /content/posts/post-1/bookmark/', 'POST /content/posts/post-2/bookmark/']));
    // Each flush is done when it has said so.
    const sent = arOutbox.outbox.sent.replace('{{count}}', '1');
    await waitFor(() => expect(toasts().filter((t) => t.message === sent)).toHaveLength(2));
  });
});

describe('the outbox strings', () => {
  type Tree = { readonly [key: string]: string | Tree };
  const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
  const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  it('hold the same keys and interpolations in Arabic and English, none empty', () => {
    const ar = new Map(leaves(arOutbox));
    const en = new Map(leaves(enOutbox));
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect({ key, vars: variables(ar.get(key)!) }).toEqual({ key, vars: variables(text) });
      expect(text.trim() && ar.get(key)!.trim()).toBeTruthy();
    }
  });
});
