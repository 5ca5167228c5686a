import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (the one with package.json), found from this file: the sources
 * (src/server) and the compiled server (dist/server, one bundle: scripts/build-server.ts) sit
 * at different depths below it.
 */
export const ROOT = (() => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(__dirname, '..', '..');
  }
})();
