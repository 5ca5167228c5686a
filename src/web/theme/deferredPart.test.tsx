import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import { act, render, screen } from '@testing-library/react';
import { createRef, type Ref } from 'react';
import { deferredPart, loadWhenIdle } from './deferredPart';

function Original({ label, ref }: { label: string; ref?: Ref<HTMLSpanElement> }) {
  return <span ref={ref}>{label}</span>;
}

/** An import whose answer the test gives. */
function controlledImport() {
  let answer!: (m: { default: typeof Original }) => void;
  let fail!: (err: Error) => void;
  const importPart = jest.fn(
    () =>
      new Promise<{ default: typeof Original }>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { importPart, answer: (m = { default: Original }) => answer(m), fail: () => fail(new Error('offline')) };
}

describe('deferredPart', () => {
  it('draws nothing until the original is here, then the original with the same props and ref', async () => {
    const { importPart, answer } = controlledImport();
    const { Part } = deferredPart<{ label: string }, HTMLSpanElement>(importPart);
    const ref = createRef<HTMLSpanElement>();
    const { container } = render(<Part label="ripple" ref={ref} />);
    expect(container).toBeEmptyDOMElement();
    expect(importPart).toHaveBeenCalledTimes(1);
    await act(async () => answer());
    expect(screen.getByText('ripple')).toBe(ref.current);
  });

  it('draws the original in its first render once it was loaded beforehand, asking for it once', async () => {
    const { importPart, answer } = controlledImport();
    const { Part, load } = deferredPart<{ label: string }, HTMLSpanElement>(importPart);
    const loading = load();
    answer();
    await loading;
    await load();
    render(<Part label="first" />);
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(importPart).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const { importPart, fail, answer } = controlledImport();
    const { load } = deferredPart<{ label: string }>(importPart);
    const first = load();
    fail();
    expect(await first).toBeUndefined();
    const second = load();
    answer();
    expect(await second).toBe(Original);
    expect(importPart).toHaveBeenCalledTimes(2);
  });
});

describe('loadWhenIdle', () => {
  type IdleWindow = Omit<Window, 'requestIdleCallback'> & { requestIdleCallback?: (cb: () => void, options?: object) => number };
  const win = window as unknown as IdleWindow;
  const original = win.requestIdleCallback;
  afterEach(() => {
    win.requestIdleCallback = original;
  });

  it('asks once the page has loaded and the browser is idle', () => {
    const idle: Array<() => void> = [];
    win.requestIdleCallback = (cb) => idle.push(cb);
    const load = jest.fn();
    loadWhenIdle(load);
    // jsdom's document has loaded already.
    expect(load).not.toHaveBeenCalled();
    idle.forEach((cb) => cb());
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks at the first press or key should it come sooner, and only once', () => {
    const idle: Array<() => void> = [];
    win.requestIdleCallback = (cb) => idle.push(cb);
    const load = jest.fn();
    loadWhenIdle(load);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    idle.forEach((cb) => cb());
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("MUI's press ripple", () => {
  it('is MUI’s own once loaded, with the actions ButtonBase calls', async () => {
    const { default: DeferredTouchRipple, loadTouchRipple } = await import('./deferredTouchRipple');
    await loadTouchRipple();
    const ref = createRef<TouchRippleActions>();
    const { container } = render(<DeferredTouchRipple ref={ref} />);
    expect(container.querySelector('.MuiTouchRipple-root')).toBeInTheDocument();
    expect(ref.current).toEqual(expect.objectContaining({ start: expect.any(Function), stop: expect.any(Function), pulsate: expect.any(Function) }));
  });
});
