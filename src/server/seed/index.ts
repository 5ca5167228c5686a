import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';

/** Placeholder until the demo-content generator lands. */
export async function seedIfEmpty(_db: Db, _config: Config, _log: FastifyBaseLogger): Promise<Record<string, number> | null> {
  return null;
}
