/**
 * Chunks a screen renders directly once they are here (the post card's content), registered by
 * their modules as they start loading. The browser awaits them before taking over a page the
 * server drew, so its first render is the server's, element for element (src/web/start.tsx).
 */
const pending = new Set<Promise<unknown>>();

export function holdFirstRender(loading: Promise<unknown>): void {
  pending.add(loading.catch(() => undefined));
}

export function firstRenderReady(): Promise<unknown> {
  return Promise.all(pending);
}
