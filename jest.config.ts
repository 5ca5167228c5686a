import type { Config } from 'jest';

// Packages published only as ES modules; jest runs CommonJS, so swc transforms them too.
const esmOnly = ['fastify-openapi-glue', '@seriousme'].join('|');

const transform: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
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
  ],
  testTimeout: 60_000,
};

export default config;
