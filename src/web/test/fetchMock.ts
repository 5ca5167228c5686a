/**
 * A scripted `fetch` for client tests (needs the jsdomWithFetch environment): each call is
 * answered by the handler, and every Request is kept for assertions.
 */
export type Handler = (req: Request, path: string) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const text = (status: number, body: string, type = 'text/plain') => new Response(body, { status, headers: { 'content-type': type } });

export function mockFetch(handler: Handler) {
  const calls: Request[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(input);
    calls.push(req);
    const path = new URL(req.url).pathname.replace(/^\/api\/v1/, '');
    return handler(req, path);
  });
  global.fetch = fn;
  return { fn, calls, paths: () => calls.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/api\/v1/, '')}`) };
}
