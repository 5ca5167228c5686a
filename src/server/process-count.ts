import os from 'node:os';

/**
 * How many processes serve (WORKERS): by default one with the embedded database (one process
 * may open its folder) and one per core with PostgreSQL. A text says why a value is refused.
 */
export function processCountOf(value: string | undefined, databaseUrl: string | undefined): number | string {
  const cores = os.availableParallelism();
  if (value === undefined || value.trim() === '') return databaseUrl ? cores : 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) return `WORKERS must be a whole number from 1 to 256 (it is "${value}").`;
  if (n > 1 && !databaseUrl) return `WORKERS=${n} needs PostgreSQL (DATABASE_URL): the embedded database is opened by one process.`;
  return n;
}
