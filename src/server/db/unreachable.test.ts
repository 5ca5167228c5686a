import pg from 'pg';
import { freePort } from '../test/free-port';
import { openDb } from './db';
import { DatabaseUnreachable, isDatabaseUnreachable } from './unreachable';

// What the drivers really raise, where it can be made here without a server (a port nobody
// listens on, a closed pool, a closed embedded database), and SQLSTATEs by their codes.

const failure = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

describe('a database that cannot be reached', () => {
  it('is a connection refused (a stopped server), by node-postgres', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const err = await failure(() => pool.query('SELECT 1'));
    await pool.end();
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnreachable(err)).toBe(true);
  });

  it('is a pool already ended (a request late in a shutdown)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
    await pool.end();
    expect(isDatabaseUnreachable(await failure(() => pool.query('SELECT 1')))).toBe(true);
  });

  it('is an embedded database closed or closing, not one that refuses a statement', async () => {
    const db = await openDb({});
    expect(isDatabaseUnreachable(await failure(() => db.query('SELECT 1/0')))).toBe(false);
    expect(isDatabaseUnreachable(await failure(() => db.query('SELEC 1')))).toBe(false);
    expect(isDatabaseUnreachable(await failure(() => db.query('SELECT * FROM no_such_table')))).toBe(false);
    await db.close();
    expect(isDatabaseUnreachable(await failure(() => db.query('SELECT 1')))).toBe(true);
  });

  it.each([
    ['57P01 admin_shutdown', { code: '57P01' }],
    ['57P02 crash_shutdown', { code: '57P02' }],
    ['57P03 cannot_connect_now', { code: '57P03' }],
    ['53300 too_many_connections', { code: '53300' }],
    ['08006 connection_failure', { code: '08006' }],
    ['08P01 protocol_violation', { code: '08P01' }],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })],
    ['a Unix socket whose file is gone', Object.assign(new Error('connect ENOENT /run/postgresql/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' })],
    ['a connection ended mid-statement', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client that met a connection error', new Error('Client has encountered a connection error and is not queryable')],
    ['a wrapped cause', new Error('drawing failed', { cause: Object.assign(new Error('x'), { code: '57P01' }) })],
    ['one said so', new DatabaseUnreachable()],
  ])('is %s', (_name, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
  });

  it.each([
    ['23505 unique_violation', { code: '23505' }],
    ['23503 foreign_key_violation', { code: '23503' }],
    ['57014 query_canceled (a statement timeout)', { code: '57014' }],
    ['a file that is not there', Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open' })],
    ['a plain error', new Error('Connection terminated by the reader, they said')],
    ['nothing', undefined],
  ])('is not %s', (_name, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });
});
