import { servingMessage } from './serving-message';

describe('the start-up line', () => {
  it('names the address actually bound, not localhost', () => {
    const line = servingMessage({ address: '127.0.0.1', family: 'IPv4', port: 41234 }, undefined, 'pglite');
    expect(line).toBe('Qarar is serving on http://127.0.0.1:41234 (database: pglite)');
    expect(line).not.toContain('localhost');
  });

  it('puts an IPv6 address in brackets', () => {
    expect(servingMessage({ address: '::1', family: 'IPv6', port: 8080 }, undefined, 'postgres')).toBe(
      'Qarar is serving on http://[::1]:8080 (database: postgres)',
    );
  });

  it('says when it listens on every interface, and how to reach it on this machine', () => {
    for (const address of ['0.0.0.0', '::']) {
      const line = servingMessage({ address, family: address === '::' ? 'IPv6' : 'IPv4', port: 8080 }, undefined, 'pglite');
      expect(line).toContain(`http://${address === '::' ? '[::]' : address}:8080 (every interface; on this machine http://localhost:8080)`);
    }
  });

  it('names PUBLIC_URL when it is set', () => {
    expect(servingMessage({ address: '127.0.0.1', family: 'IPv4', port: 8080 }, 'https://qarar.example', 'postgres')).toBe(
      'Qarar is serving on http://127.0.0.1:8080, public address https://qarar.example (database: postgres)',
    );
  });

  it('names a socket by its path', () => {
    expect(servingMessage('/run/qarar.sock', undefined, 'pglite')).toBe('Qarar is serving on /run/qarar.sock (database: pglite)');
  });
});
