import type { AddressInfo } from 'node:net';

/** Addresses that listen on every interface: no browser can be sent to them as such. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The start-up line: where the server actually listens (the address `server.address()` gives, so
 * HOST=127.0.0.1 or PORT=0 are told as they are, not as a guess), and the address readers are
 * given (PUBLIC_URL) when it is set. Listening on every interface, it says how to reach it here.
 */
export function servingMessage(address: AddressInfo | string | null, publicUrl: string | undefined, database: string): string {
  let where: string;
  if (address === null) where = 'an unknown address';
  // A Unix socket or a Windows pipe: its path.
  else if (typeof address === 'string') where = address;
  else {
    const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
    where = `http://${host}:${address.port}`;
    if (EVERY_INTERFACE.has(address.address)) where += ` (every interface; on this machine http://localhost:${address.port})`;
  }
  const shown = publicUrl ? `, public address ${publicUrl}` : '';
  return `Qarar is serving on ${where}${shown} (database: ${database})`;
}
