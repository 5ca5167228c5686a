// The name webpack.config.ts gives react-i18next's own build in the server's renderer, where
// `react-i18next` itself is serverTranslation.ts.
declare module 'react-i18next-package' {
  export * from 'react-i18next';
}
