// stylis ships no types and @types/stylis is not a dependency; declare the exports the Emotion
// caches use (src/web/theme/emotionCache.ts), typed as Emotion's own plugin type.
declare module 'stylis' {
  export type Middleware = import('@emotion/cache').StylisPlugin;
  export const prefixer: Middleware;
}
