/**
 * CI runs the server suites twice: on the embedded database (`npm test`), then against a
 * PostgreSQL server (TEST_DATABASE_URL). A suite of the embedded database itself (its folder
 * lock, its files, its backups, the compiled server on it), of no database at all, or whose
 * answer is our own code's (the search evaluation: the analyzer's word forms) would give the
 * same answer the second time, at the same cost: it runs in the first run only, marked with
 * these, and the PostgreSQL run counts it as skipped.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const describeOnce: jest.Describe = onPostgres ? describe.skip : describe;
export const itOnce: jest.It = onPostgres ? it.skip : it;
