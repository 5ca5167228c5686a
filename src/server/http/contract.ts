import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../paths';

export const CONTRACT_PATH = path.join(ROOT, 'openapi', 'openapi.yaml');

/** Beside the compiled server (scripts/build-server.ts): the contract parsed at build time. */
export const PARSED_CONTRACT = 'openapi.json';

/**
 * Where else a parsed copy may be (a path): the test runner parses the contract once for its
 * hundred-odd test files, each of which would parse it again (jest loads every module afresh
 * per file). Used, like the build's copy, only when its digest is this text's.
 */
export const PARSED_CONTRACT_ENV = 'QARAR_PARSED_CONTRACT';

/**
 * The parsed YAML, walked by fastify-openapi-glue and by the tests' response checks: its shape is
 * the OpenAPI specification's, which nothing here restates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiDocument = Record<string, any>;

let cached: { text: string; document: OpenApiDocument } | undefined;

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * openapi/openapi.yaml, read once: the text (served as is) and the parsed document — taken from
 * the build's parsed copy when that was made of this very text (parsing the YAML is half a
 * second of every start: a restart's downtime), else parsed here.
 */
export function contract() {
  if (!cached) {
    const text = readFileSync(CONTRACT_PATH, 'utf8');
    cached = { text, document: parsedAtBuild(text) ?? (parse(text) as OpenApiDocument) };
  }
  return cached;
}

function parsedAtBuild(text: string): OpenApiDocument | undefined {
  const digest = digestOf(text);
  for (const file of [path.join(__dirname, PARSED_CONTRACT), process.env[PARSED_CONTRACT_ENV]]) {
    if (!file) continue;
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { sha256: string; document: OpenApiDocument };
      if (kept.sha256 === digest) return kept.document;
    } catch {
      // Not there, or not whole: the next, or the YAML.
    }
  }
  return undefined;
}

/** Writes the parsed contract with the digest of the text it was parsed from. */
export function writeParsedContract(file: string): void {
  const text = readFileSync(CONTRACT_PATH, 'utf8');
  writeFileSync(file, JSON.stringify({ sha256: digestOf(text), document: parse(text) as unknown }));
}
