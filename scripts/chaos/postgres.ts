import { execFileSync } from 'node:child_process';
import pg from 'pg';

/**
 * The PostgreSQL side of the fault suite: a database of its own for each run, and — where this
 * process may (root, a Debian cluster on the URL's port) — stopping and starting the server
 * that holds it, and its streaming replica.
 */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A Debian cluster ("15 main") listening on `url`'s port, when this process may drive it. */
export function clusterOf(url: string): { version: string; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  const port = new URL(url).port || '5432';
  try {
    const lines = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim().split('\n');
    for (const line of lines) {
      const [version, name, p] = line.split(/\s+/);
      if (p === port) return { version, name };
    }
  } catch {
    // not a Debian PostgreSQL
  }
  return null;
}

export function clusterCtl(cluster: { version: string; name: string }, action: 'stop' | 'start'): void {
  const args = ['--skip-systemctl-redirect', cluster.version, cluster.name, action];
  if (action === 'stop') args.push('-m', 'fast');
  execFileSync('pg_ctlcluster', args, { stdio: 'ignore' });
}
