import { startJobLoop } from './jobs';
import { createTestContext, type TestContext } from './test/helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job whose every run takes `ms`, noting how many runs were under way at once. */
function slowJob(ms: number) {
  const job = { runs: 0, finished: 0, underWay: 0, mostAtOnce: 0, aborted: 0 };
  const work = async (stop: AbortSignal) => {
    job.runs++;
    job.underWay++;
    job.mostAtOnce = Math.max(job.mostAtOnce, job.underWay);
    await sleep(ms);
    if (stop.aborted) job.aborted++;
    job.underWay--;
    job.finished++;
  };
  return { job, work };
}

describe('the scheduled work’s loop', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('never starts a run while the one before is still going, however short the interval', async () => {
    const { job, work } = slowJob(80);
    const stop = startJobLoop({ db: ctx.db, intervalMs: 10, work, log: () => undefined });
    await sleep(400);
    await stop();
    expect(job.runs).toBeGreaterThanOrEqual(3);
    expect(job.mostAtOnce).toBe(1);
  });

  it('stops: waits for the run under way, tells it to stop, and starts none after', async () => {
    const { job, work } = slowJob(150);
    const stop = startJobLoop({ db: ctx.db, intervalMs: 10, work, log: () => undefined });
    await sleep(30);
    expect(job.underWay).toBe(1);
    await stop();
    // Settled only once the run had finished, which saw the signal.
    expect(job).toMatchObject({ runs: 1, finished: 1, underWay: 0, aborted: 1 });
    await sleep(100);
    expect(job.runs).toBe(1);
  });

  it('stops between runs at once, and no run starts after', async () => {
    const { job, work } = slowJob(5);
    const stop = startJobLoop({ db: ctx.db, intervalMs: 50, work, log: () => undefined });
    await sleep(25);
    await stop();
    await sleep(100);
    expect(job.runs).toBe(1);
  });

  it('goes on after a run that failed, which it logs', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = startJobLoop({
      db: ctx.db,
      intervalMs: 5,
      work: async () => {
        runs++;
        if (runs === 1) throw new Error('broken');
      },
      log: (err) => errors.push(err),
    });
    await sleep(100);
    await stop();
    expect(runs).toBeGreaterThan(1);
    expect(errors).toEqual([new Error('broken')]);
  });
});
