import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The portal's server as `npm start` runs it (dist/server when built, else the sources through
 * tsx), in a process of its own that a fault case may stop (SIGTERM), kill (SIGKILL) and start
 * again on the same port and data: what a supervisor does after a crash.
 */
export class ChaosServer {
  readonly baseURL: string;
  private child: ChildProcess | null = null;
  private readonly out: WriteStream;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
    mkdirSync(path.dirname(logFile), { recursive: true });
    this.out = createWriteStream(logFile, { flags: 'a' });
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it answers /readyz (the database reachable). */
  async start(timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    const compiled = existsSync(path.join(ROOT, 'dist', 'server', 'server.js'));
    const entry = compiled ? ['--enable-source-maps', 'dist/server/server.js'] : ['--import', 'tsx', 'src/server/server.ts'];
    const child = spawn(process.execPath, entry, { cwd: ROOT, env: { ...this.env, PORT: String(this.port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(this.out, { end: false });
    child.stderr.pipe(this.out, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = started + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${this.logFile}`);
      try {
        const res = await fetch(`${this.baseURL}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server was not ready within ${timeoutMs / 1000} s; see ${this.logFile}`);
  }

  /** SIGKILL: the process ends at once, whatever it was doing (a crash, the OOM killer). */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the process drains and closes as a deployment asks it to. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.stop();
    this.out.end();
  }
}
