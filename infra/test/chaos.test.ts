/**
 * The chaos suite's short form (issue 24 §3; `npm run chaos` is the long one, scripts/chaos.ts): a stack of this test's
 * own — MongoDB, NATS and a mail catcher it kills and restarts (never the shared test servers), S3 the shared one —
 * with two replicas of listings, under a steady load of acknowledged writes through the gateway (listing creations and
 * edits, forum replies, reviews, ad clicks), and in turn: kill -9 of the listings process whose outbox relay holds a
 * claimed batch, of the NATS server (restarted), of mongod (restarted). Judged by ids (scripts/chaos/judge.ts): every
 * acknowledged write stored exactly once, each of its events stored once and applied once by each consumer (search on
 * every replica, the ad counter, comms' reply notices and their mails), the counters exact, no request past its
 * timeout, and each fault recovered from.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { profileDir } from '../src/paths.ts';
import { testEnv } from '../src/jest/test-env.ts';
import { runChaos, total, type ChaosResult } from '../../scripts/chaos/run.ts';

jest.setTimeout(540_000);

const dataDir = path.join(profileDir('test'), `chaos-${randomUUID().slice(0, 8)}`);
let result: ChaosResult;

beforeAll(async () => {
  const env = testEnv();
  result = await runChaos({
    dataDir,
    // Past the replicas test's ports (+300) in the test profile's range.
    portOffset: Number(process.env.CP_TEST_PORT_BASE ?? 10_000) + 500,
    replicas: { listings: 2 },
    s3Env: Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('S3_'))),
    faults: ['relay', 'nats', 'mongod'],
    quietMs: 3_000,
    paceMs: 200,
    owners: 2,
    repliers: 2,
    reviewers: 4,
    businesses: 40,
    posts: 4,
    reviewsPerS: 1,
    recoveryTimeoutMs: 90_000,
    settleTimeoutMs: 180_000, // the runner's default: a retried event waits up to 60 s between deliveries (the kit's backoff)
    log: (l) => process.stderr.write(`[chaos] ${l}\n`),
  });
  process.stderr.write(`${result.table}\n`);
});

afterAll(() => {
  // Kept for reading when the test failed.
  if (result && result.notes.length === 0 && total(result.verdict, 'lost') + total(result.verdict, 'eventsLost') === 0) rmSync(dataDir, { recursive: true, force: true });
});

test('every fault was injected under load and recovered from; no request hung past its timeout', () => {
  expect(result.notes).toEqual([]);
  const faults = result.verdict.phases.filter((p) => p.phase !== 'no fault');
  expect(faults.map((p) => p.phase)).toEqual(['kill -9 relay mid-batch', 'kill -9 nats-server', 'kill -9 mongod']);
  for (const p of faults) {
    expect(p.acked).toBeGreaterThan(0);
    expect(p.recoveryS).toBeDefined();
  }
  expect(total(result.verdict, 'hung')).toBe(0);
});

test('the services’ metrics show the outbox age and the consumer backlog rising during the faults, and back to 0 after', () => {
  const faults = result.pipeline.phases.filter((p) => p.phase !== 'no fault' && p.phase !== 'settling');
  expect(faults.length).toBe(3);
  for (const p of faults) expect(p.samples).toBeGreaterThan(0);
  // NATS away and a relay killed holding a batch: events wait in the outbox (its age rises past a second)…
  expect(Math.max(...faults.map((p) => p.outboxAgeMaxS))).toBeGreaterThan(1);
  // …and MongoDB away: the consumers cannot apply what NATS still delivers (ad clicks go straight to NATS).
  expect(Math.max(...faults.map((p) => p.backlogMax))).toBeGreaterThan(0);
  // Once settled, every process's metrics say nothing is waiting.
  expect(result.pipeline.after).toEqual({ outboxAgeS: 0, backlog: 0 });
});

test('every acknowledged write exists exactly once', () => {
  const findings = result.verdict.phases.flatMap((p) => p.findings.filter((f) => /not stored|stored \d+ times|not in the ads stream|click events|not this edit/.test(f)).map((f) => `${p.phase}: ${f}`));
  expect(findings).toEqual([]);
  expect(total(result.verdict, 'lost')).toBe(0);
  expect(total(result.verdict, 'duplicated')).toBe(0);
});

test('every event of an acknowledged write is applied exactly once by each consumer; the counters are exact', () => {
  expect(result.verdict.phases.flatMap((p) => p.findings.map((f) => `${p.phase}: ${f}`))).toEqual([]);
  expect(total(result.verdict, 'eventsLost')).toBe(0);
  expect(total(result.verdict, 'eventsDoubled')).toBe(0);
  const off = result.verdict.counters.filter((c) => c.actual !== c.expected);
  expect(off).toEqual([]);
  expect(result.verdict.counters.length).toBeGreaterThan(3);
});
