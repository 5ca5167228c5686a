import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { firstRenderReady } from './firstRender';
import { heldLazy, readyLazy } from './heldLazy';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const Part = ({ word }: { word: string }) => <button type="button">{word}</button>;

describe('heldLazy', () => {
  it('asks for its chunk at once, holds the take-over of a drawn page until it is here, then renders it directly', async () => {
    const chunk = deferred<{ default: typeof Part }>();
    const load = jest.fn(() => chunk.promise);
    const Held = heldLazy(load);
    // Asked for when the module runs, not when first rendered.
    expect(load).toHaveBeenCalledTimes(1);

    let ready = false;
    void firstRenderReady().then(() => (ready = true));
    const view = render(
      <Suspense fallback={<span>placeholder</span>}>
        <Held word="feeds" />
      </Suspense>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    // Before: a drawn page was taken over without it (its button's presses then lost).
    expect(ready).toBe(false);

    await act(async () => {
      chunk.resolve({ default: Part });
      await chunk.promise;
    });
    expect(ready).toBe(true);
    expect(await screen.findByRole('button', { name: 'feeds' })).toBeInTheDocument();
    view.unmount();

    // Once here, no suspending: the first render is the part itself (as the server drew it).
    render(
      <Suspense fallback={<span>placeholder</span>}>
        <Held word="again" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'again' })).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('readyLazy', () => {
  it('asks for nothing until asked, then once; suspends until the chunk is here, then renders directly', async () => {
    const chunk = deferred<{ default: typeof Part }>();
    const load = jest.fn(() => chunk.promise);
    const [Ready, start] = readyLazy(load);
    expect(load).not.toHaveBeenCalled();
    const view = render(
      <Suspense fallback={<span>placeholder</span>}>
        <Ready word="links" />
      </Suspense>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    await act(async () => {
      chunk.resolve({ default: Part });
      await start();
    });
    expect(await screen.findByRole('button', { name: 'links' })).toBeInTheDocument();
    view.unmount();
    render(
      <Suspense fallback={<span>placeholder</span>}>
        <Ready word="menu" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'menu' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
