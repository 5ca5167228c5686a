import os from 'node:os';
import { loadConfig } from './config';

const base = { JWT_SECRET: 'x'.repeat(64), DATA_DIR: os.tmpdir() };

describe('loadConfig: processes, drawing threads and replicas', () => {
  const cores = os.availableParallelism();

  it('gives one process all the cores for drawing pages, and divides them among WORKERS processes (at least one each)', () => {
    expect(loadConfig({ ...base }).pageWorkers).toBe(cores);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/q', WORKERS: '2' }).pageWorkers).toBe(Math.max(1, Math.round(cores / 2)));
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/q', WORKERS: String(cores * 4) }).pageWorkers).toBe(1);
    // With PostgreSQL and no WORKERS: one process per core, one thread each.
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/q' }).pageWorkers).toBe(1);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/q', WORKERS: '2', PAGE_WORKERS: '3' }).pageWorkers).toBe(3);
  });

  it('reads DATABASE_REPLICA_URLS as a list, and refuses one that is no postgres:// address or has no primary', () => {
    expect(loadConfig({ ...base }).replicaUrls).toEqual([]);
    expect(
      loadConfig({ ...base, DATABASE_URL: 'postgres://p/q', DATABASE_REPLICA_URLS: ' postgres://r1/q , postgresql://r2/q ,' }).replicaUrls,
    ).toEqual(['postgres://r1/q', 'postgresql://r2/q']);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://p/q', DATABASE_REPLICA_URLS: 'mysql://u:secret@r/q' })).toThrow(
      /DATABASE_REPLICA_URLS: "mysql:\/\/u:…@r\/q" is not a postgres:\/\/ address/,
    );
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URLS: 'postgres://r/q' })).toThrow(/needs DATABASE_URL/);
    expect(loadConfig({ ...base }).readYourWritesMs).toBe(5000);
    expect(loadConfig({ ...base, READ_YOUR_WRITES_MS: '12000' }).readYourWritesMs).toBe(12000);
  });

  it('writes the demo content into an empty database unless SEED_DEMO says not to', () => {
    expect(loadConfig({ ...base }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    for (const off of ['false', '0', 'no', 'OFF']) expect(loadConfig({ ...base, SEED_DEMO: off }).seedDemo).toBe(false);
  });
});
