import { APP_READY, awaitFaces, FONTS_PENDING, keepEarlyPresses, PRESS_IF_SIGNED_IN, PRESS_KEPT, scriptJson } from './serverPage';

/** A drawn page's controls, and the keeper started as the page's inline script starts it. */
function drawnPage() {
  document.documentElement.removeAttribute(APP_READY);
  document.body.innerHTML = `
    <div id="root">
      <button id="share" type="button">share</button>
      <a id="post" href="#post">a post</a>
      <a id="bookmark" href="#login" role="button" ${PRESS_IF_SIGNED_IN}>bookmark</a>
      <form action="/explore" method="get"><input name="search"><button id="search" type="submit">search</button></form>
    </div>
    <button id="outside" type="button">outside</button>`;
  keepEarlyPresses(APP_READY, PRESS_KEPT, PRESS_IF_SIGNED_IN, 'qarar:session');
  const el = (id: string) => document.getElementById(id) as HTMLElement;
  return { el };
}

/** A press as a person makes it: the event, and whether its default (following a link) still happens. */
function press(element: HTMLElement) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return { followed: !event.defaultPrevented };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('presses made before the app has taken the page over', () => {
  beforeEach(() => localStorage.clear());

  it('are kept on buttons, marked, and replayed once the app is ready; links work on their own', async () => {
    const { el } = drawnPage();
    const replayed: string[] = [];
    el('share').addEventListener('click', () => replayed.push('share'));
    expect(press(el('share')).followed).toBe(false);
    expect(el('share')).toHaveAttribute(PRESS_KEPT);
    expect(replayed).toEqual([]);
    // A plain link, a visitor's bookmark link and the search form's button do what they do alone.
    expect(press(el('post')).followed).toBe(true);
    expect(press(el('bookmark')).followed).toBe(true);
    expect(press(el('search')).followed).toBe(true);
    expect(press(el('outside')).followed).toBe(true);

    document.documentElement.setAttribute(APP_READY, '');
    await settle();
    expect(replayed).toEqual(['share']);
    expect(el('share')).not.toHaveAttribute(PRESS_KEPT);
    // From now on the app answers presses itself.
    expect(press(el('share')).followed).toBe(true);
    expect(replayed).toEqual(['share', 'share']);
  });

  it('are kept on a signed-in reader’s bookmark link (the app, not /login, answers it)', async () => {
    localStorage.setItem('qarar:session', JSON.stringify({ access: JSON.stringify('a.b.c'), refresh: JSON.stringify('r.s.t') }));
    const { el } = drawnPage();
    let pressed = 0;
    el('bookmark').addEventListener('click', (event) => {
      if (document.documentElement.hasAttribute(APP_READY)) pressed += 1;
      event.preventDefault();
    });
    expect(press(el('bookmark')).followed).toBe(false);
    document.documentElement.setAttribute(APP_READY, '');
    await settle();
    expect(pressed).toBe(1);
  });

  it('are not kept for a signed-out session', () => {
    localStorage.setItem('qarar:session', JSON.stringify({ access: 'null', refresh: 'null' }));
    const { el } = drawnPage();
    expect(press(el('bookmark')).followed).toBe(true);
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

describe('answers inside a script element', () => {
  it('cannot close the element or open a comment, and read back the same', () => {
    const value = { text: '</script><!-- \u2028 <b>' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual(value);
  });
});
