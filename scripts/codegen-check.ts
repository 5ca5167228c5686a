/**
 * Fails when the committed generated code differs from a fresh generation from
 * openapi/openapi.yaml (npm run codegen:check, run by CI). The fresh output is left in
 * place, so running this locally also brings the generated files up to date.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** Every file or folder that `npm run codegen` writes. */
export const GENERATED = ['src/server/api-types.gen.ts', 'src/web/api/generated'];

function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) for (const f of readdirSync(abs)) walk(path.join(rel, f));
    else files.set(rel, readFileSync(abs, 'utf8'));
  };
  GENERATED.forEach(walk);
  return files;
}

const before = snapshot();
execSync('npm run --silent codegen', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
if (changed.length) {
  console.error(`Generated code is out of date with openapi/openapi.yaml:\n  ${changed.join('\n  ')}\nRun "npm run codegen" and commit the result.`);
  process.exit(1);
}
console.log(`codegen:check: ${after.size} generated file(s) match openapi/openapi.yaml`);
