/**
 * Exactly-once ad counting under faults (issue 13), judged the way the nats-server chaos tests judge a stream: every
 * click the stream stored is counted, once — no hole, no double. Clicks flow in through the real HTTP endpoint while
 * the NATS server is killed and restarted, then while the counter crashes right after committing a batch (before its
 * acks) and a new counter takes over the same durable.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { AdClickRecorded, eventStream, parseEvent, VISITOR_HEADER } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, ensureStream, listen, startBatchConsumer, streamMessages, type NatsHandle, type RunningServer } from '@cp/service-kit';
import { faultNats, testEnv } from '../../../infra/src/jest/test-env.ts';
import { makeKeys, until } from '../../identity/test/helpers.ts';
import { buildAdsApp } from '../src/app.ts';
import { countAdEvents } from '../src/use-cases/count-ad-events.ts';
import type { AdsDeps } from '../src/use-cases/deps.ts';
import { adFields } from '../src/use-cases/ad-rules.ts';
import { adBody, BROWSER, newVisitor } from './helpers.ts';

const logger = createLogger('ads-faults-test', 'silent');
const stream = eventStream('ads').name;

let conn: Connection;
let server: Awaited<ReturnType<typeof faultNats>>;
let nats: NatsHandle;
let http: RunningServer;
let deps: AdsDeps;
let base: string;

beforeAll(async () => {
  server = await faultNats();
  nats = await connectNats({ url: server.url, name: 'ads-faults-app', logger });
  await ensureStream(nats.jsm, 'ads');
  conn = await connectMongo(testEnv().MONGO_URL, `ads_faults_${randomUUID().slice(0, 8)}`);
  const keys = makeKeys();
  const built = await buildAdsApp({ conn, js: nats.js, logger, auth: { publicKey: keys.publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions: { check: async () => null } } });
  deps = built.deps;
  http = await listen(built.app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${http.port}`;
});
afterAll(async () => {
  await http?.close();
  await nats?.close();
  await server?.close();
  await conn?.dropDatabase();
  await conn?.close();
});

/** A counter on a NATS connection of its own; `crashAfterCommit` closes that connection right after a batch commits. */
async function startCounter(durable: string, crashAfterCommit = false) {
  const own = await connectNats({ url: server.url, name: `ads-faults-counter-${randomUUID().slice(0, 4)}`, logger });
  let crashed = false;
  const consumer = await startBatchConsumer({
    nats: own,
    connection: conn,
    stream,
    durable,
    logger,
    defs: [AdClickRecorded],
    batchSize: 50,
    ackWaitMs: 2_000,
    async handle(events, session) {
      await countAdEvents(deps, events, session);
      if (crashAfterCommit && !crashed) {
        crashed = true;
        // The transaction commits after this returns; the connection is gone before the acks: a crash in between.
        session.once('ended', () => void own.nc.close());
      }
    },
  });
  return {
    crashed: () => crashed,
    stop: async () => {
      if (!own.nc.isClosed()) await consumer.stop();
      await own.close().catch(() => undefined);
    },
  };
}

/** Sends clicks from `workers` loops until `stop()`, each from a visitor of its own (so each counts); counts the 202s and the failures. */
function clickLoad(adId: string, workers = 4) {
  let running = true;
  const tally = { accepted: 0, failed: 0 };
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        const res = await fetch(`${base}/api/advertisements/${adId}/click`, { method: 'POST', headers: { 'user-agent': BROWSER, [VISITOR_HEADER]: newVisitor() }, signal: AbortSignal.timeout(10_000) });
        if (res.status === 202) tally.accepted += 1;
        else tally.failed += 1;
      } catch {
        tally.failed += 1;
      }
    }
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The click events the stream stored for this ad (each once, by event id). */
async function storedClickIds(adId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const m of await streamMessages(nats.jsm, stream)) {
    const parsed = parseEvent(m.json());
    if (parsed.ok && parsed.event.type === AdClickRecorded.type && (parsed.event.data as { adId: string }).adId === adId) ids.add(parsed.event.id);
  }
  return ids;
}

it('counts every stored click exactly once across a NATS restart and a counter crash after commit', async () => {
  const adId = randomUUID();
  const now = new Date();
  await deps.ads.insert({ _id: adId, ...adFields(adBody()), impressions: 0, clicks: 0, createdAt: now, updatedAt: now });
  const durable = `ads-counter-faults-${randomUUID().slice(0, 8)}`;
  let counter = await startCounter(durable);
  const load = clickLoad(adId);
  try {
    await until('some clicks', async () => load.tally.accepted >= 100);
    // NATS killed and restarted under load.
    await server.stop();
    await new Promise((r) => setTimeout(r, 1_500));
    await server.start();
    await until('clicks accepted again', async () => {
      const before = load.tally.accepted;
      await new Promise((r) => setTimeout(r, 500));
      return load.tally.accepted > before + 20;
    }, 60_000);
    // The counter crashes between a commit and its acks; a new one takes over the durable.
    await counter.stop();
    counter = await startCounter(durable, true);
    await until('the crash', async () => counter.crashed(), 30_000);
    await new Promise((r) => setTimeout(r, 500));
    await counter.stop();
    await new Promise((r) => setTimeout(r, 1_000));
    counter = await startCounter(durable);
    await new Promise((r) => setTimeout(r, 1_000));
  } finally {
    await load.stop();
  }
  try {
    const stored = await storedClickIds(adId);
    process.stderr.write(`[ads faults] ${load.tally.accepted} clicks accepted, ${load.tally.failed} refused during the faults, ${stored.size} stored\n`);
    // Every accepted click was stored (an accepted answer means JetStream stored it); a refused one may have been too.
    expect(stored.size).toBeGreaterThanOrEqual(load.tally.accepted);
    expect(stored.size).toBeLessThanOrEqual(load.tally.accepted + load.tally.failed);
    expect(load.tally.failed).toBeGreaterThan(0); // the outage was felt
    await until('the counter caught up', async () => (await deps.ads.findById(adId))!.clicks >= stored.size, 60_000);
    await new Promise((r) => setTimeout(r, 3_000)); // redeliveries after the crash (ack wait 2 s) must add nothing
    // No hole, no double: the count is the stored events, each applied once.
    expect((await deps.ads.findById(adId))!.clicks).toBe(stored.size);
    const applied = await conn.db!.collection('processed_events').find({ consumer: durable }).toArray();
    expect(new Set(applied.map((d) => String(d.eventId)))).toEqual(stored);
  } finally {
    await counter.stop();
  }
});
