import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL), for tests of an outage without stopping
 * the server other test files share: `refuse()` stops listening (a connection tried meanwhile is
 * refused, as by a stopped server), `cut()` ends every connection open through it (a stopped
 * server's sockets close), `accept()` listens again on the same port (the server is back).
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server = createServer();
  private bound = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** A proxy to host:port on a free port of 127.0.0.1, listening. */
  static async start(host: string, port: number): Promise<TcpProxy> {
    const proxy = new TcpProxy({ host, port });
    await proxy.listen(0);
    return proxy;
  }

  /** Where it listens (the same port after accept()). */
  get port(): number {
    return this.bound;
  }

  /** Stops taking connections; those open stay until cut or ended by either side. */
  refuse(): void {
    this.server.close();
  }

  /** Ends every connection open through the proxy, both ways. */
  cut(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** Takes connections again, on the same port. */
  async accept(): Promise<void> {
    if (this.server.listening) return;
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    this.refuse();
    this.cut();
  }

  private async listen(port: number): Promise<void> {
    this.server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.bound = (this.server.address() as { port: number }).port;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      this.sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        this.sockets.delete(a);
        b.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
