import { contract } from './http/contract';
import { routes } from './modules';
import { createTestContext, type TestContext } from './test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the server as a whole', () => {
  it('has a handler for every operation of the contract', () => {
    const ids: string[] = [];
    for (const item of Object.values<Record<string, { operationId?: string }>>(contract().document.paths)) {
      for (const op of Object.values(item)) if (op.operationId) ids.push(op.operationId);
    }
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !(id in routes))).toEqual([]);
  });

  it('answers health checks and serves its contract and docs', async () => {
    expect((await ctx.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const yaml = await ctx.inject({ url: '/api/v1/openapi.yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('openapi: 3.1.0');
    expect((await ctx.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('answers an unknown path with a 404 in the reader language', async () => {
    const ar = await ctx.inject({ url: '/api/v1/nothing-here/' });
    expect(ar.statusCode).toBe(404);
    expect(ar.json().detail).toBe('هذا العنوان غير موجود.');
    const en = await ctx.inject({ url: '/api/v1/nothing-here/', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json().detail).toBe('This address does not exist.');
  });

  it('answers malformed JSON, a wrong content type and bad parameters with clear 4xx', async () => {
    const badJson = await ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: '{"username":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().detail).toBe('The request body is not valid JSON.');
    const text = await ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    const params = await ctx.inject({ url: '/api/v1/content/posts/?page=0&ordering=sideways', headers: { 'accept-language': 'en' } });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toEqual({
      page: ['Ensure this value is greater than or equal to 1.'],
      ordering: ['Choose one of: -published_at, published_at, -view_count, view_count, relevance.'],
    });
  });

  it('rejects a malformed or forged bearer token with 401', async () => {
    for (const authorization of ['Bearer not-a-jwt', 'Basic abc', `Bearer ${ctx.app.jwt.sign({ sub: '1', sid: 'x', typ: 'refresh' })}`]) {
      const res = await ctx.inject({ url: '/api/v1/content/categories/', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    }
  });
});

describe('an unexpected fault', () => {
  it('answers 500 with a generic message and logs it with the request id', async () => {
    const logged: { reqId?: string; msg?: string }[] = [];
    const broken = await createTestContext();
    broken.app.log.error = ((obj: { reqId?: string }, msg?: string) => logged.push({ reqId: obj?.reqId, msg }));
    // A statement the database cannot run (a table gone): a fault of the server's own, not an
    // outage (a database away answers 503: http/db-outage.test.ts).
    await broken.db.exec('DROP TABLE categories CASCADE');
    const res = await broken.app.inject({ url: '/api/v1/content/categories/', headers: { 'x-request-id': 'req-42', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'An unexpected error occurred', request_id: 'req-42' });
    expect(logged).toContainEqual({ reqId: 'req-42', msg: 'unexpected error' });
    await broken.app.close();
  });
});

describe('numbers beyond what the database holds', () => {
  it('are a 400, never a 500', async () => {
    const big = '99999999999';
    for (const url of [
      `/api/v1/content/posts/?type_id=${big}`,
      `/api/v1/content/posts/?organization=${big}`,
      `/api/v1/content/posts/?min_views=${big}`,
      `/api/v1/content/posts/?max_views=${big}`,
      `/api/v1/content/post-types/${big}/`,
      `/api/v1/auth/users/${big}/`,
    ]) {
      const res = await ctx.inject({ url, headers: { 'accept-language': 'en' } });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});
