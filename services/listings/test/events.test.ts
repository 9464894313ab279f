import { randomUUID } from 'node:crypto';
import { eventStream, ListingCreated, ListingDeleted, ListingUpdated, parseEvent } from '@cp/contracts';
import { outboxModel, streamMessages, trusted } from '@cp/service-kit';
import { call, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
beforeAll(async () => {
  h = await startListings();
});
afterAll(async () => {
  await h?.close();
});

/** Every message of the listings stream about one listing (other test files share the stream), with its Nats-Msg-Id. */
async function streamEventsFor(listingId: string) {
  const out: Array<{ msgId: string; type: string; id: string; data: Record<string, unknown> }> = [];
  for (const m of await streamMessages(h.nats.jsm, eventStream('listings').name)) {
    const parsed = parseEvent(m.json());
    if (!parsed.ok) throw new Error(parsed.reason);
    const data = parsed.event.data as Record<string, unknown>;
    if (data.listingId === listingId) out.push({ msgId: m.header.get('Nats-Msg-Id'), type: parsed.event.type, id: parsed.event.id, data });
  }
  return out;
}

describe('events through the transactional outbox', () => {
  it('publishes listing-created, -updated and -deleted exactly once each, with Nats-Msg-Id = event id', async () => {
    const { cookie, userId } = await h.newSession();
    const image = `/uploads/img/${randomUUID()}.webp`;
    await h.deps.uploads.record([image], userId, new Date());
    const created = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ category: 'Jobs', title: 'Cook wanted full time', imageUrls: [image] }) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edited = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie, body: { tier: 'gold', contactPhone: '' } });
    expect(edited.status).toBe(200);
    // A save that changes nothing is not an event, and writes nothing: updatedAt stays (an hour later by the clock), so
    // GET answers the listing of the last event, the search service's copy.
    const clock = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 3_600_000);
    try {
      const same = await call(h.base, 'PUT', `/api/listings/${id}`, { cookie, body: { tier: 'gold', category: 'Jobs', contactPhone: '' } });
      expect(same.status).toBe(200);
      expect(same.body).toEqual(edited.body);
    } finally {
      h.deps.now = clock;
    }
    expect((await call(h.base, 'GET', `/api/listings/${id}`)).body).toEqual(edited.body);
    // Refused changes write nothing.
    const other = await h.newSession();
    expect((await call(h.base, 'PUT', `/api/listings/${id}`, { cookie: other.cookie, body: { tier: 'free' } })).status).toBe(403);
    expect((await call(h.base, 'PUT', `/api/listings/${id}`, { cookie, body: { title: 'no' } })).status).toBe(400);
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie: other.cookie })).status).toBe(403);
    expect((await call(h.base, 'DELETE', `/api/listings/${id}`, { cookie })).status).toBe(200);

    const outbox = outboxModel(h.conn);
    await until('the outbox is published', async () => (await outbox.countDocuments({ status: 'pending' })) === 0 && (await outbox.countDocuments({ 'data.listingId': id })) === 3);
    const ids = (await outbox.find({ 'data.listingId': id }).lean()).map((e) => e._id);
    await until('three events in the stream', async () => (await streamEventsFor(id)).length >= 3);
    const events = await streamEventsFor(id);
    expect(events.map((e) => e.type)).toEqual([ListingCreated.type, ListingUpdated.type, ListingDeleted.type]);
    expect(events.map((e) => e.id).sort()).toEqual([...ids].sort());
    for (const e of events) expect(e.msgId).toBe(e.id);
    expect(events[0]!.data).toEqual({ listingId: id, userId, category: 'Jobs', tier: 'free', title: 'Cook wanted full time', listing: created.body });
    // The full listing after the change, as the API answered it (the search service keeps its copy from these).
    expect(events[1]!.data).toMatchObject({ listingId: id, tier: 'gold', changed: ['tier'], listing: edited.body });
    expect(events[2]!.data).toEqual({ listingId: id, userId, imageUrls: [image] });
    expect(await outbox.countDocuments({ _id: trusted({ $in: ids }), status: 'published' })).toBe(3);
  });
});
