/**
 * The app's side of what the service worker keeps (src/web/sw/sw.ts): what can be read offline,
 * the attachments a reader made available offline, a bookmarked post's answer kept while
 * bookmarked, and the sign-out that removes every signed-in thing kept on the device.
 */
import type { Post } from '../api/generated/posts.gen';
import { CACHES, CLEARED_AT_SIGN_OUT, KEEP_HEADER, postAnswerPath, postSlugOf, SIGNED_IN_CACHES, type FromWorker, type ToWorker } from './offlineCaches';

const hasCaches = () => typeof caches !== 'undefined';

/** A post that opens without a network, as the offline page lists it. */
export interface KeptPost {
  slug: string;
  title: string;
  titleAr: string;
  organization: string | null;
  organizationAr: string | null;
  /** When it was kept (the answer's Date), as a timestamp; 0 when unknown. */
  keptAt: number;
}

const decodeEntities = (text: string) =>
  text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|#39|apos);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? whole;
  });

/** A drawn page's title without the portal's name after it ("… — قرار" / "… — Qarar"). */
function titleOfPage(html: string): string | null {
  const m = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  if (!m) return null;
  return decodeEntities(m[1]).replace(/\s+[—|·-]\s+(قرار|Qarar)\s*$/u, '').trim() || null;
}

/**
 * Every post kept on this device, newest first: the answers kept by the worker (as read, and
 * the bookmarked ones), and the drawn pages of posts (their title as drawn).
 */
export async function listKeptPosts(): Promise<KeptPost[]> {
  if (!hasCaches()) return [];
  const found = new Map<string, KeptPost>();
  for (const cacheName of [CACHES.saved, CACHES.privatePosts, CACHES.posts]) {
    if (!(await caches.has(cacheName))) continue;
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      const response = await cache.match(request, { ignoreVary: true });
      if (!response) continue;
      try {
        const post = (await response.json()) as Partial<Post>;
        if (typeof post.slug !== 'string' || found.has(post.slug)) continue;
        found.set(post.slug, {
          slug: post.slug,
          title: post.title || post.title_ar || post.slug,
          titleAr: post.title_ar || post.title || post.slug,
          organization: post.organization_name ?? null,
          organizationAr: post.organization_name_ar ?? post.organization_name ?? null,
          keptAt: Date.parse(response.headers.get('date') ?? '') || 0,
        });
      } catch {
        // Not a post's answer after all: not listed.
      }
    }
  }
  if (await caches.has(CACHES.pages)) {
    const pages = await caches.open(CACHES.pages);
    for (const request of await pages.keys()) {
      const slug = postSlugOf(new URL(request.url).pathname);
      if (!slug || found.has(slug)) continue;
      const response = await pages.match(request, { ignoreVary: true });
      const title = response ? titleOfPage(await response.text()) : null;
      if (!response || !title) continue;
      found.set(slug, { slug, title, titleAr: title, organization: null, organizationAr: null, keptAt: Date.parse(response.headers.get('date') ?? '') || 0 });
    }
  }
  return [...found.values()].sort((a, b) => b.keptAt - a.keptAt);
}

/** The attachments' addresses as this page asks for them (the answer's absolute URLs). */
const attachmentUrls = (post: Pick<Post, 'attachments'>) => (post.attachments ?? []).map((a) => a.file_url);

/** Whether every attachment of the post is kept for reading offline. */
export async function filesKept(post: Pick<Post, 'attachments'>): Promise<boolean> {
  const urls = attachmentUrls(post);
  if (!hasCaches() || urls.length === 0 || !(await caches.has(CACHES.files))) return false;
  const cache = await caches.open(CACHES.files);
  const kept = await Promise.all(urls.map((url) => cache.match(url, { ignoreVary: true, ignoreSearch: true })));
  return kept.every(Boolean);
}

/** Keeps every attachment of the post (all or none: a failed one removes those fetched). */
export async function keepFiles(post: Pick<Post, 'attachments'>): Promise<void> {
  if (!hasCaches()) throw new Error('no Cache Storage');
  const urls = attachmentUrls(post);
  const cache = await caches.open(CACHES.files);
  try {
    await cache.addAll(urls.map((url) => new Request(url, { credentials: 'same-origin' })));
  } catch (err) {
    await Promise.all(urls.map((url) => cache.delete(url, { ignoreVary: true, ignoreSearch: true })));
    throw err;
  }
}

export async function dropFiles(post: Pick<Post, 'attachments'>): Promise<void> {
  if (!hasCaches() || !(await caches.has(CACHES.files))) return;
  const cache = await caches.open(CACHES.files);
  await Promise.all(attachmentUrls(post).map((url) => cache.delete(url, { ignoreVary: true, ignoreSearch: true })));
}

/** The bytes of a post's attachments, as the switch shows them. */
export const filesBytes = (post: Pick<Post, 'attachments'>) => (post.attachments ?? []).reduce((sum, a) => sum + (a.size || 0), 0);

/**
 * Keeps the answers of the reader's bookmarked posts (through the worker, which keeps them in
 * CACHES.saved while bookmarked), asking only for those not kept yet, and drops the answers of
 * posts no longer bookmarked when the whole list is known.
 */
export async function keepSavedPosts(slugs: readonly string[], { access, language, whole }: { access: string; language: string; whole: boolean }): Promise<void> {
  if (!hasCaches() || !navigator.serviceWorker?.controller) return;
  const cache = await caches.open(CACHES.saved);
  const wanted = new Set(slugs.map((slug) => new URL(postAnswerPath(slug), location.origin).href));
  for (const url of wanted) {
    if (await cache.match(url, { ignoreVary: true })) continue;
    const response = await fetch(url, { headers: { authorization: `Bearer ${access}`, 'accept-language': language, [KEEP_HEADER]: '1' } });
    if (response.status === 401) return; // The app renews the session; the rest waits for the next time.
  }
  if (!whole) return;
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request, { ignoreVary: true });
}

/** Asks the worker to drop the signed-in caches (it also ignores answers still on their way). */
function tellWorker(message: ToWorker): Promise<void> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 3000);
    channel.port1.onmessage = (event: MessageEvent<FromWorker>) => {
      if (event.data?.type === 'SIGNED_OUT_DONE') {
        clearTimeout(timer);
        resolve();
      }
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Sign-out on a shared phone: every signed-in answer kept, the attachments kept offline and the
 * queue of writes not yet sent are removed, so the next reader of the device finds none of them.
 */
export async function clearSignedInData(clearQueue: () => Promise<void>): Promise<void> {
  await tellWorker({ type: 'SIGNED_OUT' });
  if (hasCaches()) await Promise.all(CLEARED_AT_SIGN_OUT.map((name) => caches.delete(name)));
  await clearQueue();
}

/** Whether anything signed-in is kept (so that a signed-out start clears what a closed tab left). */
export async function signedInDataKept(): Promise<boolean> {
  if (!hasCaches()) return false;
  const kept = await Promise.all(SIGNED_IN_CACHES.map((name) => caches.has(name)));
  return kept.some(Boolean);
}
