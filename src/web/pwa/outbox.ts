import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import {
  bookmarksApi,
  outboxReplays,
  postsIn,
  type Bookmark,
  type BookmarkWrite,
  type KeptAnswer,
  type ListBookmarksApiArg,
  type Post,
} from '../api/bookmarks';
import type { NormalizedError } from '../api/normalizeError';
import { toast } from '../components/toast';
import i18n from '../i18n';
import { isolate } from '../i18n/bidi';
import { addChunkStrings } from '../i18n/chunkStrings';
import arOutbox from '../i18n/locales/ar/outbox';
import enOutbox from '../i18n/locales/en/outbox';
import type { OutboxResources } from '../i18n/types';

/*
 * Writes made offline (issue 31 point 4). Bookmarking a post, removing a bookmark and editing a
 * bookmark's note, made while the network is away, wait here in IndexedDB, in the order they
 * were made, and are sent one at a time when it is back, through the app's own mutations (so a
 * token is renewed as usual). Nothing is dropped without the reader being told why.
 *
 * A chunk of its own, with idb: api/bookmarks.ts loads it (through startOutbox.ts) when a write
 * finds no network, and startOutbox.ts once the app is idle, to send what a last visit left.
 */

addChunkStrings(arOutbox, enOutbox);

// ----------------------------------------------------------------------------- the database

export const OFFLINE_DB_NAME = 'qarar-offline';
export const OFFLINE_DB_VERSION = 1;

/** What a post a write is for is called, to tell the reader about it later. */
export interface OutboxPost {
  slug: string;
  id?: number;
  title?: string;
  title_ar?: string;
}

/** A bookmark the server knows (`id`), or one added offline that waits here (`addKey`). */
export type OutboxTarget = { id: number } | { addKey: number };

interface ItemBase {
  /** The queue's order (autoIncrement); absent before the item is stored. */
  key?: number;
  /** Whose write it is: sent only in that reader's session (null: whoever is signed in). */
  user: number | null;
  post: OutboxPost;
  /** When it was made (ms since the epoch). */
  at: number;
}

export type OutboxItem = ItemBase &
  ({ op: 'add'; notes: string | null } | { op: 'note'; target: OutboxTarget; notes: string } | { op: 'remove'; target: OutboxTarget });

/** A file kept for reading offline (its module owns the shape beyond its address). */
export interface OfflineFile {
  url: string;
  [field: string]: unknown;
}

export interface OfflineDb extends DBSchema {
  outbox: { key: number; value: OutboxItem };
  files: { key: string; value: OfflineFile };
}

let opening: Promise<IDBPDatabase<OfflineDb>> | undefined;

/**
 * The device's offline database, shared by the outbox and the offline files. Both stores are
 * made at version 1; a later version adds only what is missing, so each part's data stays.
 */
export function openOfflineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('outbox')) db.createObjectStore('outbox', { keyPath: 'key', autoIncrement: true });
      if (!db.objectStoreNames.contains('files')) db.createObjectStore('files', { keyPath: 'url' });
    },
    // Another tab opens a newer version: let it, and open that one next time.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

type OutboxTx = IDBPObjectStore<OfflineDb, ['outbox'], 'outbox', 'readwrite'>;

/** One change of the queue in one transaction (IndexedDB runs them one after the other, tabs included). */
async function change<T>(work: (store: OutboxTx) => Promise<T>): Promise<T> {
  const db = await openOfflineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const result = await work(tx.store);
  await tx.done;
  void announceCount(true);
  return result;
}

// ------------------------------------------------------------------------- the count, the tabs

const listeners = new Set<(count: number) => void>();
let tabs: BroadcastChannel | undefined;

/** The other tabs of the app, told when the queue changes (their banners count again). */
function otherTabs(): BroadcastChannel | undefined {
  if (!tabs && typeof BroadcastChannel === 'function') {
    tabs = new BroadcastChannel('qarar-outbox');
    tabs.onmessage = () => void announceCount(false);
  }
  return tabs;
}

/** How many writes wait to be sent. */
export async function pendingCount(): Promise<number> {
  return (await openOfflineDb()).count('outbox');
}

async function announceCount(toOtherTabs: boolean): Promise<void> {
  if (toOtherTabs) otherTabs()?.postMessage('changed');
  if (listeners.size === 0) return;
  const count = await pendingCount().catch(() => undefined);
  if (count !== undefined) listeners.forEach((listener) => listener(count));
}

/**
 * Calls `listener` with the number of writes waiting now and after every change (this tab's or
 * another's); returns the unsubscribe.
 */
export function subscribePendingCount(listener: (count: number) => void): () => void {
  listeners.add(listener);
  otherTabs();
  void pendingCount().then(
    (count) => listeners.has(listener) && listener(count),
    () => undefined,
  );
  return () => listeners.delete(listener);
}

// ------------------------------------------------------------------------------- the queue

/** The item being sent now (this tab): it is no longer changed, later writes go after it. */
let inFlight: number | undefined;
/** Adds sent meanwhile, by their key: the id the server gave (a stale screen may still name the key). */
const sentAdds = new Map<number, number>();

/** A bookmark id as the cache holds it: negative for an add that waits here. */
export const targetOf = (bookmarkId: number): OutboxTarget => (bookmarkId < 0 ? { addKey: -bookmarkId } : { id: bookmarkId });

const resolved = (target: OutboxTarget): OutboxTarget => {
  const id = 'addKey' in target ? sentAdds.get(target.addKey) : undefined;
  return id === undefined ? target : { id };
};

const sameTarget = (a: OutboxTarget, b: OutboxTarget) => ('id' in a && 'id' in b ? a.id === b.id : 'addKey' in a && 'addKey' in b && a.addKey === b.addKey);

const refersTo = (item: OutboxItem, addKey: number) => item.op !== 'add' && 'addKey' in item.target && item.target.addKey === addKey;

const waitingAdd = (items: OutboxItem[], addKey: number) => items.find((i) => i.op === 'add' && i.key === addKey) as (OutboxItem & { op: 'add' }) | undefined;

interface WriteInput {
  post?: OutboxPost;
  user?: number | null;
}

/**
 * Keeps a bookmark of the post `slug`; answers the add's key (its bookmark's id in the cache is
 * minus that key until it is sent). A second add of the same post while the first waits keeps
 * one, with the later note.
 */
export function enqueueBookmarkAdd({ slug, notes = null, post, user = null }: WriteInput & { slug: string; notes?: string | null }): Promise<number> {
  return change(async (store) => {
    const items = await store.getAll();
    const same = items.find((i) => i.op === 'add' && i.post.slug === slug && i.user === user && i.key !== inFlight) as (OutboxItem & { op: 'add' }) | undefined;
    if (same?.key !== undefined) {
      if (notes !== null) await store.put({ ...same, notes });
      return same.key;
    }
    return store.add({ op: 'add', notes, post: { ...post, slug }, user, at: Date.now() });
  });
}

/**
 * Keeps a note edit. On a bookmark added offline it travels with that add; a second edit of
 * the same bookmark replaces the first. False when the bookmark is not there to edit (its add
 * was withdrawn meanwhile).
 */
export function enqueueNoteEdit({ target, notes, post, user = null }: WriteInput & { target: OutboxTarget; notes: string }): Promise<boolean> {
  return change(async (store) => {
    const items = await store.getAll();
    const to = resolved(target);
    if ('addKey' in to) {
      const add = waitingAdd(items, to.addKey);
      if (!add) return false;
      if (add.key !== inFlight) {
        await store.put({ ...add, notes });
        return true;
      }
    }
    const earlier = items.find((i) => i.op === 'note' && sameTarget(i.target, to) && i.key !== inFlight);
    if (earlier) await store.put({ ...earlier, notes } as OutboxItem);
    else await store.add({ op: 'note', target: to, notes, post: post ?? { slug: '' }, user, at: Date.now() });
    return true;
  });
}

/**
 * Keeps a removal. Of a bookmark added offline it withdraws the add and its note ('withdrawn':
 * nothing is left to send); of another, edits of its note that wait are dropped with it.
 */
export function enqueueBookmarkRemoval({ target, post, user = null }: WriteInput & { target: OutboxTarget }): Promise<'queued' | 'withdrawn'> {
  return change(async (store) => {
    const items = await store.getAll();
    const to = resolved(target);
    if ('addKey' in to) {
      const add = waitingAdd(items, to.addKey);
      if (!add) return 'withdrawn';
      if (add.key !== inFlight) {
        for (const item of items) if (item.key === add.key || refersTo(item, to.addKey)) await store.delete(item.key!);
        return 'withdrawn';
      }
    }
    for (const item of items) if (item.op === 'note' && sameTarget(item.target, to) && item.key !== inFlight) await store.delete(item.key!);
    if (!items.some((i) => i.op === 'remove' && sameTarget(i.target, to))) {
      await store.add({ op: 'remove', target: to, post: post ?? { slug: '' }, user, at: Date.now() });
    }
    return 'queued';
  });
}

/** Empties the queue (at sign-out: nothing of a signed-in reader stays on the device). */
export async function clearOutbox(): Promise<void> {
  const db = await openOfflineDb();
  await db.clear('outbox');
  sentAdds.clear();
  void announceCount(true);
}

/** Everything that waits, in order (for the tests and a future "what waits" list). */
export async function outboxItems(): Promise<OutboxItem[]> {
  return (await openOfflineDb()).getAll('outbox');
}

// ------------------------------------------------------------------------- the cache, the store

type Writer = Pick<BaseQueryApi, 'dispatch' | 'getState'>;
/** The app's store, or what of it a flush needs (subscribe: to wait for the reader's profile). */
export type OutboxStore = Writer & { subscribe?(listener: () => void): () => void };

interface CacheEntry {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
}
interface StateShape {
  api?: { queries?: Record<string, CacheEntry | undefined> };
  session?: { access?: string | null; refresh?: string | null; user?: { id: number } | null };
}

const cacheEntries = (state: unknown) => Object.values((state as StateShape).api?.queries ?? {}).filter((e): e is CacheEntry => !!e?.data);

function findPost(state: unknown, match: (post: Post) => boolean): Post | undefined {
  for (const entry of cacheEntries(state)) {
    const post = postsIn(entry.endpointName ?? '', entry.data).find(match);
    if (post) return post;
  }
  return undefined;
}

function findBookmark(state: unknown, id: number): Bookmark | undefined {
  for (const { endpointName, data } of cacheEntries(state)) {
    if (endpointName === 'getBookmark' && (data as Bookmark).id === id) return data as Bookmark;
    if (endpointName === 'listBookmarks') {
      const found = (data as { results?: Bookmark[] }).results?.find((b) => b.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

const labelOf = (post: Post | undefined): OutboxPost | undefined => post && { slug: post.slug, id: post.id, title: post.title, title_ar: post.title_ar };

/** The first page of the unsearched bookmark list shows a bookmark added offline at its top. */
function listAddedOffline(api: Writer, bookmark: Bookmark) {
  for (const { endpointName, originalArgs } of cacheEntries(api.getState())) {
    const args = (originalArgs ?? {}) as ListBookmarksApiArg;
    if (endpointName !== 'listBookmarks' || args.search || (args.page ?? 1) !== 1) continue;
    api.dispatch(
      bookmarksApi.util.updateQueryData('listBookmarks', args, (draft) => {
        if (draft.results.some((b) => b.id === bookmark.id)) return;
        draft.results.unshift(bookmark);
        draft.count += 1;
      }),
    );
  }
}

/** The bookmark's note as the reader left it, wherever it is shown. */
function showNote(api: Writer, id: number, notes: string) {
  for (const { endpointName, originalArgs } of cacheEntries(api.getState())) {
    if (endpointName === 'listBookmarks') {
      api.dispatch(
        bookmarksApi.util.updateQueryData('listBookmarks', originalArgs as ListBookmarksApiArg, (draft) => {
          for (const b of draft.results) if (b.id === id) b.notes = notes;
        }),
      );
    } else if (endpointName === 'getBookmark' && (originalArgs as { id?: number }).id === id) {
      api.dispatch(bookmarksApi.util.updateQueryData('getBookmark', { id }, (draft) => void (draft.notes = notes)));
    }
  }
}

const readerIn = (state: unknown) => {
  const session = (state as StateShape).session;
  return session?.access && session.refresh ? (session.user?.id ?? null) : undefined;
};

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * api/bookmarks.ts's call when a write found no network (or is on a bookmark added offline):
 * keeps it, shows its change in the cache, says so, and answers in the server's stead. Null when
 * it cannot be kept (no IndexedDB): the write then fails as before.
 */
export async function keepBookmarkWrite(write: BookmarkWrite, api: Writer): Promise<KeptAnswer | null> {
  try {
    const state = api.getState();
    const user = readerIn(state) ?? null;
    const now = new Date().toISOString();
    let data: unknown = null;
    let waits = true;
    // A write on a bookmark added offline comes here even online: it goes with the rest, now.
    const onPendingAdd = write.endpoint !== 'bookmarkPost' && write.arg.id < 0 && online();
    if (write.endpoint === 'bookmarkPost') {
      const { slug, bookmarkNotes } = write.arg;
      const post = findPost(state, (p) => p.slug === slug);
      const notes = bookmarkNotes.notes ?? null;
      const key = await enqueueBookmarkAdd({ slug, notes, post: labelOf(post), user });
      const bookmark = { id: -key, post: post?.id ?? 0, notes: notes ?? '', created_at: now, updated_at: now };
      if (post) listAddedOffline(api, { ...bookmark, post: { ...post, is_bookmarked: true, bookmark_id: -key } });
      data = { message: '', bookmark };
    } else if (write.endpoint === 'updateBookmark') {
      const { id, bookmarkNotes } = write.arg;
      const notes = bookmarkNotes.notes ?? '';
      const bookmark = findBookmark(state, id);
      const post = bookmark?.post ?? findPost(state, (p) => p.bookmark_id === id);
      if (!(await enqueueNoteEdit({ target: targetOf(id), notes, post: labelOf(post), user }))) return null;
      showNote(api, id, notes);
      data = { id, created_at: now, ...bookmark, post, notes, updated_at: now };
    } else {
      const { id } = write.arg;
      const post = findBookmark(state, id)?.post ?? findPost(state, (p) => p.bookmark_id === id);
      waits = (await enqueueBookmarkRemoval({ target: targetOf(id), post: labelOf(post), user })) === 'queued';
    }
    if (waits && onPendingAdd) void flushOutbox(api);
    else if (waits) toast.info(say('saved'));
    return { data, meta: { keptOnDevice: true } };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------- sending

/** What became of the writes a flush went through. */
export interface FlushReport {
  sent: number;
  /** Refused by the server (the reader was told why). */
  refused: number;
  /** Note edits of a bookmark removed elsewhere (the reader was told, with a way back). */
  conflicts: number;
  /** Still waiting (no network, the server unwell, or another reader's). */
  left: number;
}

type Outcome = { kind: 'sent'; id?: number } | { kind: 'moot' } | { kind: 'refused'; error: Partial<NormalizedError> } | { kind: 'conflict' } | { kind: 'stop' };

/** Statuses that say "later", not "never": the item stays. */
const TRY_LATER = new Set([401, 408, 425, 429]);

function outcomeOf(item: OutboxItem, error: Partial<NormalizedError>): Outcome {
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status === 404 && item.op === 'note') return { kind: 'conflict' };
  // Removed already (here or on another device): what the reader wanted.
  if (status === 404 && item.op === 'remove') return { kind: 'sent' };
  if (status >= 400 && status < 500 && !TRY_LATER.has(status)) return { kind: 'refused', error };
  return { kind: 'stop' };
}

async function send(store: Writer, item: OutboxItem): Promise<Outcome> {
  const { endpoints } = bookmarksApi;
  if (item.op === 'add') {
    const arg = { slug: item.post.slug, bookmarkNotes: { notes: item.notes } };
    outboxReplays.add(arg);
    const call = store.dispatch(endpoints.bookmarkPost.initiate(arg));
    const result = await call;
    call.reset();
    return result.data ? { kind: 'sent', id: result.data.bookmark.id } : outcomeOf(item, result.error);
  }
  const target = resolved(item.target);
  // Its add was refused or withdrawn: nothing to change (the refusal was told).
  if (!('id' in target)) return { kind: 'moot' };
  let result: { error?: unknown };
  if (item.op === 'note') {
    const arg = { id: target.id, bookmarkNotes: { notes: item.notes } };
    outboxReplays.add(arg);
    const call = store.dispatch(endpoints.updateBookmark.initiate(arg));
    result = await call;
    call.reset();
  } else {
    const arg = { id: target.id };
    outboxReplays.add(arg);
    const call = store.dispatch(endpoints.deleteBookmark.initiate(arg));
    result = await call;
    call.reset();
  }
  return 'error' in result ? outcomeOf(item, result.error as Partial<NormalizedError>) : { kind: 'sent' };
}

/** Settles a sent or refused item: it leaves the queue, and what named its add names the id, or goes too. */
function settle(item: OutboxItem, outcome: Outcome): Promise<void> {
  const key = item.key!;
  const added = item.op === 'add' && outcome.kind === 'sent' ? outcome.id : undefined;
  if (added !== undefined) sentAdds.set(key, added);
  return change(async (store) => {
    await store.delete(key);
    if (item.op !== 'add') return;
    for (const other of await store.getAll()) {
      if (!refersTo(other, key)) continue;
      if (added === undefined) await store.delete(other.key!);
      else await store.put({ ...other, target: { id: added } } as OutboxItem);
    }
  });
}

/** The writes of `reader` (and of nobody in particular), first first. */
async function nextFor(reader: number | null): Promise<OutboxItem | undefined> {
  const db = await openOfflineDb();
  let cursor = await db.transaction('outbox').store.openCursor();
  while (cursor) {
    if (cursor.value.user === null || cursor.value.user === reader) return cursor.value;
    cursor = await cursor.continue();
  }
  return undefined;
}

/** The signed-in reader once their profile is in; undefined when nobody is signed in. */
function reader(store: OutboxStore): Promise<number | null | undefined> {
  const now = readerIn(store.getState());
  if (now !== null || !store.subscribe) return Promise.resolve(now);
  const { subscribe } = store;
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      const next = readerIn(store.getState());
      if (next === null) return;
      stop();
      resolve(next);
    });
  });
}

/** One tab at a time sends (where the browser has Web Locks). */
const oneTabAtATime = <T>(work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks.request('qarar-outbox', work) as Promise<T>) : work();

async function flushOnce(store: OutboxStore): Promise<FlushReport> {
  const report: FlushReport = { sent: 0, refused: 0, conflicts: 0, left: 0 };
  /** The bookmarks written (the outbox's calls leave asking the server again to the end, once). */
  const written: Array<{ type: 'Bookmark'; id: number }> = [];
  const user = await reader(store);
  if (user === undefined) return { ...report, left: await pendingCount() };
  await oneTabAtATime(async () => {
    while (online() && readerIn(store.getState()) === user) {
      const item = await nextFor(user);
      if (!item) break;
      inFlight = item.key;
      let outcome: Outcome;
      try {
        outcome = await send(store, item);
        if (outcome.kind !== 'stop') await settle(item, outcome);
      } finally {
        inFlight = undefined;
      }
      if (outcome.kind === 'stop') break;
      const target = item.op === 'add' ? undefined : resolved(item.target);
      if (target && 'id' in target) written.push({ type: 'Bookmark', id: target.id });
      if (outcome.kind === 'sent') report.sent += 1;
      else if (outcome.kind === 'moot') continue;
      else if (outcome.kind === 'conflict') {
        report.conflicts += 1;
        tellConflict(store, item);
      } else {
        report.refused += 1;
        tellRefused(item, outcome.error);
      }
    }
  });
  if (report.sent + report.refused + report.conflicts > 0) {
    // The lists show what the server holds now; after a refusal or a conflict the posts' marks too.
    const posts = report.refused + report.conflicts > 0 ? (['Post'] as const) : [];
    store.dispatch(bookmarksApi.util.invalidateTags([{ type: 'Bookmark', id: 'LIST' }, 'CurrentUser', ...written, ...posts]));
  }
  if (report.sent > 0) toast.success(say('sent', { count: report.sent }));
  return { ...report, left: await pendingCount() };
}

let flushing: Promise<FlushReport> | undefined;
let again = false;

/**
 * Sends what waits, in order, one at a time, through the app's mutations: a 2xx takes it off
 * the queue; no network (or a 5xx, a 401 the session could not renew, 408/425/429) stops there
 * and keeps it and the rest; a 404 on a note edit is a conflict (the bookmark was removed
 * elsewhere: the reader is told, with a way to save the post again with that note); a 404 on a
 * removal means it is done; any other 4xx is told, with the server's message, and dropped.
 * Then the bookmark list and the reader's counts are asked again. Waits for the reader's profile
 * (whose writes to send); a call while one runs runs again after it.
 */
export function flushOutbox(store: OutboxStore): Promise<FlushReport> {
  if (flushing) {
    again = true;
    return flushing;
  }
  const run = async () => {
    const total: FlushReport = { sent: 0, refused: 0, conflicts: 0, left: 0 };
    do {
      again = false;
      const round = await flushOnce(store);
      total.sent += round.sent;
      total.refused += round.refused;
      total.conflicts += round.conflicts;
      total.left = round.left;
    } while (again && online());
    return total;
  };
  flushing = run().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

// ---------------------------------------------------------------------------------- telling

type OutboxKey = keyof OutboxResources['outbox'];

/** The chunk's strings (added above; typed by their own tree, not the app's). */
const say = (key: OutboxKey, values?: Record<string, string | number>): string =>
  (i18n.t as unknown as (key: string, values?: object) => string)(`outbox.${key}`, values);

function titleOf(post: OutboxPost): string {
  const arabic = i18n.language === 'ar';
  const title = (arabic ? post.title_ar || post.title : post.title || post.title_ar) || safeDecode(post.slug);
  return isolate(title);
}

function safeDecode(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

function tellRefused(item: OutboxItem, error: Partial<NormalizedError>) {
  const key = item.op === 'add' ? 'refusedAdd' : item.op === 'note' ? 'refusedNote' : 'refusedRemove';
  const message = error.serverMessage || error.message || i18n.t('errors.unexpected');
  toast.error(say(key, { title: titleOf(item.post), error: isolate(message) }));
}

/** The note could not be saved: the bookmark was removed on another device. */
function tellConflict(store: Writer, item: OutboxItem) {
  const notes = item.op === 'note' ? item.notes : '';
  const title = titleOf(item.post);
  const message = notes ? say('conflict', { title, note: isolate(notes) }) : say('conflictNoNote', { title });
  const { slug } = item.post;
  // Stays until the reader answers it (toast.offer): the note is in it, nowhere else any more.
  if (slug) toast.offer(message, say(notes ? 'bookmarkAgain' : 'bookmarkAgainPlain'), () => void bookmarkAgain(store, slug, notes || null), { closeLabel: i18n.t('toast.dismiss') });
  else toast.info(message);
}

/** "Save it again": a new bookmark of the post with the note (kept here again if offline). */
async function bookmarkAgain(store: Writer, slug: string, notes: string | null) {
  const result = await store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug, bookmarkNotes: { notes } }));
  if (result.data) toast.success(result.data.message || i18n.t('bookmark.added'));
  else toast.error(i18n.t('bookmark.addFailed'));
}
