import type { ConfigFile } from '@rtk-query/codegen-openapi';

/** One generated file per domain (the contract's tags), all injected into the one empty base API. */
const domains = ['posts', 'hashtags', 'organizations', 'bookmarks', 'auth', 'studio', 'alerts'] as const;

/**
 * A post's versions are read on the post's page only: their endpoints go in a file of their own,
 * so that the home route's first download does not carry them (its JS budget is 200 KB gzip).
 */
const VERSION_OPERATIONS = new Set(['listPostVersions', 'getPostVersion', 'verifyDocument']);

/**
 * Nor the people and topics a reader may follow (profiles, the user directory, interests,
 * follows): the profile, following and workspace screens load them (src/web/api/people.ts).
 */
const PEOPLE_OPERATIONS = new Set([
  'listUsers',
  'getUser',
  'getProfile',
  'searchUsers',
  'listInterests',
  'addInterest',
  'deleteInterest',
  'toggleFollow',
  'listFollowers',
  'listFollowing',
  'listTopicFollows',
  'followTopic',
  'unfollowTopic',
  'verifyUser',
]);

const apart = (name: string) => VERSION_OPERATIONS.has(name) || PEOPLE_OPERATIONS.has(name);

const byTag =
  (tag: string) =>
  (name: string, { operation }: { operation: { tags?: string[] } }) =>
    (operation.tags?.includes(tag) ?? false) && !apart(name);

const config: ConfigFile = {
  schemaFile: './openapi.yaml',
  apiFile: '../src/web/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: {
    ...Object.fromEntries(
      domains.map((d) => [`../src/web/api/generated/${d}.gen.ts`, { filterEndpoints: byTag(d), exportName: `${d}GeneratedApi` }]),
    ),
    '../src/web/api/generated/postVersions.gen.ts': {
      filterEndpoints: (name: string) => VERSION_OPERATIONS.has(name),
      exportName: 'postVersionsGeneratedApi',
    },
    '../src/web/api/generated/people.gen.ts': {
      filterEndpoints: (name: string) => PEOPLE_OPERATIONS.has(name),
      exportName: 'peopleGeneratedApi',
    },
  },
};

export default config;
