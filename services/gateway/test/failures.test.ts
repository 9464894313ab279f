import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import type { RunningGateway } from '../src/app.ts';
import { client, eventually, startFakeService, startTestGateway, type CallResult, type FakeService } from './helpers.ts';

/** Generous bound for "answered quickly": far below the 10 s default timeout, far above a loaded CI machine's jitter. */
const FAST_MS = 3_000;

const closing = closeAfterAll();
const http = closing(client());
let gateway: RunningGateway;
let identity: FakeService; // healthy but has a slow route
let listings: FakeService; // goes down during the tests
let forum: FakeService; // its /readyz is slower than the readiness bound
let base: string;

async function timed(fn: () => Promise<CallResult>): Promise<{ res: CallResult; ms: number }> {
  const started = Date.now();
  const res = await fn();
  return { res, ms: Date.now() - started };
}

beforeAll(async () => {
  identity = closing(await startFakeService('identity'));
  listings = closing(await startFakeService('listings'));
  forum = closing(await startFakeService('forum', { readyDelayMs: 1_500 }));
  gateway = closing(await startTestGateway({
    IDENTITY_URL: identity.url,
    LISTINGS_URL: listings.url,
    FORUM_URL: forum.url,
    UPSTREAM_TIMEOUT_MS: '300',
    BREAKER_FAILURES: '3',
    BREAKER_COOLDOWN_MS: '1500',
  }));
  base = gateway.url;
});

test('an upstream slower than the timeout answers 504 JSON, well before the upstream would have', async () => {
  const { res, ms } = await timed(() => http.call(`${base}/api/auth/slow?ms=5000`));
  expect(res.status).toBe(504);
  expect(res.json()).toMatchObject({ error: 'Gateway timeout' });
  expect(ms).toBeLessThan(FAST_MS);
  // the gateway gave up on the upstream request too
  expect(await eventually(() => identity.abandoned.includes('/api/auth/slow?ms=5000'))).toBe(true);
});

test('timeouts do not open the breaker, and an answer within the timeout passes', async () => {
  for (let i = 0; i < 4; i++) expect((await http.call(`${base}/api/auth/slow?ms=2000`)).status).toBe(504);
  expect((await http.call(`${base}/api/auth/slow?ms=50`)).status).toBe(200);
});

test('readyz is degraded (still 200: the gateway stays in rotation) when an upstream /readyz takes longer than 1 s, and lists every configured service', async () => {
  const res = await http.call(`${base}/readyz`);
  expect(res.status).toBe(200);
  const body = res.json<{ status: string; error?: string; checks: Array<{ name: string; ok: boolean; error?: string }> }>();
  expect(body.status).toBe('degraded');
  expect(body.error).toBeUndefined();
  expect(body.checks.map((c) => c.name).sort()).toEqual(['forum', 'identity', 'listings']);
  const byName = Object.fromEntries(body.checks.map((c) => [c.name, c]));
  expect(byName.identity?.ok).toBe(true);
  expect(byName.listings?.ok).toBe(true);
  expect(byName.forum).toMatchObject({ ok: false, error: `${forum.url} no answer within 1000 ms` });
});

test("readyz reflects a service's own /readyz: degraded, naming it, when it answers 503; its check passes again once it is ready", async () => {
  identity.setReady(false);
  const res = await http.call(`${base}/readyz`);
  expect(res.status).toBe(200);
  expect(res.json<{ status: string }>().status).toBe('degraded');
  const check = res.json<{ checks: Array<{ name: string; ok: boolean; error?: string }> }>().checks.find((c) => c.name === 'identity');
  expect(check).toEqual({ name: 'identity', ok: false, error: `${identity.url} answered 503` });
  identity.setReady(true);
  const again = await http.call(`${base}/readyz`);
  expect(again.json<{ checks: Array<{ name: string; ok: boolean }> }>().checks.find((c) => c.name === 'identity')?.ok).toBe(true);
});

test('an upstream that is down answers 502 JSON quickly; readyz reports it', async () => {
  expect((await http.call(`${base}/api/listings`)).status).toBe(200);
  await listings.stop();
  const { res, ms } = await timed(() => http.call(`${base}/api/listings`));
  expect(res.status).toBe(502);
  expect(res.json()).toMatchObject({ error: 'Bad gateway' });
  expect(ms).toBeLessThan(FAST_MS);

  const ready = await http.call(`${base}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.json<{ status: string }>().status).toBe('degraded');
  const listingsCheck = ready.json<{ checks: Array<{ name: string; ok: boolean; error?: string }> }>().checks.find((c) => c.name === 'listings');
  expect(listingsCheck).toMatchObject({ ok: false });
  expect(listingsCheck?.error).toMatch(/ECONNREFUSED/);
  // other services are not affected
  expect((await http.call(`${base}/api/auth/user`)).status).toBe(200);
});

test('after consecutive connection failures the breaker answers 503 without trying, then closes after the cool-down', async () => {
  // keep failing until the breaker opens (3 consecutive connection failures; one already happened above)
  const statuses: number[] = [];
  for (let i = 0; i < 6 && statuses.at(-1) !== 503; i++) statuses.push((await http.call(`${base}/api/listings`)).status);
  expect(statuses.at(-1)).toBe(503);
  expect(statuses.slice(0, -1).every((s) => s === 502)).toBe(true);

  // the service is back, but the open breaker does not even try it
  await listings.restart();
  const seenBefore = listings.seen.length;
  const { res, ms } = await timed(() => http.call(`${base}/api/listings/1`, { method: 'DELETE' }));
  expect(res.status).toBe(503);
  expect(res.json()).toMatchObject({ error: 'Service unavailable' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(ms).toBeLessThan(FAST_MS);
  expect(listings.seen.length).toBe(seenBefore);

  // after the cool-down requests go through again
  expect(await eventually(async () => (await http.call(`${base}/api/listings`)).status === 200, 10_000, 200)).toBe(true);
  expect(listings.seen.length).toBeGreaterThan(seenBefore);
});
