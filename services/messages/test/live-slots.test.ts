import { createApp, createLogger, listen, type RunningServer } from '@cp/service-kit';
import type { LiveEvent, LiveFeed } from '../src/events/live-feed.ts';
import { LIVE_STREAM_MESSAGES, LIVE_STREAMS_PER_USER, liveStreams } from '../src/live-stream.ts';

/**
 * Fair live-stream slots (issue 41 §5), on the real handler served over HTTP: a replica with room for 6 streams, 4 per
 * address. The client address is the gateway's X-Forwarded-For (the kit's apps trust it: the gateway sets it and
 * drops the client's own), so one test process plays several addresses. The feed is a stand-in that never sends (the
 * slots are what is tested; the events are live.test.ts's).
 */
const feed: LiveFeed = {
  position: async () => 0,
  follow: (_viewer, _after, signal): AsyncIterable<LiveEvent> => ({
    // Nothing, until the stream is closed.
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise<IteratorResult<LiveEvent>>((resolve) => signal.addEventListener('abort', () => resolve({ done: true, value: undefined }), { once: true })),
    }),
  }),
};

let server: RunningServer;
let base = '';
let serve: ReturnType<typeof liveStreams>;
const open: AbortController[] = [];

beforeAll(async () => {
  const logger = createLogger('live-slots-test', 'silent');
  serve = liveStreams(feed, { logger }, { maxStreams: 6, perAddress: 4, heartbeatMs: 60_000 });
  const app = createApp({ name: 'live-slots-test', logger });
  app.use(async (ctx) => serve(ctx, ctx.get('x-test-user')));
  server = await listen(app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  for (const a of open) a.abort();
  await server?.close();
});

/** Opens a stream as `user` from `address`: its status, error text, and whether the server ended it. */
async function stream(address: string, user: string): Promise<{ status: number; error?: string; ended: Promise<void> }> {
  const abort = new AbortController();
  open.push(abort);
  const res = await fetch(`${base}/api/messages/stream`, { headers: { 'x-forwarded-for': address, 'x-test-user': user }, signal: abort.signal });
  if (res.status !== 200) return { status: res.status, error: ((await res.json()) as { error: string }).error, ended: Promise.resolve() };
  const ended = (async () => {
    try {
      for await (const _chunk of res.body as unknown as AsyncIterable<Uint8Array>) void _chunk;
    } catch {
      // aborted by the test
    }
  })();
  return { status: 200, ended };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

it('an address that opens as many streams as it can never keeps another person out: the biggest holder\'s oldest stream makes room', async () => {
  // One address, many accounts: 4 streams, then its own cap (429).
  const attacker = [];
  for (let i = 0; i < 4; i++) attacker.push(await stream('203.0.113.7', `attacker-${i}`));
  expect(attacker.map((s) => s.status)).toEqual([200, 200, 200, 200]);
  expect(await stream('203.0.113.7', 'attacker-9')).toMatchObject({ status: 429, error: LIVE_STREAM_MESSAGES.perAddress });
  // A second address of the attacker's fills the replica.
  expect((await stream('203.0.113.8', 'attacker-10')).status).toBe(200);
  expect((await stream('203.0.113.8', 'attacker-11')).status).toBe(200);
  expect(serve.open()).toBe(6);

  // A neighbour from another address still gets a stream: the first address's oldest is closed for it.
  expect((await stream('198.51.100.20', 'neighbour')).status).toBe(200);
  await attacker[0]!.ended;
  expect(serve.open()).toBe(6);
  // And another: the biggest holder (3 now, against 2 and 1) gives up its next oldest.
  expect((await stream('198.51.100.21', 'other-neighbour')).status).toBe(200);
  await attacker[1]!.ended;

  // The attacker cannot take them back: an address holding its fair share or less makes no room for itself (503).
  await settle();
  const back = await stream('203.0.113.8', 'attacker-12');
  expect(back.status).toBe(503);
  expect(serve.open()).toBe(6);
});

it(`keeps a person to ${LIVE_STREAMS_PER_USER} streams, whatever the address`, async () => {
  const local = liveStreams(feed, { logger: createLogger('live-slots-test', 'silent') }, { maxStreams: 100 });
  const app = createApp({ name: 'live-slots-user', logger: createLogger('live-slots-test', 'silent') });
  app.use(async (ctx) => local(ctx, 'one-person'));
  const own = await listen(app, 0, '127.0.0.1', createLogger('live-slots-test', 'silent'));
  const aborts: AbortController[] = [];
  try {
    const statuses: number[] = [];
    for (let i = 0; i <= LIVE_STREAMS_PER_USER; i++) {
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`http://127.0.0.1:${own.port}/`, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` }, signal: abort.signal });
      statuses.push(res.status);
      if (res.status !== 200) expect(((await res.json()) as { error: string }).error).toBe(LIVE_STREAM_MESSAGES.perUser);
    }
    expect(statuses).toEqual([...Array(LIVE_STREAMS_PER_USER).fill(200), 429]);
  } finally {
    for (const a of aborts) a.abort();
    await own.close();
  }
});
