/**
 * Any service as N replicas (issue 14): two processes of listings and two of ads behind the gateway, as
 * `REPLICAS=listings=2,ads=2 npm start` runs them (startServices), on a NATS server of this test's own and databases of
 * its own. Bounded load goes through the gateway — listing creations by three users and ad clicks — and one replica
 * of each service is killed with SIGKILL mid-load (the supervisor starts it again). Then:
 * - every failed request is accounted for by the requests of that kind in flight when the replica was killed (a
 *   request that could not connect went to the survivor: the gateway's resend);
 * - every listing created (in the database, answered or not) has exactly one created event in the stream, and no other
 *   created event is there: no hole, no double; the outbox is drained (both relays took turns on one outbox);
 * - the ads counter equals the clicks the stream stored, each handled once across the two replicas' shared durable
 *   consumer (processed-event records are exactly those events), and every accepted click is among them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { AdClickRecorded, ListingCreated, eventStream, parseEvent } from '@cp/contracts';
import { connectMongo, connectNats, consumerBacklog, createLogger, streamMessages, type NatsHandle } from '@cp/service-kit';
import { faultNats, testEnv } from '../src/jest/test-env.ts';
import { registerThroughGateway } from './support/accounts.ts';
import { processGone } from '../src/proc.ts';
import { liftedPostingLimits } from '../src/stack-env.ts';
import { startServices, type RunningStack } from '../src/stack.ts';
import { AD_COUNTER_DURABLE } from '../../services/ads/src/events/ad-counter.ts';
import { adBody, BROWSER } from '../../services/ads/test/helpers.ts';
import { stackVisitorCookie } from '../src/visitor-cookies.ts';

jest.setTimeout(240_000);

const logger = createLogger('replicas-test', 'silent');
const suffix = randomUUID().slice(0, 8);
const dbs = { identity: `replicas_identity_${suffix}`, listings: `replicas_listings_${suffix}`, ads: `replicas_ads_${suffix}` };
/** Listing creations per user; clicks go on while they do, at most MAX_CLICKS: bounded whatever happens. */
const LISTINGS_PER_USER = 40;
const USERS = 3;
const MAX_CLICKS = 1_200;

let nats: Awaited<ReturnType<typeof faultNats>>;
let handle: NatsHandle;
let stack: RunningStack;
let dataDir: string;
let gateway: string;
const conns: Connection[] = [];

beforeAll(async () => {
  nats = await faultNats();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-replicas-'));
  // Ports of the test profile's range, past the infrastructure's own (each profile adds its offset to 4001.., 8080).
  const portOffset = Number(process.env.CP_TEST_PORT_BASE ?? 10_000) + 300;
  stack = await startServices({
    dataDir,
    infraEnv: { ...testEnv(), NATS_URL: nats.url },
    portOffset,
    services: ['identity', 'listings', 'ads', 'gateway'],
    replicas: { listings: 2, ads: 2 },
    web: 'folders',
    extraEnv: {
      identity: { MONGO_DB: dbs.identity, LOG_LEVEL: 'warn' },
      // Posting limits lifted: the test's fresh accounts post LISTINGS_PER_USER listings each.
      listings: { MONGO_DB: dbs.listings, LOG_LEVEL: 'warn', ...(await liftedPostingLimits()).listings },
      ads: { MONGO_DB: dbs.ads, LOG_LEVEL: 'warn' },
      gateway: { RATE_LIMIT_GLOBAL: '0', RATE_LIMIT_AUTH: '0', RATE_LIMIT_AD_EVENTS: '0', LOG_LEVEL: 'warn' },
    },
  });
  gateway = stack.urls.gateway!;
  handle = await connectNats({ url: nats.url, name: 'replicas-test', logger });
  for (const db of [dbs.listings, dbs.ads]) conns.push(await connectMongo(testEnv().MONGO_URL, db));
});

afterAll(async () => {
  await stack?.stop();
  await handle?.close();
  await nats?.close();
  for (const c of conns) {
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A new account's session cookie. */
const register = () => registerThroughGateway(gateway, 'rep');

/** One kind of request under load: how many are in flight now, what came back. */
class Tally {
  inFlight = 0;
  accepted = 0;
  /** Answers other than the expected status, and requests that got no answer. */
  failed: string[] = [];
  /** In flight at the moment the replica was killed. */
  inFlightAtKill = 0;
  /**
   * Sent after the kill signal and before the killed process was seen gone: the gateway can still have put them on a
   * kept-alive connection to it, where a POST that got no answer is a 502 (it may have been applied: never resent).
   */
  sentWhileDying = 0;
  dying = false;
  async run(send: () => Promise<Response>, expected: number): Promise<Response | undefined> {
    this.inFlight += 1;
    if (this.dying) this.sentWhileDying += 1;
    try {
      const res = await send();
      if (res.status === expected) {
        this.accepted += 1;
        return res;
      }
      this.failed.push(`${res.status} ${await res.text()}`);
      return undefined;
    } catch (err) {
      this.failed.push(err instanceof Error ? err.message : String(err));
      return undefined;
    } finally {
      this.inFlight -= 1;
    }
  }
}

async function storedEvents(stream: string): Promise<Array<{ id: string; type: string; data: Record<string, unknown> }>> {
  const out: Array<{ id: string; type: string; data: Record<string, unknown> }> = [];
  for (const m of await streamMessages(handle.jsm, stream)) {
    const parsed = parseEvent(m.json());
    if (parsed.ok) out.push({ id: parsed.event.id, type: parsed.event.type, data: parsed.event.data as Record<string, unknown> });
  }
  return out;
}

test('two replicas of listings and of ads: one of each killed mid-load, no request lost but those in flight, every event once', async () => {
  expect(stack.status().map((p) => p.name)).toEqual(['identity', 'listings', 'listings#2', 'ads', 'ads#2', 'gateway']);
  const ready = await fetch(`${gateway}/readyz`);
  expect(ready.status).toBe(200);

  // An ad to click (created in the ads database, as an admin would).
  const adId = randomUUID();
  const now = new Date();
  await conns[1]!.db!.collection('advertisements').insertOne({
    _id: adId as never,
    ...adBody({ title: 'Replica test ad', imageUrl: null }),
    startDate: null,
    endDate: null,
    impressions: 0,
    clicks: 0,
    createdAt: now,
    updatedAt: now,
  });
  const cookies = await Promise.all(Array.from({ length: USERS }, () => register()));

  const listings = new Tally();
  const clicks = new Tally();
  const createdIds: string[] = [];
  let sent = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    listings.inFlightAtKill = listings.inFlight;
    clicks.inFlightAtKill = clicks.inFlight;
    listings.dying = clicks.dying = true;
    const pids = ['listings#2', 'ads#2'].map((name) => stack.status().find((p) => p.name === name)!.pid!);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const watch = setInterval(() => {
      if (!pids.every(processGone)) return;
      clearInterval(watch);
      listings.dying = clicks.dying = false;
    }, 1);
  };
  const creators = cookies.map(async (cookie, u) => {
    for (let i = 0; i < LISTINGS_PER_USER; i++) {
      if (++sent === 60) kill(); // mid-load: a few dozen requests done, most still to come
      const res = await listings.run(
        () =>
          fetch(`${gateway}/api/listings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ category: 'Buy & Sell', title: `Replica listing ${u}-${i}`, description: 'Three seater sofa in very good condition, pick up only.', location: 'Harrisburg PA', price: 200, tier: 'free', status: 'active' }),
            signal: AbortSignal.timeout(30_000),
          }),
        201,
      );
      if (res) {
        const body = (await res.json()) as { id?: string; _id?: string };
        createdIds.push(String(body.id ?? body._id));
      }
    }
  });
  let clicksSent = 0;
  let creating = true;
  const clickers = Array.from({ length: 4 }, async () => {
    while (creating && clicksSent < MAX_CLICKS) {
      await new Promise((r) => setTimeout(r, 5)); // paced, so clicks are still being sent when the kill comes
      clicksSent += 1;
      await clicks.run(
        // Each click from a visitor of its own (a cp_vid cookie the stack's gateway signed), so each stored click is one to count (issue 26).
        () => fetch(`${gateway}/api/advertisements/${adId}/click`, { method: 'POST', headers: { 'user-agent': BROWSER, cookie: stackVisitorCookie(dataDir) }, signal: AbortSignal.timeout(30_000) }),
        202,
      );
    }
  });
  await Promise.all(creators);
  creating = false;
  await Promise.all(clickers);
  expect(killed).toBe(true);
  process.stderr.write(
    `[replicas] listings: ${listings.accepted} created, ${listings.failed.length} failed (${listings.inFlightAtKill} in flight at the kill, ${listings.sentWhileDying} sent while it died); ` +
      `clicks: ${clicks.accepted} accepted, ${clicks.failed.length} failed (${clicks.inFlightAtKill} in flight, ${clicks.sentWhileDying} sent while it died)\n`,
  );

  // No failure but the requests in flight on the killed process (at most all those in flight then, of that kind).
  expect(listings.failed.length).toBeLessThanOrEqual(listings.inFlightAtKill + listings.sentWhileDying);
  expect(clicks.failed.length).toBeLessThanOrEqual(clicks.inFlightAtKill + clicks.sentWhileDying);
  for (const f of [...listings.failed, ...clicks.failed]) expect(f).toMatch(/^502 /); // the gateway's answer, never a 4xx
  expect(listings.accepted + listings.failed.length).toBe(USERS * LISTINGS_PER_USER);
  expect(clicks.accepted + clicks.failed.length).toBe(clicksSent);

  // Listings: every listing in the database (answered or not) has exactly one created event; no other one exists.
  const stored = await conns[0]!.db!.collection('listings').find({ title: /^Replica listing / }).project({ _id: 1 }).toArray();
  const storedIds = new Set(stored.map((d) => String(d._id)));
  for (const id of createdIds) expect(storedIds.has(id)).toBe(true);
  expect(storedIds.size).toBeLessThanOrEqual(createdIds.length + listings.failed.length);
  const outbox = conns[0]!.db!.collection('outbox');
  // A relay killed while holding entries holds its stream back until their lock expires (30 s): bounded wait.
  await until('the outbox drained', async () => (await outbox.countDocuments({ status: 'pending' })) === 0, 90_000);
  const listingEvents = (await storedEvents(eventStream('listings').name)).filter((e) => e.type === ListingCreated.type && storedIds.has(String(e.data.listingId)));
  expect(new Set(listingEvents.map((e) => e.id)).size).toBe(listingEvents.length); // no event twice
  expect(listingEvents.map((e) => String(e.data.listingId)).sort()).toEqual([...storedIds].sort()); // one per listing
  // one outbox entry per listing, published (by one relay or the other)
  const entries = await outbox.find({ type: ListingCreated.type, 'data.listingId': { $in: [...storedIds] } }).toArray();
  expect(entries.map((e) => String((e.data as { listingId: string }).listingId)).sort()).toEqual([...storedIds].sort());
  expect(entries.every((e) => e.status === 'published')).toBe(true);
  expect(listingEvents.map((e) => e.id).sort()).toEqual(entries.map((e) => String(e._id)).sort()); // the event ids written

  // Ads: the counter equals the stored clicks, each handled once by one of the two replicas' shared consumer.
  const clickIds = new Set((await storedEvents(eventStream('ads').name)).filter((e) => e.type === AdClickRecorded.type && e.data.adId === adId).map((e) => e.id));
  expect(clickIds.size).toBeGreaterThanOrEqual(clicks.accepted); // an accepted click is a stored one
  expect(clickIds.size).toBeLessThanOrEqual(clicks.accepted + clicks.failed.length);
  const ads = conns[1]!.db!.collection('advertisements');
  await until('the counter caught up', async () => Number((await ads.findOne({ _id: adId as never }))?.clicks) >= clickIds.size, 90_000);
  // What the killed replica had received but not acknowledged comes back after the consumer's ack wait: only once
  // nothing is pending or unacknowledged has every redelivery been handled, and it must have added nothing.
  await until(
    'every delivery acknowledged',
    async () => {
      // Summed over the consumer's durables (one per event it counts: the kit's consumerLanes).
      const backlog = await consumerBacklog(handle.jsm, eventStream('ads').name, AD_COUNTER_DURABLE);
      return backlog.pending === 0 && backlog.ackPending === 0;
    },
    90_000,
  );
  expect(Number((await ads.findOne({ _id: adId as never }))?.clicks)).toBe(clickIds.size);
  const processed = await conns[1]!.db!.collection('processed_events').find({ eventId: { $in: [...clickIds] } }).toArray();
  expect(processed.map((d) => String(d.eventId)).sort()).toEqual([...clickIds].sort());

  // The supervisor started both killed replicas again; the gateway is ready.
  await until('the killed replicas are back', async () => stack.status().every((p) => p.state === 'up'));
  expect(stack.status().filter((p) => p.restarts > 0).map((p) => p.name)).toEqual(['listings#2', 'ads#2']);
  expect((await fetch(`${gateway}/readyz`)).status).toBe(200);
});
