import { randomUUID } from 'node:crypto';
import {
  BlockedUserPageSchema,
  ContentRemoved,
  ContentSnapshotSchema,
  ConversationSummarySchema,
  ListingDeleted,
  ListingExpired,
  ListingRenewed,
  ListingUpdated,
  MESSAGES_MESSAGES,
  OpenConversationAnswerSchema,
  type ConversationSummary,
} from '@cp/contracts';
import { ensureStream, publishEvent } from '@cp/service-kit';
import { httpContentOwners } from '../../moderation/src/data/content-owners.ts';
import { listingsConsumer } from '../src/events/listings.ts';
import { moderationConsumer } from '../src/events/moderation.ts';
import { call, startMessages, until, type MessagesHarness, type Session } from './helpers.ts';

let h: MessagesHarness;
let consumers: Array<{ stop(): Promise<void> }>;
let owner: Session;
let buyer: Session;

beforeAll(async () => {
  h = await startMessages();
  // The listings' and moderation's streams, made the way their services make them (whoever starts first).
  await ensureStream(h.nats.jsm, 'listings');
  await ensureStream(h.nats.jsm, 'moderation');
  // Durables of their own: test files share the streams, never a consumer.
  const tag = randomUUID().slice(0, 8);
  consumers = [await listingsConsumer.start(h.deps, h.nats, { durable: `messages-listings-test-${tag}` }), await moderationConsumer.start(h.deps, h.nats, { durable: `messages-moderation-test-${tag}` })];
  [owner, buyer] = [await h.newSession(), await h.newSession()];
});
afterAll(async () => {
  await h?.close(...(consumers ?? []));
});

const open = (who: Session, listingId: string, text: string) => call(h.base, 'POST', '/api/conversations', { cookie: who.cookie, body: { listingId, text } });
const send = (who: Session, id: string, text: string) => call(h.base, 'POST', `/api/conversations/${id}/messages`, { cookie: who.cookie, body: { text } });
const summary = async (who: Session, id: string) => ConversationSummarySchema.parse((await call(h.base, 'GET', `/api/conversations/${id}`, { cookie: who.cookie })).body);
async function conversation(who: Session, listingId: string): Promise<ConversationSummary> {
  const res = await open(who, listingId, 'Hello, is this still available?');
  expect(res.status).toBe(201);
  return OpenConversationAnswerSchema.parse(res.body).conversation;
}

describe('block', () => {
  it('a blocked user can no longer message the blocker, is told nothing more, and nothing is stored; unblocked, they can', async () => {
    const seller = await h.newSession();
    const pest = await h.newSession();
    const listing = h.listing(seller);
    const conv = await conversation(pest, listing.id);

    expect((await call(h.base, 'POST', '/api/blocks', { cookie: seller.cookie, body: { userId: pest.userId } })).status).toBe(204);
    // Blocking again changes nothing.
    expect((await call(h.base, 'POST', '/api/blocks', { cookie: seller.cookie, body: { userId: pest.userId } })).status).toBe(204);
    expect(await h.conn.collection('blocks').countDocuments({ blockerId: seller.userId })).toBe(1);

    const before = await h.counts();
    const refused = [await send(pest, conv.id, 'Why no answer?'), await open(pest, listing.id, 'Hello again'), await open(pest, h.listing(seller).id, 'About your other listing')];
    for (const res of refused) expect({ status: res.status, error: res.body.error }).toEqual({ status: 403, error: MESSAGES_MESSAGES.unavailable });
    expect(await h.counts()).toEqual(before);
    // The blocked user still reads the conversation, which tells nothing of the block.
    const theirs = await summary(pest, conv.id);
    expect(theirs).toMatchObject({ blockedByMe: false, listing: { closed: false } });
    // The blocker sees whom they blocked.
    expect((await summary(seller, conv.id)).blockedByMe).toBe(true);
    const list = BlockedUserPageSchema.parse((await call(h.base, 'GET', '/api/blocks', { cookie: seller.cookie })).body);
    expect(list.items).toEqual([{ userId: pest.userId, displayName: pest.username, blockedAt: expect.any(String) }]);
    // Others are not affected.
    expect((await open(buyer, listing.id, 'Is it still for sale?')).status).toBe(201);

    expect((await call(h.base, 'DELETE', `/api/blocks/${pest.userId}`, { cookie: seller.cookie })).status).toBe(204);
    expect((await send(pest, conv.id, 'Thanks for unblocking')).status).toBe(201);
    expect(BlockedUserPageSchema.parse((await call(h.base, 'GET', '/api/blocks', { cookie: seller.cookie })).body).items).toEqual([]);
  });

  it('refuses blocking yourself (400), an unknown user (404), a bad body (400); unblocking a malformed id is 404', async () => {
    const me = await h.newSession();
    const before = await h.counts();
    const cases: Array<[unknown, number]> = [
      [{ userId: me.userId }, 400],
      [{ userId: randomUUID() }, 404],
      [{ userId: 'not-an-id' }, 400],
      [{ userId: { $ne: null } }, 400],
      [{}, 400],
    ];
    for (const [body, status] of cases) expect((await call(h.base, 'POST', '/api/blocks', { cookie: me.cookie, body })).status).toBe(status);
    expect((await call(h.base, 'DELETE', '/api/blocks/not-an-id', { cookie: me.cookie })).status).toBe(404);
    expect((await call(h.base, 'GET', '/api/blocks?limit=101', { cookie: me.cookie })).status).toBe(400);
    expect(await h.counts()).toEqual(before);
  });
});

describe('rate limits per sender', () => {
  it('over the message limit: 429 with the sentence and Retry-After, nothing stored; other senders are not held', async () => {
    const limited = await startMessages({ postingLimits: { message: { limit: 3, newAccountLimit: 3 } } });
    try {
      const seller = await limited.newSession();
      const chatty = await limited.newSession();
      const listing = limited.listing(seller);
      const first = await call(limited.base, 'POST', '/api/conversations', { cookie: chatty.cookie, body: { listingId: listing.id, text: 'one' } });
      expect(first.status).toBe(201);
      const id = OpenConversationAnswerSchema.parse(first.body).conversation.id;
      for (const text of ['two', 'three']) expect((await call(limited.base, 'POST', `/api/conversations/${id}/messages`, { cookie: chatty.cookie, body: { text } })).status).toBe(201);
      const before = await limited.counts();
      const over = await call(limited.base, 'POST', `/api/conversations/${id}/messages`, { cookie: chatty.cookie, body: { text: 'four' } });
      expect(over.status).toBe(429);
      expect(over.body.error).toBe(MESSAGES_MESSAGES.rateLimited);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const reopen = await call(limited.base, 'POST', '/api/conversations', { cookie: chatty.cookie, body: { listingId: limited.listing(seller).id, text: 'new listing' } });
      expect(reopen.status).toBe(429);
      expect(await limited.counts()).toEqual(before);
      // Refused requests take no slot: the other side answers freely.
      expect((await call(limited.base, 'POST', `/api/conversations/${id}/messages`, { cookie: seller.cookie, body: { text: 'Slow down please' } })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("the listing's events", () => {
  it('deleted: the conversation is closed (409 on send, nothing stored) and stays readable with the copy of the listing', async () => {
    const listing = h.listing(owner, { title: 'Teak coffee table' });
    const conv = await conversation(buyer, listing.id);
    h.listings.delete(listing.id);
    await publishEvent(h.nats.js, ListingDeleted, { listingId: listing.id, userId: owner.userId, imageUrls: [] });
    await until('closed', async () => (await summary(buyer, conv.id)).listing.closed);
    expect(await summary(owner, conv.id)).toMatchObject({ listing: { title: 'Teak coffee table', thumbnailUrl: listing.thumbnailUrl, status: 'deleted', closed: true } });
    const before = await h.counts();
    for (const who of [buyer, owner]) {
      const res = await send(who, conv.id, 'Still there?');
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 409, error: MESSAGES_MESSAGES.closed });
    }
    expect(await h.counts()).toEqual(before);
    const page = await call(h.base, 'GET', `/api/conversations/${conv.id}/messages`, { cookie: buyer.cookie });
    expect(page.status).toBe(200);
  });

  it('deleted: no conversation opens about it afterwards, even while listings still answers it from before', async () => {
    const listing = h.listing(owner, { title: 'Rice cooker' });
    const first = await h.newSession();
    await conversation(first, listing.id);
    await publishEvent(h.nats.js, ListingDeleted, { listingId: listing.id, userId: owner.userId, imageUrls: [] });
    const conversations = h.conn.collection('conversations');
    await until('closed', async () => (await conversations.findOne({ listingId: listing.id }))?.closed === true);
    // What this service stores about conversations (listing_marks aside: other tests' listing events still land there).
    const stored = async () => {
      const { listing_marks: _marks, ...rest } = await h.counts();
      return rest;
    };
    const before = await stored();
    const late = await open(buyer, listing.id, 'Is it still available?');
    expect({ status: late.status, error: late.body.error }).toEqual({ status: 404, error: MESSAGES_MESSAGES.listingNotFound });
    expect(await stored()).toEqual(before);
  });

  it('expired: closed; renewed: open again; edited: the copy follows', async () => {
    const listing = h.listing(owner, { title: 'Kids bicycle' });
    const conv = await conversation(buyer, listing.id);
    const ref = { listingId: listing.id, userId: owner.userId, category: 'Buy & Sell' as const, tier: 'free' as const, title: 'Kids bicycle' };
    await publishEvent(h.nats.js, ListingExpired, { ...ref, reason: 'expired' });
    await until('closed', async () => (await summary(buyer, conv.id)).listing.closed);
    expect((await send(buyer, conv.id, 'Hello?')).status).toBe(409);
    await publishEvent(h.nats.js, ListingRenewed, { ...ref, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    await until('open again', async () => !(await summary(buyer, conv.id)).listing.closed);
    expect((await summary(buyer, conv.id)).listing.status).toBe('active');
    expect((await send(buyer, conv.id, 'Great, it is back')).status).toBe(201);
    await publishEvent(h.nats.js, ListingUpdated, { ...ref, title: 'Kids bicycle with helmet', changed: ['title'] });
    await until('renamed', async () => (await summary(owner, conv.id)).listing.title === 'Kids bicycle with helmet');
  });

  it('moderation removed the conversation: closed for good, still readable by its participants', async () => {
    const conv = await conversation(buyer, h.listing(owner).id);
    await publishEvent(h.nats.js, ContentRemoved, { caseId: randomUUID(), kind: 'conversation', itemId: conv.id, authorId: buyer.userId, title: 'Conversation', path: `/messages/${conv.id}`, reason: 'offensive', note: null });
    await until('closed', async () => (await summary(owner, conv.id)).listing.closed);
    expect((await send(owner, conv.id, 'Hello?')).status).toBe(409);
  });
});

describe('reports: moderation reads a conversation only through a participant’s report', () => {
  it("answers moderation's content lookup (its real client) for a participant, naming the other as the author; 404 for anyone else", async () => {
    const listing = h.listing(owner, { title: 'Honda scooter' });
    const conv = await conversation(buyer, listing.id);
    await send(owner, conv.id, 'Send me your bank password first <b>now</b>');
    const owners = httpContentOwners({ listings: undefined, forum: undefined, directory: undefined, messages: h.base });
    const snap = ContentSnapshotSchema.parse(await owners.snapshot('conversation', conv.id, buyer.userId));
    expect(snap).toMatchObject({ kind: 'conversation', itemId: conv.id, authorId: owner.userId, authorName: owner.username, title: 'Conversation about “Honda scooter”', path: `/messages/${conv.id}` });
    expect(snap.excerpt).toBe(`${buyer.username}: Hello, is this still available? · ${owner.username}: Send me your bank password first <b>now</b>`);
    const outsider = await h.newSession();
    expect(await owners.snapshot('conversation', conv.id, outsider.userId)).toBeNull();
    expect(await owners.snapshot('conversation', randomUUID(), buyer.userId)).toBeNull();
    expect((await call(h.base, 'GET', `/internal/content/listing/${conv.id}`)).status).toBe(404);
    expect((await call(h.base, 'GET', `/internal/content/conversation/${conv.id}?reporterId=not-an-id`)).status).toBe(404);
  });
});

