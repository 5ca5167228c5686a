import { createTestContext, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the PostgreSQL pool', () => {
  // A search over a million posts passes jit_above_cost: compiling it cost more than it ran.
  it('runs its statements without JIT compilation', async () => {
    if (ctx.db.kind !== 'postgres') return; // PGlite is built without JIT
    const rows = await ctx.db.query<{ jit: string }>('SHOW jit');
    expect(rows[0].jit).toBe('off');
    // In a transaction too (its own connection from the pool).
    const inTx = await ctx.db.transaction((tx) => tx.query<{ jit: string }>('SHOW jit'));
    expect(inTx[0].jit).toBe('off');
  });
});
