/**
 * True while the server's renderer draws a page (src/web/ssr.tsx): there is no window, and no
 * effect ever runs, so what a screen would start in an effect (its queries) starts in render.
 */
export const RENDERING_ON_SERVER = typeof window === 'undefined';
