import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build:server` (part of `npm run build` and `npm start`): the API server compiled to
 * plain JavaScript, so that the serving process runs no TypeScript compiler.
 *
 * One CommonJS bundle of the server's own code (src/server, src/shared, the few src/web modules
 * it uses) at dist/server/server.js with its source map; the packages stay in node_modules,
 * required as they are. Beside it, what the code finds next to itself (`__dirname`): the SQL
 * migrations and the worker threads' files, which are plain CommonJS already and run as written.
 * The server then starts with `node --enable-source-maps dist/server/server.js`.
 */

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'dist', 'server');

/** Files the server reads from its own folder, copied there as they are. */
const BESIDE = [
  'src/server/db/migrations',
  'src/server/modules/media/image-worker.js',
  'src/server/modules/media/pdf-text-worker.js',
  'src/server/pages/draw-worker.js',
];

import { PARSED_CONTRACT, writeParsedContract } from '../src/server/http/contract';

async function main() {
  const started = performance.now();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const result = await build({
    entryPoints: [path.join(ROOT, 'src/server/server.ts')],
    outfile: path.join(OUT, 'server.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    // JSX of the e-mails and drawn bits (React's automatic runtime, as tsconfig.json says).
    jsx: 'automatic',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
    metafile: true,
  });
  for (const item of BESIDE) {
    const from = path.join(ROOT, item);
    cpSync(from, path.join(OUT, path.basename(item)), { recursive: true });
  }
  // The contract parsed now rather than at every start (half a second of YAML), keyed by its text.
  writeParsedContract(path.join(OUT, PARSED_CONTRACT));
  const bytes = readdirSync(OUT).reduce((sum, f) => sum + (statSync(path.join(OUT, f)).isFile() ? statSync(path.join(OUT, f)).size : 0), 0);
  const modules = Object.keys(result.metafile.inputs).length;
  console.log(`build:server: dist/server/server.js from ${modules} modules (${(bytes / 1024).toFixed(0)} KB with its map) in ${Math.round(performance.now() - started)} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
