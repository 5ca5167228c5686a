/**
 * A live window.matchMedia for jsdom (which has none): evaluates min-width / max-width and
 * prefers-color-scheme and prefers-reduced-motion against a mutable environment, and fires 'change' on the lists whose
 * answer changes, as a browser does (MUI's useMediaQuery subscribes to it).
 */
export interface MediaEnvironment {
  width: number;
  prefersDark: boolean;
  prefersReducedMotion: boolean;
}

type Listener = (event: MediaQueryListEvent) => void;

function evaluate(query: string, env: MediaEnvironment): boolean {
  const conditions = query.replace(/^@media\s*/, '').split(/\s+and\s+/i);
  return conditions.every((raw) => {
    const condition = raw.trim().replace(/^\(|\)$/g, '');
    const [feature, value = ''] = condition.split(':').map((part) => part.trim());
    switch (feature) {
      case 'min-width':
        return env.width >= parseFloat(value);
      case 'max-width':
        return env.width <= parseFloat(value);
      case 'prefers-color-scheme':
        return (value === 'dark') === env.prefersDark;
      case 'prefers-reduced-motion':
        return (value === 'reduce') === env.prefersReducedMotion;
      default:
        return false;
    }
  });
}

export function installMatchMedia(initial: Partial<MediaEnvironment> = {}) {
  const env: MediaEnvironment = { width: 1280, prefersDark: false, prefersReducedMotion: false, ...initial };
  const lists: Array<{ list: MediaQueryList; listeners: Set<Listener>; last: boolean }> = [];

  const matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    const list = {
      media: query,
      get matches() {
        return evaluate(query, env);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    lists.push({ list, listeners, last: evaluate(query, env) });
    return list;
  };

  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });

  return {
    env,
    /** Changes the device (width, dark preference) and notifies the affected lists. */
    set(next: Partial<MediaEnvironment>) {
      Object.assign(env, next);
      for (const entry of lists) {
        const now = evaluate(entry.list.media, env);
        if (now === entry.last) continue;
        entry.last = now;
        const event = { matches: now, media: entry.list.media } as MediaQueryListEvent;
        entry.listeners.forEach((listener) => listener(event));
      }
    },
    uninstall() {
      delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
