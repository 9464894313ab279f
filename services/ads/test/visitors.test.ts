/**
 * Ad counting counts people, not requests (issue 26): a visitor (the visitor id of the gateway's signed cp_vid cookie,
 * passed in VISITOR_HEADER, else address and browser) is counted once per ad per click window and once per page view for impressions (at most once per
 * impression window); an ad that is not showing answers 404 and publishes nothing; an event of an ad that was not
 * showing when it happened is filtered at folding. Every event stored is folded once: counted + filtered = stored.
 * The service's clock is the test's, so the windows are crossed without waiting.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { AD_NOT_FOUND, AdClickRecorded, VISITOR_HEADER, AdImpressionRecorded, AdvertisementSchema, eventStream, makeEvent, parseEvent } from '@cp/contracts';
import { streamMessages } from '@cp/service-kit';
import { adCounterConsumer } from '../src/events/ad-counter.ts';
import { adBody, BROWSER, call, newVisitor, startAds, until, type AdsHarness } from './helpers.ts';

const minute = 60_000;
let clock = Date.now();
let h: AdsHarness;
let admin: Awaited<ReturnType<AdsHarness['newAdminSession']>>;

beforeAll(async () => {
  h = await startAds({ clock: () => new Date(clock) });
  admin = await h.newAdminSession();
});
afterAll(async () => {
  await h?.close();
});

const newAd = async (overrides: Record<string, unknown> = {}) => {
  const res = await call(h.base, 'POST', '/api/advertisements', { body: adBody(overrides), cookie: admin.cookie });
  expect(res.status).toBe(201);
  return AdvertisementSchema.parse(res.body);
};
/** From a visitor (the id the gateway passes for a browser's signed cookie), else from no one but an address and a browser. */
const send = (id: string, kind: 'impression' | 'click', opts: { visitor?: string | undefined; ua?: string; view?: string } = {}) =>
  call(h.base, 'POST', `/api/advertisements/${id}/${kind}${opts.view ? `?view=${opts.view}` : ''}`, { headers: { 'user-agent': opts.ua ?? BROWSER, ...(opts.visitor !== undefined ? { [VISITOR_HEADER]: opts.visitor } : {}) } });
const stored = async (id: string) => (await h.deps.ads.findById(id))!;
const pageView = () => randomBytes(16).toString('base64url');
/** Waits until the counter folded `n` events of the ad (counted or filtered): every event sent, each once. */
const folded = (id: string, kind: 'impression' | 'click', n: number) =>
  until(`${n} ${kind}s folded`, async () => {
    const ad = await stored(id);
    return kind === 'click' ? ad.clicks + (ad.clicksFiltered ?? 0) >= n : ad.impressions + (ad.impressionsFiltered ?? 0) >= n;
  });
/** The ad's impressions and clicks in the stream. */
const streamed = async (adId: string) =>
  (await streamMessages(h.nats.jsm, eventStream('ads').name))
    .map((m) => parseEvent(m.json()))
    .filter((p) => p.ok && ([AdClickRecorded.type, AdImpressionRecorded.type] as string[]).includes(p.event.type) && (p.event.data as { adId?: string }).adId === adId);

describe('clicks: once per visitor per ad per click window (30 minutes)', () => {
  it('a second click of the same visitor within the window is not counted; after it, it is; another visitor counts', async () => {
    const ad = await newAd();
    const alice = newVisitor();
    const t0 = clock;
    expect((await send(ad.id, 'click', { visitor: alice })).body).toEqual({ counted: true });
    clock = t0 + 29 * minute;
    expect((await send(ad.id, 'click', { visitor: alice })).status).toBe(202); // accepted, then filtered
    expect((await send(ad.id, 'click', { visitor: alice, ua: `${BROWSER} Edg/156.0` })).status).toBe(202); // the visitor id, not the browser, is the visitor
    expect((await send(ad.id, 'click', { visitor: newVisitor() })).status).toBe(202);
    clock = t0 + 30 * minute;
    expect((await send(ad.id, 'click', { visitor: alice })).status).toBe(202); // the window has passed
    await folded(ad.id, 'click', 5);
    expect(await stored(ad.id)).toMatchObject({ clicks: 3, clicksFiltered: 2, impressions: 0 });
    const shown = (await call(h.base, 'GET', '/api/advertisements', { cookie: admin.cookie })).body as unknown as unknown[];
    expect(shown.map((a) => AdvertisementSchema.parse(a)).find((a) => a.id === ad.id)).toMatchObject({ clicks: 3, clicksFiltered: 2, impressionsFiltered: 0 });
  });

  it('without a visitor id (or with a malformed one) a visitor is its address and browser', async () => {
    const ad = await newAd();
    for (const visitor of [undefined, undefined, 'not-a-visitor-id', '']) expect((await send(ad.id, 'click', { visitor })).status).toBe(202);
    expect((await send(ad.id, 'click', { ua: `${BROWSER} Firefox/140.0` })).status).toBe(202); // another browser on the address
    await folded(ad.id, 'click', 5);
    expect(await stored(ad.id)).toMatchObject({ clicks: 2, clicksFiltered: 3 });
  });

  it('50 concurrent clicks of one visitor, folded by two counters sharing the durable (two replicas): exactly one counts', async () => {
    const ad = await newAd();
    const second = await adCounterConsumer.start(h.deps, h.nats, { durable: h.durable, batchSize: 5 });
    try {
      const bob = newVisitor();
      const answers = await Promise.all(Array.from({ length: 50 }, () => send(ad.id, 'click', { visitor: bob })));
      expect(answers.every((a) => a.status === 202)).toBe(true);
      await folded(ad.id, 'click', 50);
      expect(await stored(ad.id)).toMatchObject({ clicks: 1, clicksFiltered: 49 });
    } finally {
      await second.stop();
    }
  });
});

describe('impressions: once per visitor per ad per page view, at most once per impression window (60 s)', () => {
  it('the same page view counts once; a new page view within 60 s is not counted, after it is; another visitor counts', async () => {
    const ad = await newAd();
    const alice = newVisitor();
    const [p1, p2] = [pageView(), pageView()];
    const t0 = clock;
    expect((await send(ad.id, 'impression', { visitor: alice, view: p1 })).body).toEqual({ counted: true }); // counted
    clock = t0 + 30_000;
    await send(ad.id, 'impression', { visitor: alice, view: p2 }); // another page view within 60 s: filtered
    clock = t0 + 61_000;
    await send(ad.id, 'impression', { visitor: alice, view: p2 }); // that page view after 60 s: counted
    clock = t0 + 10 * minute;
    await send(ad.id, 'impression', { visitor: alice, view: p1 }); // the first page view again (the carousel came back): filtered
    await send(ad.id, 'impression', { visitor: newVisitor(), view: p1 }); // another visitor: counted
    await send(ad.id, 'impression', { visitor: alice }); // a page without a view id: the 60 s rule only, counted
    await send(ad.id, 'impression', { visitor: alice }); // filtered
    await folded(ad.id, 'impression', 7);
    expect(await stored(ad.id)).toMatchObject({ impressions: 4, impressionsFiltered: 3, clicks: 0 });
  });

  it.each(['bad!id', 'short', 'x'.repeat(65)])('refuses the page view id %s (400) and publishes nothing', async (view) => {
    const ad = await newAd();
    const res = await send(ad.id, 'impression', { view });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await call(h.base, 'POST', `/api/advertisements/${ad.id}/impression?view=${pageView()}&x=1`, { headers: { 'user-agent': BROWSER } })).status).toBe(400);
    expect(await streamed(ad.id)).toHaveLength(0);
  });
});

describe('an ad that is not showing', () => {
  it('paused, expired, not started or ended: impressions and clicks answer 404 and publish nothing', async () => {
    const day = 24 * 60 * minute;
    const ads = [
      await newAd({ status: 'paused' }),
      await newAd({ status: 'expired' }),
      await newAd({ startDate: new Date(clock + day).toISOString() }),
      await newAd({ startDate: new Date(clock - 2 * day).toISOString(), endDate: new Date(clock - day).toISOString() }),
    ];
    for (const ad of ads) {
      for (const kind of ['impression', 'click'] as const) {
        const res = await send(ad.id, kind, { visitor: newVisitor(), view: pageView() });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe(AD_NOT_FOUND);
      }
    }
    for (const ad of ads) expect(await streamed(ad.id)).toHaveLength(0);
  });

  it('an admin pausing an ad stops it at once on this replica; an event of another replica that still accepted it is filtered', async () => {
    const ad = await newAd();
    const alice = newVisitor();
    expect((await send(ad.id, 'click', { visitor: alice })).status).toBe(202); // counted
    const before = clock;
    clock += 1_000;
    const paused = await call(h.base, 'PUT', `/api/advertisements/${ad.id}`, { body: adBody({ status: 'paused' }), cookie: admin.cookie });
    expect(paused.status).toBe(200);
    expect((await send(ad.id, 'click', { visitor: newVisitor() })).status).toBe(404);
    // Another replica's cache still had it active: its events are in the stream, one from just before the pause
    // (showing then: counted), one after it (filtered), one of a visitor from before the visitor key existed.
    const publish = async (def: typeof AdClickRecorded | typeof AdImpressionRecorded, at: number, visitor?: string) => {
      const event = makeEvent(def, { adId: ad.id, placement: 'homepage-top', ...(visitor ? { visitor } : {}) }, { occurredAt: new Date(at) });
      await h.nats.js.publish(def.subject, JSON.stringify(event), { msgID: event.id });
    };
    await publish(AdClickRecorded, before + 500, `c:${randomUUID()}`);
    await publish(AdClickRecorded, clock + 500, `c:${randomUUID()}`);
    await publish(AdImpressionRecorded, clock + 600);
    // Active again: events from then count (an old event without a visitor counts as it always did).
    clock += 1_000;
    expect((await call(h.base, 'PUT', `/api/advertisements/${ad.id}`, { body: adBody({ status: 'active' }), cookie: admin.cookie })).status).toBe(200);
    await publish(AdImpressionRecorded, clock + 100);
    await folded(ad.id, 'click', 3);
    await folded(ad.id, 'impression', 2);
    expect(await stored(ad.id)).toMatchObject({ clicks: 2, clicksFiltered: 1, impressions: 1, impressionsFiltered: 1 });
  });

  it('an event outside the ad dates is filtered', async () => {
    const end = clock + 10 * minute;
    const ad = await newAd({ endDate: new Date(end).toISOString() });
    for (const at of [end - 1, end + 1]) {
      const event = makeEvent(AdClickRecorded, { adId: ad.id, placement: 'homepage-top', visitor: `c:${randomUUID()}` }, { occurredAt: new Date(at) });
      await h.nats.js.publish(AdClickRecorded.subject, JSON.stringify(event), { msgID: event.id });
    }
    await folded(ad.id, 'click', 2);
    expect(await stored(ad.id)).toMatchObject({ clicks: 1, clicksFiltered: 1 });
  });
});
