/**
 * The process's state as its own readiness check reports it: draining once told to stop
 * (SIGTERM, src/server/server.ts), when /readyz answers 503 so that a proxy sends new requests
 * elsewhere while the ones under way are answered.
 */
export const lifecycle = { draining: false };
