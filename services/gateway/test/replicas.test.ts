/**
 * A service as several upstreams (replicas): requests spread across them, one that is down is taken out by its own
 * breaker and tried again after the cool-down, a request that could not connect goes to another replica (whatever its
 * method), one that may have reached a replica is sent again only when its method is safe, /readyz per service.
 */
import type { RunningGateway } from '../src/app.ts';
import { client, eventually, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

let a: FakeService;
let b: FakeService;
let gateway: RunningGateway;
const http = client();

const listingsSeen = (s: FakeService) => s.seen.filter((r) => r.url.startsWith('/api/listings')).length;

beforeAll(async () => {
  a = await startFakeService('listings-a');
  b = await startFakeService('listings-b');
  gateway = await startTestGateway({
    LISTINGS_URL: `${a.url},${b.url}`,
    SERVICE_URLS: `ads=${a.url},${b.url}`,
    BREAKER_FAILURES: '2',
    BREAKER_COOLDOWN_MS: '1000',
    RATE_LIMIT_GLOBAL: '0',
  });
});

afterAll(async () => {
  await http.close();
  await gateway?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

afterEach(async () => {
  a.setReady(true);
  b.setReady(true);
  await Promise.all([a.restart().catch(() => undefined), b.restart().catch(() => undefined)]);
  // the next test starts with every breaker past its cool-down
  const members = [...gateway.upstreams.values()].flatMap((g) => g.members);
  expect(await eventually(() => members.every((m) => m.openFor() === 0), 5_000)).toBe(true);
});

test('each replica is one upstream of the service', () => {
  expect(gateway.upstreams.get('listings')?.members.map((m) => m.origin)).toEqual([a.url, b.url]);
  expect(gateway.upstreams.get('ads')?.members.map((m) => m.origin)).toEqual([a.url, b.url]);
});

test('requests take turns across the replicas', async () => {
  const before = [listingsSeen(a), listingsSeen(b)];
  for (let i = 0; i < 10; i++) expect((await http.call(`${gateway.url}/api/listings?i=${i}`)).status).toBe(200);
  const got = [listingsSeen(a) - before[0]!, listingsSeen(b) - before[1]!];
  expect(got[0]! + got[1]!).toBe(10);
  expect(got[0]).toBeGreaterThanOrEqual(3);
  expect(got[1]).toBeGreaterThanOrEqual(3);
});

test('a replica busy with a request gets none of the next ones while the other is idle (fewest in progress)', async () => {
  const slow = http.call(`${gateway.url}/api/listings/slow?ms=1500`);
  expect(await eventually(() => a.seen.concat(b.seen).some((r) => r.url === '/api/listings/slow?ms=1500'))).toBe(true);
  const busy = a.seen.some((r) => r.url === '/api/listings/slow?ms=1500') ? a : b;
  const idle = busy === a ? b : a;
  const before = listingsSeen(idle);
  for (let i = 0; i < 4; i++) expect((await http.call(`${gateway.url}/api/listings/quick?i=${i}`)).status).toBe(200);
  expect(listingsSeen(idle) - before).toBe(4);
  expect((await slow).status).toBe(200);
});

test('a stopped replica: every POST still succeeds on the other with its body intact, the breaker takes it out, it comes back after the cool-down', async () => {
  await a.stop();
  const bBefore = listingsSeen(b);
  for (let i = 0; i < 8; i++) {
    const body = JSON.stringify({ title: `listing ${i}`, padding: 'x'.repeat(2000) });
    const res = await http.call(`${gateway.url}/api/listings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(res.json<{ service: string; body: string }>()).toMatchObject({ service: 'listings-b', body });
  }
  expect(listingsSeen(b) - bBefore).toBe(8);
  const [upA, upB] = gateway.upstreams.get('listings')!.members;
  expect(upA!.openFor()).toBeGreaterThan(0); // taken out after 2 connection failures
  expect(upB!.openFor()).toBe(0);
  // the other service on the same origins has its own breakers: not affected
  expect(gateway.upstreams.get('ads')!.members[0]!.openFor()).toBe(0);

  await a.restart();
  const aBefore = listingsSeen(a);
  expect(await eventually(async () => (await http.call(`${gateway.url}/api/listings`)).status === 200 && listingsSeen(a) > aBefore, 10_000, 100)).toBe(true);
  expect(upA!.openFor()).toBe(0);
});

test('a chunked POST whose replica refuses the connection is sent whole to the other one', async () => {
  await b.stop();
  const parts = ['{"a":', '"chunked', ' body"}'];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${gateway.url}/api/listings/chunked`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { service: string; body: string })).toMatchObject({ service: 'listings-a', body: parts.join('') });
  }
});

test('a POST that reached a replica which then died is not sent again (502); a GET is, once, to the other replica', async () => {
  const seenDrop = () => a.seen.concat(b.seen).filter((r) => r.url.startsWith('/api/listings/drop')).length;
  const before = seenDrop();
  const post = await http.call(`${gateway.url}/api/listings/drop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
  expect(post.status).toBe(502);
  expect(seenDrop() - before).toBe(1);

  const get = await http.call(`${gateway.url}/api/listings/drop?get=1`);
  expect(get.status).toBe(502);
  expect(a.seen.filter((r) => r.url === '/api/listings/drop?get=1')).toHaveLength(1);
  expect(b.seen.filter((r) => r.url === '/api/listings/drop?get=1')).toHaveLength(1);
});

test('every replica down: 502 at once, then 503 with Retry-After once every breaker is open', async () => {
  await Promise.all([a.stop(), b.stop()]);
  const statuses: number[] = [];
  for (let i = 0; i < 6 && statuses.at(-1) !== 503; i++) statuses.push((await http.call(`${gateway.url}/api/advertisements`)).status);
  expect(statuses.at(-1)).toBe(503);
  expect(statuses.slice(0, -1).every((s) => s === 502)).toBe(true);
  const res = await http.call(`${gateway.url}/api/advertisements`);
  expect(res.status).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
});

test('readyz: a service is ready while one replica is; degraded, naming each replica, when none is', async () => {
  a.setReady(false);
  const one = await http.call(`${gateway.url}/readyz`);
  expect(one.status).toBe(200);
  expect(one.json<{ status: string }>().status).toBe('ready');
  b.setReady(false);
  const none = await http.call(`${gateway.url}/readyz`);
  expect(none.status).toBe(200);
  const body = none.json<{ status: string; checks: Array<{ name: string; ok: boolean; error?: string }> }>();
  expect(body.status).toBe('degraded');
  for (const name of ['listings', 'ads']) {
    expect(body.checks.find((c) => c.name === name)).toEqual({ name, ok: false, error: `${a.url} answered 503; ${b.url} answered 503` });
  }
  await a.stop();
  const down = await http.call(`${gateway.url}/readyz`);
  expect(down.json<{ checks: Array<{ name: string; error?: string }> }>().checks.find((c) => c.name === 'listings')?.error).toMatch(
    new RegExp(`^${a.url} .*ECONNREFUSED.*; ${b.url} answered 503$`),
  );
});
