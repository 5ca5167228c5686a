import type { Config } from 'jest';

// Transformed to CommonJS as well: packages published only as ES modules, and PGlite, whose
// CommonJS build loads parts of itself with import(), which jest's CommonJS runtime cannot run.
const esmOnly = ['fastify-openapi-glue', '@seriousme', '@electric-sql'].join('|');

// babel-jest strips types (checked by `npm run typecheck`) and turns ES modules, import()
// and import.meta into CommonJS for jest's runtime.
const transform: Config['transform'] = {
  '^.+\\.(t|j|mj|cj)sx?$': [
    'babel-jest',
    {
      babelrc: false,
      configFile: false,
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }],
        ['@babel/preset-typescript', { allowDeclareFields: true }],
        ['@babel/preset-react', { runtime: 'automatic' }],
      ],
      plugins: ['babel-plugin-transform-import-meta'],
    },
  ],
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
  testTimeout: 60_000,
  // One test file per core: jest's default leaves one core of two idle, and `npm test` on this
  // two-core machine then took minutes longer than it needs.
  maxWorkers: '100%',
};

export default config;
