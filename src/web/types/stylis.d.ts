// stylis ships no types and @types/stylis is not a dependency; stylis-plugin-rtl's own types
// name its Middleware type, declared here as Emotion's own plugin type.
declare module 'stylis' {
  export type Middleware = import('@emotion/cache').StylisPlugin;
}
