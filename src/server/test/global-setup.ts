import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_PATH, PARSED_CONTRACT_ENV, writeParsedContract } from '../http/contract';

/**
 * Once per jest run, before the test files: the contract parsed once (see PARSED_CONTRACT_ENV),
 * in the temporary folder under its digest, for every test file's app and response checks.
 * The workers jest starts next inherit the variable.
 */
export default function globalSetup(): void {
  const digest = createHash('sha256').update(readFileSync(CONTRACT_PATH)).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `qarar-openapi-${digest}.json`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}`;
    writeParsedContract(partial);
    renameSync(partial, file);
  }
  process.env[PARSED_CONTRACT_ENV] = file;
}
