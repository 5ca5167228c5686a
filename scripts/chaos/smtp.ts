import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that a fault case turns down (connections refused), makes
 * slow (each message accepted only after `delayMs`) and brings back. A message counts as
 * received only once it is accepted — the 250 reply written on a connection still open — as
 * RFC 5321 makes the receiver responsible from that reply on: a sender killed before it is
 * right to send again.
 */
export class ChaosSmtp {
  readonly received: Array<{ to: string; text: string }> = [];
  delayMs = 0;
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const accept = async () => {
            const mail = await simpleParser(Buffer.concat(chunks));
            const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            const socket = (session as unknown as { socket?: { destroyed: boolean } }).socket;
            // The sender went away before the reply: not accepted, as a real server would say.
            if (socket?.destroyed) return callback(new Error('connection closed'));
            for (const rcpt of to) this.received.push({ to: rcpt, text: `${mail.subject ?? ''}\n${mail.text ?? ''}` });
            callback();
          };
          setTimeout(() => void accept().catch((err) => callback(err as Error)), this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => undefined);
    this.server = server;
  }

  /** Down: the port refuses connections, and those open are cut. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // smtp-server waits for open connections; cut them as a crashed server would.
      const conns = (server as unknown as { connections?: Set<{ close(): void }> }).connections;
      conns?.forEach((c) => c.close());
    });
  }

  /** How often each (address, marker) pair was received. */
  countOf(address: string, marker: string): number {
    return this.received.filter((m) => m.to === address.toLowerCase() && m.text.includes(marker)).length;
  }
}
