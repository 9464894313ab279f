import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, createLogger, startLeasedJob, type LeasedJob } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

const logger = createLogger('leased-job-test', process.env.JOB_TEST_LOG ?? 'silent');
let conn: Connection;
const jobs: LeasedJob[] = [];

beforeAll(async () => {
  conn = await connectMongo(testEnv().MONGO_URL, `kit_jobs_${randomUUID().slice(0, 8)}`);
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.stop()));
});
afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

/** Two replicas of one job on one clock; each run is recorded with the replica that made it. */
function twoReplicas(name: string, run: (who: string) => Promise<void> = async () => undefined) {
  let clock = 1_000_000;
  const runs: string[] = [];
  const make = (who: string) => {
    const job = startLeasedJob({
      conn,
      name,
      everyMs: 3_600_000, // ticks only when the test calls tick()
      leaseMs: 10_000,
      holder: who,
      logger,
      now: () => clock,
      run: async () => {
        runs.push(who);
        await run(who);
      },
    });
    jobs.push(job);
    return job;
  };
  return { a: make('a'), b: make('b'), runs, advance: (ms: number) => (clock += ms) };
}

test('of two replicas ticking together exactly one runs, and it keeps the job while it renews', async () => {
  const { a, b, runs, advance } = twoReplicas(`job-${randomUUID()}`);
  const first = await Promise.all([a.tick(), b.tick()]);
  expect(first.filter(Boolean)).toHaveLength(1);
  expect(runs).toHaveLength(1);
  const holder = runs[0]!;
  const [mine, other] = holder === 'a' ? [a, b] : [b, a];
  for (let i = 0; i < 5; i++) {
    advance(5_000); // within the lease: the holder renews, the other never runs
    expect(await other.tick()).toBe(false);
    expect(await mine.tick()).toBe(true);
  }
  expect(new Set(runs)).toEqual(new Set([holder]));
});

test('a holder that stops renewing (died) loses the job to the other replica after the lease', async () => {
  const { a, b, runs, advance } = twoReplicas(`job-${randomUUID()}`);
  expect(await a.tick()).toBe(true);
  advance(9_999);
  expect(await b.tick()).toBe(false);
  advance(2);
  expect(await b.tick()).toBe(true);
  expect(await a.tick()).toBe(false); // b holds it now
  expect(runs).toEqual(['a', 'b']);
});

test('stop gives the lease up, so the other replica takes over at once', async () => {
  const { a, b, runs } = twoReplicas(`job-${randomUUID()}`);
  expect(await a.tick()).toBe(true);
  await a.stop();
  expect(await a.tick()).toBe(false);
  expect(await b.tick()).toBe(true);
  expect(runs).toEqual(['a', 'b']);
});

test('a run is never started twice at once in one process, and a failed run is retried at the next tick', async () => {
  let release!: () => void;
  let fail = true;
  const { a, runs } = twoReplicas(`job-${randomUUID()}`, async () => {
    if (fail) {
      fail = false;
      throw new Error('boom');
    }
    await new Promise<void>((resolve) => (release = resolve));
  });
  expect(await a.tick()).toBe(false); // failed, logged
  const slow = a.tick();
  await new Promise((r) => setTimeout(r, 100));
  const again = a.tick(); // the same run, not a second one
  release();
  expect(await slow).toBe(true);
  expect(await again).toBe(true);
  expect(runs).toEqual(['a', 'a']);
});
