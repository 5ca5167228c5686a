import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../paths';

export const CONTRACT_PATH = path.join(ROOT, 'openapi', 'openapi.yaml');

let cached: { text: string; document: Record<string, any> } | undefined;

/** openapi/openapi.yaml, read once: the text (served as is) and the parsed document. */
export function contract() {
  if (!cached) {
    const text = readFileSync(CONTRACT_PATH, 'utf8');
    cached = { text, document: parse(text) };
  }
  return cached;
}
