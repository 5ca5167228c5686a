import { createContext, useContext, useEffect } from 'react';

/**
 * Called once the screen of a page the server drew has been taken over (src/web/start.tsx). React
 * takes over a Suspense boundary's content after the page around it, so the app waits for this
 * before turning to the reader's real session: taken over earlier, the screen would meet the
 * reader's bits (a bookmark's mark) where the drawing has a visitor's, and be drawn again.
 */
export const ScreenTakenOverContext = createContext<() => void>(() => undefined);

/** Rendered after the screen, inside its boundary (AppLayout). */
export function ScreenTakenOver(): null {
  const taken = useContext(ScreenTakenOverContext);
  useEffect(() => taken(), [taken]);
  return null;
}
