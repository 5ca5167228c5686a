import { awaitFaces, FONTS_PENDING, layoutFor, scriptJson, SERVER_PAGE_OFF, serverPageCheck, serverPageFits } from './serverPage';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A window `width` wide whose system asks for a dark or light scheme. */
function screen(width: number, dark = false, reducedMotion = false) {
  window.matchMedia = ((query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const matches = min
      ? width >= Number(min[1])
      : query.includes('prefers-color-scheme: dark')
        ? dark
        : query.includes('prefers-reduced-motion: reduce')
          ? reducedMotion
          : false;
    return { matches, media: query } as MediaQueryList;
  }) as typeof window.matchMedia;
}

/** redux-persist's shape: each field JSON inside the JSON object. */
const persisted = (fields: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, JSON.stringify(v)])));

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(SERVER_PAGE_OFF);
  screen(390);
});

describe('whether the page the server drew is this reader’s', () => {
  it('is for a first visit at the width it was drawn for', () => {
    expect(serverPageFits('phone', zone)).toBe(true);
    screen(1280);
    expect(serverPageFits('desktop', zone)).toBe(true);
    localStorage.setItem('qarar:preferences', persisted({ theme: 'light', language: 'ar' }));
    localStorage.setItem('qarar:session', persisted({ access: null, refresh: null }));
    expect(serverPageFits('desktop', zone)).toBe(true);
  });

  it('is not at another width (a tablet, a phone given the desktop page)', () => {
    screen(800);
    expect(serverPageFits('phone', zone)).toBe(false);
    expect(serverPageFits('desktop', zone)).toBe(false);
    screen(390);
    expect(serverPageFits('desktop', zone)).toBe(false);
  });

  it('is not for a reader of English, a signed-in reader, a dark theme, reduced motion or another time zone', () => {
    screen(390, false, true);
    expect(serverPageFits('phone', zone)).toBe(false);
    screen(390);
    localStorage.setItem('qarar:language', 'en');
    expect(serverPageFits('phone', zone)).toBe(false);
    localStorage.clear();
    localStorage.setItem('qarar:session', persisted({ access: 'a.b.c', refresh: 'r' }));
    expect(serverPageFits('phone', zone)).toBe(false);
    localStorage.clear();
    localStorage.setItem('qarar:preferences', persisted({ theme: 'dark' }));
    expect(serverPageFits('phone', zone)).toBe(false);
    localStorage.clear();
    screen(390, true);
    expect(serverPageFits('phone', zone)).toBe(false);
    localStorage.setItem('qarar:preferences', persisted({ theme: 'light' }));
    expect(serverPageFits('phone', zone)).toBe(true);
    expect(serverPageFits('phone', zone === 'Asia/Riyadh' ? 'UTC' : 'Asia/Riyadh')).toBe(false);
  });

  it('is not when storage cannot be read', () => {
    localStorage.setItem('qarar:preferences', '{not json');
    expect(serverPageFits('phone', zone)).toBe(false);
  });

  it('runs as the inline script the page carries, marking <html> when the page is not the reader’s', () => {
    const run = (layout: 'phone' | 'desktop') => {
      const source = /^<script>([\s\S]*)<\/script>$/.exec(serverPageCheck(layout, zone))![1];
      new Function(source)();
    };
    run('phone');
    expect(document.documentElement.hasAttribute(SERVER_PAGE_OFF)).toBe(false);
    run('desktop');
    expect(document.documentElement.hasAttribute(SERVER_PAGE_OFF)).toBe(true);
  });
});

describe('a drawn page waiting for its faces', () => {
  const pending = () => document.documentElement.hasAttribute(FONTS_PENDING);
  let resolvers: Array<() => void> = [];
  const load = jest.fn();
  beforeEach(() => {
    jest.useFakeTimers();
    resolvers = [];
    load.mockReset().mockImplementation(() => new Promise<void>((resolve) => resolvers.push(resolve)));
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  });
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(document, 'fonts');
    document.documentElement.removeAttribute(FONTS_PENDING);
  });

  it('is hidden until the Arabic and Latin faces, regular and bold, are here', async () => {
    awaitFaces(300, 'IBM Plex Sans Arabic');
    expect(pending()).toBe(true);
    expect(load.mock.calls.map(([font, text]) => `${font}|${text}`).sort()).toEqual([
      '400 16px "IBM Plex Sans Arabic"|a',
      '400 16px "IBM Plex Sans Arabic"|ع',
      '700 16px "IBM Plex Sans Arabic"|a',
      '700 16px "IBM Plex Sans Arabic"|ع',
    ]);
    resolvers.slice(0, 3).forEach((resolve) => resolve());
    await jest.advanceTimersByTimeAsync(0);
    expect(pending()).toBe(true); // one face still loading
    resolvers[3]();
    await jest.advanceTimersByTimeAsync(0);
    expect(pending()).toBe(false);
  });

  it('shows in the fallback font when the faces are slow, and at once where fonts cannot be loaded', async () => {
    awaitFaces(300, 'IBM Plex Sans Arabic');
    await jest.advanceTimersByTimeAsync(299);
    expect(pending()).toBe(true);
    await jest.advanceTimersByTimeAsync(1);
    expect(pending()).toBe(false);
    Reflect.deleteProperty(document, 'fonts');
    awaitFaces(300, 'IBM Plex Sans Arabic');
    expect(pending()).toBe(false);
  });
});

describe('the layout drawn for a browser', () => {
  it('is the phone’s for mobile browsers, else the desktop’s', () => {
    expect(layoutFor('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36')).toBe('phone');
    expect(layoutFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(layoutFor('Mozilla/5.0 (X11; Linux x86_64) Chrome/131 Safari/537.36')).toBe('desktop');
    expect(layoutFor(undefined)).toBe('desktop');
  });
});

describe('answers inside a script element', () => {
  it('cannot close the element or open a comment, and read back the same', () => {
    const value = { text: '</script><!-- \u2028 <b>' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual(value);
  });
});
