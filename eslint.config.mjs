// @ts-check
/**
 * ESLint is the referee for DESIGN.md's rules 3, 11 and 15 (import direction, no circles, no SQL
 * in a routes file) and for React's hooks and accessibility (rule 17). Type-checked: the rules
 * that catch real bugs here (a promise nobody awaits, a promise passed where a callback's result
 * is ignored, `any` leaking out of JSON) need the types.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Generated from the folders that exist, so a new feature is fenced in the day it is made.
const features = readdirSync(path.join(root, 'src/web/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** @typedef {{ target: string | string[], from: string | string[], except?: string[], message?: string }} Zone */

/** Where the two sides meet: only src/shared (and the built renderer bundle, loaded at run time). */
/** @type {Zone[]} */
const sides = [
  { target: './src/server', from: './src/web', message: 'the server and the web app meet only through src/shared (DESIGN rule 11).' },
  { target: './src/web', from: './src/server', message: 'the web app and the server meet only through src/shared (DESIGN rule 11).' },
];

/** @type {Zone[]} */
const layers = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is pure code both sides use: it imports neither (DESIGN rule 11).' },
  { target: './src/web/api', from: './src/web/features', message: 'the api layer sits below the features and never imports one (DESIGN rule 11).' },
  ...features.map((name) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    except: [`./${name}`],
    message: 'features import the api layer and shared code, never each other (DESIGN rule 3).',
  })),
  { target: './src/server/modules/*/routes.ts', from: './src/server/db', message: 'routes → services → repositories: a routes file never reaches the database (DESIGN rule 15).' },
];

// Tests and what only tests load (shared helpers, the browser tests' harness).
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'src/*/test/**', 'src/server/modules/*/testing.ts', 'e2e/**'];

/** Reading JSON whose shape the code does not state (see where each is turned off). */
const unsafeAnyOff = {
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
      'bench-results/',
      'scratch/',
      // Generated from openapi/openapi.yaml by `npm run codegen` (DESIGN rule 1): never edited.
      'src/server/api-types.gen.ts',
      'src/web/api/generated/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Outside tsconfig.json's include: the plain JavaScript worker threads, the memory probe,
          // this file and the codegen config. Each gets the default project, with types from what it requires.
          allowDefaultProject: ['*.mjs', 'openapi/*.ts', 'scripts/*.mjs', 'src/server/pages/*.js', 'src/server/modules/media/*.js'],
        },
        tsconfigRootDir: root,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // What import-x follows and parses when it walks the import graph (its default is .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...sides, ...layers] }],

      // A `let` assigned once, later, but read before that by a closure (a callback that may run
      // first) must stay a `let`: as a `const` that read would throw instead of finding undefined.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_`-named bindings are the house's way to say "deliberately unused" (a destructured key
      // left out of a rest, a callback's leading parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: an async function without an await is how this code hands a Promise to whoever
      // asked for one — Fastify's hooks (async or done-callback style is chosen by that),
      // storage adapters, fakes of a Promise interface — and there a throw must become a
      // rejection, which dropping `async` would change.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test()/describe() return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
    },
  },
  {
    // Tests may reach across: an SSR test drives the web renderer against a real server, a page
    // test reads the locale files the drawn page must match. Layer rules still hold.
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }],
      // A test reads answers as JSON (`res.json()`, `body.results[0].id`) and asserts on them:
      // the assertion is the type check, and typing every body would only restate the contract
      // (which contract-validator.ts checks every answer against).
      ...unsafeAnyOff,
      '@typescript-eslint/no-explicit-any': 'off',
      // jest's spies and mocks are passed and asserted unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tools run by hand or by CI around the app (fuzzing, fault injection, benchmarks, screenshots):
    // they walk the contract's JSON and the API's answers as loosely as the tests do.
    files: ['scripts/**'],
    rules: { ...unsafeAnyOff, '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // An effect's missing dependency is a stale value waiting to happen: an error, and each
      // deliberate omission says why beside it.
      'react-hooks/exhaustive-deps': 'error',
      // Off: the "latest value" ref (`ref.current = onSearch` while rendering, read by a timer or
      // listener) is a deliberate idiom here, and the React Compiler rule forbids it. Its
      // replacement, useEffectEvent, changes how those hooks work: a follow-up, not a lint fix.
      'react-hooks/refs': 'off',
      // Components take their callbacks as props declared in method shorthand (`onClose(): void`)
      // and destructure them; none of them is a class method that needs its `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Off: autoFocus is used only where the reader has just asked for that field — a dialog or
      // overlay they opened (the dialog pattern moves focus into it) and the sign-in, sign-up and
      // password pages, whose one task is their form. Removing it would change behaviour.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // A routes file maps operations to service calls; SQL lives in repositories (rule 15).
    files: ['src/server/modules/*/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='query']", message: 'routes → services → repositories: no SQL in a routes file (DESIGN rule 15).' },
      ],
    },
  },
  {
    // eslint-plugin-jsx-a11y ships no types: its configs are `any` here.
    files: ['eslint.config.mjs'],
    rules: { ...unsafeAnyOff },
  },
  {
    // Plain CommonJS worker threads (see their headers): untyped JavaScript, so the no-unsafe
    // rules would flag every value they touch.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', ...unsafeAnyOff },
  },
);
