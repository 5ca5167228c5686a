import type { ConfigFile } from '@rtk-query/codegen-openapi';

/** One generated file per domain (the contract's tags), all injected into the one empty base API. */
const domains = ['posts', 'hashtags', 'organizations', 'bookmarks', 'auth'] as const;

const byTag =
  (tag: string) =>
  (_name: string, { operation }: { operation: { tags?: string[] } }) =>
    operation.tags?.includes(tag) ?? false;

const config: ConfigFile = {
  schemaFile: './openapi.yaml',
  apiFile: '../src/web/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: Object.fromEntries(
    domains.map((d) => [`../src/web/api/generated/${d}.gen.ts`, { filterEndpoints: byTag(d), exportName: `${d}GeneratedApi` }]),
  ),
};

export default config;
