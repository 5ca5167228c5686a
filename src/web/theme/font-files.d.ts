// A font file imported by theme/fonts.ts is its URL (webpack's asset/resource).
declare module '*.woff2' {
  const url: string;
  export default url;
}
