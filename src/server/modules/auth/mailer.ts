import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part (every message has one). */
  text: string;
  /** An HTML part beside it. */
  html?: string;
  headers?: Record<string, string>;
  /** List-* headers (nodemailer writes List-Unsubscribe from `unsubscribe`). */
  list?: { unsubscribe: { url: string; comment: string } };
}

export interface Mailer {
  /**
   * `log`: where to say it was sent (a request's logger, with its id); by default the one the
   * mailer was made with (one mailer serves every request, so it must not keep a request's).
   */
  send(mail: Mail, log?: FastifyBaseLogger): Promise<void>;
  /** Lets the transport's connections go (the SMTP pool), once nothing more is to be sent. */
  close?(): void;
}

/** Where messages go when no SMTP server is configured. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** A file name that sorts by time and says whom the message is for, with nothing a path could abuse. */
export function outboxFileName(to: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const who = to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${Math.random().toString(36).slice(2, 8)}-${who}.eml`;
}

/** What an SMTP failure says, for a log line or staff (never the message: it holds links with tokens). */
export function smtpErrorOf(err: unknown): { code?: string; responseCode?: number; response?: string; message: string } {
  const e = err as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : undefined,
    responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
    response: typeof e?.response === 'string' ? e.response.slice(0, 300) : undefined,
    message: String(e?.message ?? err).slice(0, 300),
  };
}

/**
 * Whether a failed send says the SMTP server itself is away — no connection, a timeout, a
 * connection cut, 421 (closing the channel) — rather than that it refused this message or this
 * recipient (nodemailer's own `isTransientError`, with DNS, TLS and sign-in problems added):
 * the next message would fare no better.
 */
export function smtpServerAway(err: unknown): boolean {
  const { code, responseCode } = smtpErrorOf(err);
  return responseCode === 421 || ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH'].includes(code ?? '');
}

function smtpMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const timeout = config.smtpTimeoutMs;
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
  return {
    async send(mail, logger = log) {
      try {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail });
        logger.info({ to: mail.to, messageId: info.messageId }, 'mail sent');
      } catch (err) {
        logger.warn({ to: mail.to, smtp: smtpErrorOf(err) }, 'mail not sent');
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

/** Without SMTP, each message is written whole (as SMTP would carry it) into DATA_DIR/outbox. */
function outboxMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config.dataDir);
  return {
    async send(mail, logger = log) {
      // Quoted-printable keeps the links readable in the file (base64 would hide them).
      const info = await transport.sendMail({ from: config.mailFrom, textEncoding: 'quoted-printable', ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(mail.to));
      // Written aside, then renamed: whoever reads the outbox never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      logger.info({ to: mail.to, file }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}

/**
 * The mailer SMTP_URL chooses. The app makes one (modules/auth/plugin.ts) and keeps it, so that
 * an SMTP transport's connections are reused between messages, and closes it with the app.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? smtpMailer(config, log) : outboxMailer(config, log);
}
