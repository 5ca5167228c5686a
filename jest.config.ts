import os from 'node:os';
import type { Config } from 'jest';

// Transformed to CommonJS as well: packages published only as ES modules, and PGlite, whose
// CommonJS build loads parts of itself with import(), which jest's CommonJS runtime cannot run.
const esmOnly = ['fastify-openapi-glue', '@seriousme', '@electric-sql'].join('|');

// swc strips types (checked by `npm run typecheck`), turns ES modules and import() into
// CommonJS for jest's runtime, and hoists jest.mock like babel-jest: some twenty times faster
// than babel, which mattered most on a fresh clone, where every file is transformed once.
const swc = (parser: Record<string, unknown>): [string, Record<string, unknown>] => [
  '@swc/jest',
  {
    jsc: { target: 'es2022', parser, transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
  },
];

// swc leaves import.meta as it is, which CommonJS cannot run: the one package that reads it (the
// contract's validator finds its schemas by import.meta.url) goes through babel instead.
const transform: Config['transform'] = {
  '/node_modules/@seriousme/.+\\.m?js$': [
    'babel-jest',
    {
      babelrc: false,
      configFile: false,
      plugins: ['@babel/plugin-transform-modules-commonjs', 'babel-plugin-transform-import-meta'],
    },
  ],
  '^.+\\.tsx?$': swc({ syntax: 'typescript', tsx: true }),
  '^.+\\.(j|mj|cj)sx?$': swc({ syntax: 'ecmascript', jsx: true }),
};

const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server', '<rootDir>/src/shared', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/web', '<rootDir>/src/shared'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      // src/shared tests run once, in the server project.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/shared/'],
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
      moduleNameMapper: {
        '\\.(css|woff2?|ttf|svg|png|jpe?g|webp)$': '<rootDir>/src/web/test/file-stub.ts',
      },
      setupFilesAfterEnv: ['<rootDir>/src/web/test/setup.ts'],
    },
  ],
  // The contract parsed once for the run (src/server/test/global-setup.ts).
  globalSetup: '<rootDir>/src/server/test/global-setup.ts',
  // The longest files first, with or without the times of a last run (scripts/jest-sequencer.mjs).
  testSequencer: '<rootDir>/scripts/jest-sequencer.mjs',
  testTimeout: 60_000,
  // Three test files at once on two cores: many files spend seconds waiting on what they
  // started (a server process, a worker thread, a timer, PostgreSQL), a core idle meanwhile.
  // `npm test` here: 402 s with one file per core, 333 s with three (same commit, one after the
  // other, all passing). Jest's default (cores - 1) left one core of two idle.
  // A number: jest reads a percentage above 100 in the config as that many workers.
  maxWorkers: Math.max(2, Math.round(os.availableParallelism() * 1.5)),
};

export default config;
