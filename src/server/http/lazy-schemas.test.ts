import Fastify from 'fastify';
import { compilersOnFirstUse } from './lazy-schemas';

describe('schemas compiled on first use (the tests’ app)', () => {
  it('validates and serializes as the compilers at start do', async () => {
    const build = (lazy: boolean) => {
      const app = Fastify({ ajv: { customOptions: { allErrors: true } }, ...(lazy ? { schemaController: { compilersFactory: compilersOnFirstUse() } } : {}) });
      app.post('/items/:id', {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
        },
        handler: async (req) => ({ ...(req.body as object), id: (req.params as { id: number }).id, secret: 'not in the schema' }),
      });
      return app;
    };
    const answers = async (lazy: boolean) => {
      const app = build(lazy);
      const out = [];
      for (const [url, payload] of [['/items/7', { name: 'ok', count: '3' }], ['/items/7', { name: 'x', count: 'many' }], ['/items/seven', { name: 'ok' }]] as const) {
        const res = await app.inject({ method: 'POST', url, payload });
        out.push({ status: res.statusCode, body: res.json<unknown>() });
      }
      await app.close();
      return out;
    };
    const eager = await answers(false);
    expect(eager.map((a) => a.status)).toEqual([200, 400, 400]);
    // The answer keeps to its schema (no `secret`), and a failed validation names every problem.
    expect(eager[0].body).toEqual({ id: 7, name: 'ok' });
    expect(JSON.stringify(eager[1].body)).toMatch(/minLength|must NOT have fewer/);
    expect(JSON.stringify(eager[1].body)).toMatch(/integer/);
    expect(await answers(true)).toEqual(eager);
  });
});
