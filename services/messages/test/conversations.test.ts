import { randomUUID } from 'node:crypto';
import {
  ConversationPageSchema,
  ConversationRead,
  ConversationSummarySchema,
  MESSAGE_MAX_LENGTH,
  MESSAGES_MESSAGES,
  MessagePageSchema,
  MessageSchema,
  MessageSent,
  OpenConversationAnswerSchema,
  UnreadCountSchema,
  type ConversationSummary,
  type Message,
} from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { call, startMessages, until, type Session } from './helpers.ts';

const h = harnessForFile(startMessages);
let owner: Session;
let buyer: Session;
let third: Session;

beforeAll(async () => {
  [owner, buyer, third] = [await h.newSession(), await h.newSession(), await h.newSession()];
});

const open = (who: Session, listingId: string, text: unknown) => call(h.base, 'POST', '/api/conversations', { cookie: who.cookie, body: { listingId, text } });
const send = (who: Session, id: string, text: unknown) => call(h.base, 'POST', `/api/conversations/${id}/messages`, { cookie: who.cookie, body: { text } });
const unread = async (who: Session) => UnreadCountSchema.parse((await call(h.base, 'GET', '/api/messages/unread-count', { cookie: who.cookie })).body).unread;
const summary = async (who: Session, id: string) => ConversationSummarySchema.parse((await call(h.base, 'GET', `/api/conversations/${id}`, { cookie: who.cookie })).body);
const messages = async (who: Session, id: string, query = '') => MessagePageSchema.parse((await call(h.base, 'GET', `/api/conversations/${id}/messages${query}`, { cookie: who.cookie })).body);

async function opened(who: Session, listingId: string, text = 'Hello, is this still available?'): Promise<{ conversation: ConversationSummary; message: Message }> {
  const res = await open(who, listingId, text);
  expect(res.status).toBe(201);
  return OpenConversationAnswerSchema.parse(res.body);
}

describe('opening a conversation', () => {
  it('opens one conversation per (listing, buyer) with a copy of the listing; a second message continues it', async () => {
    const listing = h.listing(owner, { title: 'Walnut bookshelf' });
    const first = await opened(buyer, listing.id, '  Hi! Is the bookshelf still available?\n\nThanks  ');
    expect(first.conversation).toMatchObject({
      listing: { id: listing.id, title: 'Walnut bookshelf', thumbnailUrl: listing.thumbnailUrl, status: 'active', closed: false },
      other: { id: owner.userId, displayName: owner.username },
      role: 'buyer',
      unread: 0,
      blockedByMe: false,
      lastMessage: { text: 'Hi! Is the bookshelf still available?\n\nThanks', senderId: buyer.userId },
    });
    // Trimmed, line breaks kept.
    expect(first.message).toMatchObject({ conversationId: first.conversation.id, senderId: buyer.userId, text: 'Hi! Is the bookshelf still available?\n\nThanks', readAt: null });

    const again = await opened(buyer, listing.id, 'Could I pick it up on Sunday?');
    expect(again.conversation.id).toBe(first.conversation.id);
    expect(await h.conn.collection('conversations').countDocuments({ listingId: listing.id })).toBe(1);

    // The owner sees it from their side: the buyer's name, two unread.
    const mine = await summary(owner, first.conversation.id);
    expect(mine).toMatchObject({ role: 'owner', other: { id: buyer.userId, displayName: buyer.username }, unread: 2, lastMessage: { text: 'Could I pick it up on Sunday?' } });

    // Events: a message-sent per message, without the text.
    const sent = await h.emitted(MessageSent, (d) => d.conversationId === first.conversation.id);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ conversationId: first.conversation.id, messageId: first.message.id, listingId: listing.id, senderId: buyer.userId, recipientId: owner.userId, createdAt: first.message.createdAt, senderName: buyer.username, listingTitle: 'Walnut bookshelf' });
  });

  it('two first messages at once make one conversation with both messages', async () => {
    const listing = h.listing(owner);
    const [a, b] = await Promise.all([open(buyer, listing.id, 'First at once'), open(buyer, listing.id, 'Second at once')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const ids = [a, b].map((r) => OpenConversationAnswerSchema.parse(r.body).conversation.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await h.conn.collection('conversations').countDocuments({ listingId: listing.id })).toBe(1);
    expect((await messages(buyer, ids[0]!)).items.map((m) => m.text).sort()).toEqual(['First at once', 'Second at once']);
  });

  it('stores and answers the text as typed, never as HTML: markup comes back literally', async () => {
    const listing = h.listing(owner);
    const hostile = '<script>alert(1)</script> <img src=x onerror="alert(2)"> & <b>bold</b>';
    const { conversation, message } = await opened(buyer, listing.id, hostile);
    expect(message.text).toBe(hostile);
    const page = await call(h.base, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie: owner.cookie });
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(MessagePageSchema.parse(page.body).items[0]!.text).toBe(hostile);
    expect((await h.conn.collection('messages').findOne({ _id: message.id as never }))?.text).toBe(hostile);
  });
});

describe('bad input: a clear error and nothing stored', () => {
  it.each([
    ['empty text', '', 400, MESSAGES_MESSAGES.empty],
    ['blank text', ' \n\t ', 400, MESSAGES_MESSAGES.empty],
    ['no text', undefined, 400, MESSAGES_MESSAGES.empty],
    ['text not a string', 42, 400, MESSAGES_MESSAGES.empty],
    ['over-long text', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), 400, MESSAGES_MESSAGES.tooLong],
    ['a NUL in the text', 'hello\u0000there', 400, 'The message contains characters that are not allowed'],
  ])('%s', async (_label, text, status, error) => {
    const listing = h.listing(owner);
    const before = await h.counts();
    const res = await open(buyer, listing.id, text);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await h.counts()).toEqual(before);
  });

  it('exactly 2,000 characters is fine (counted after trimming)', async () => {
    const listing = h.listing(owner);
    const { message } = await opened(buyer, listing.id, `  ${'y'.repeat(MESSAGE_MAX_LENGTH)}  `);
    expect(message.text).toHaveLength(MESSAGE_MAX_LENGTH);
  });

  it('to oneself, a missing or hidden listing, a listing no longer active, a bad body, signed out', async () => {
    const own = h.listing(owner);
    const hidden = h.listing(owner, { visible: false });
    const sold = h.listing(owner, { status: 'sold' });
    const before = await h.counts();
    const cases: Array<[Promise<Awaited<ReturnType<typeof open>>>, number, string]> = [
      [open(owner, own.id, 'Hello me'), 400, MESSAGES_MESSAGES.toYourself],
      [open(buyer, randomUUID(), 'Hello?'), 404, MESSAGES_MESSAGES.listingNotFound],
      [open(buyer, hidden.id, 'Hello?'), 404, MESSAGES_MESSAGES.listingNotFound],
      [open(buyer, sold.id, 'Hello?'), 409, MESSAGES_MESSAGES.closed],
      [open(buyer, 'not-an-id', 'Hello?'), 400, 'Invalid UUID'],
      [call(h.base, 'POST', '/api/conversations', { cookie: buyer.cookie, body: { listingId: own.id, text: 'Hi', extra: 1 } }), 400, 'Unrecognized key: "extra"'],
      [call(h.base, 'POST', '/api/conversations', { cookie: buyer.cookie, body: ['x'] }), 400, 'Expected a JSON object'],
      [call(h.base, 'POST', '/api/conversations', { body: { listingId: own.id, text: 'Hi' } }), 401, MESSAGES_MESSAGES.notSignedIn],
    ];
    for (const [promise, status, error] of cases) {
      const res = await promise;
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    }
    expect(await h.counts()).toEqual(before);
  });

  it('listings not answering is a 503, nothing stored', async () => {
    const listing = h.listing(owner);
    const before = await h.counts();
    h.listings.failing = true;
    try {
      expect((await open(buyer, listing.id, 'Hello?')).status).toBe(503);
    } finally {
      h.listings.failing = false;
    }
    expect(await h.counts()).toEqual(before);
  });
});

describe('only the two participants', () => {
  it('a third user gets 404 on every conversation route, as for an id that does not exist; bad ids are 404 too', async () => {
    const { conversation } = await opened(buyer, h.listing(owner).id);
    const before = await h.counts();
    for (const id of [conversation.id, randomUUID(), 'not-an-id', '%00']) {
      const replies = [
        await call(h.base, 'GET', `/api/conversations/${id}`, { cookie: third.cookie }),
        await call(h.base, 'GET', `/api/conversations/${id}/messages`, { cookie: third.cookie }),
        await send(third, id, 'Let me in'),
        await call(h.base, 'POST', `/api/conversations/${id}/read`, { cookie: third.cookie }),
      ];
      for (const res of replies) expect({ status: res.status, error: res.body.error }).toEqual({ status: 404, error: MESSAGES_MESSAGES.conversationNotFound });
    }
    expect(await h.counts()).toEqual(before);
    // Not in their inbox, not in their count.
    expect(ConversationPageSchema.parse((await call(h.base, 'GET', '/api/conversations', { cookie: third.cookie })).body).items.map((c) => c.id)).not.toContain(conversation.id);
    expect(await unread(third)).toBe(0);
  });

  it('every route needs a session (401 with the sentence)', async () => {
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/conversations/${randomUUID()}`],
      ['GET', `/api/conversations/${randomUUID()}/messages`],
      ['POST', `/api/conversations/${randomUUID()}/messages`],
      ['POST', `/api/conversations/${randomUUID()}/read`],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/blocks'],
      ['GET', '/api/blocks'],
      ['DELETE', `/api/blocks/${randomUUID()}`],
    ] as const) {
      const res = await call(h.base, method, path);
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 401, error: MESSAGES_MESSAGES.notSignedIn });
    }
  });
});

describe('read state and unread counts', () => {
  it('counts the other side’s unread messages per conversation and in total; read marks them, the sender sees when', async () => {
    const seller = await h.newSession();
    const a = await h.newSession();
    const b = await h.newSession();
    const one = await opened(a, h.listing(seller).id, 'One from a');
    await send(a, one.conversation.id, 'Two from a');
    const two = await opened(b, h.listing(seller).id, 'One from b');
    expect(await unread(seller)).toBe(3);
    expect((await summary(seller, one.conversation.id)).unread).toBe(2);
    expect((await summary(seller, two.conversation.id)).unread).toBe(1);
    expect(await unread(a)).toBe(0);

    // The seller reads a's conversation: 0 there, 1 in total; a's messages now carry readAt.
    const read = await call(h.base, 'POST', `/api/conversations/${one.conversation.id}/read`, { cookie: seller.cookie });
    expect(read.status).toBe(204);
    expect(await unread(seller)).toBe(1);
    expect((await summary(seller, one.conversation.id)).unread).toBe(0);
    const seen = (await messages(a, one.conversation.id)).items;
    expect(seen.map((m) => m.readAt !== null)).toEqual([true, true]);
    expect(await h.emitted(ConversationRead, (d) => d.conversationId === one.conversation.id)).toEqual([expect.objectContaining({ readerId: seller.userId })]);
    // Reading again changes nothing and tells nobody.
    await call(h.base, 'POST', `/api/conversations/${one.conversation.id}/read`, { cookie: seller.cookie });
    expect(await h.emitted(ConversationRead, (d) => d.conversationId === one.conversation.id)).toHaveLength(1);

    // The seller answers: unread for a, and not read yet.
    const reply = await send(seller, one.conversation.id, 'Yes, still available');
    expect(reply.status).toBe(201);
    expect(MessageSchema.parse(reply.body)).toMatchObject({ senderId: seller.userId, readAt: null });
    expect(await unread(a)).toBe(1);
    expect((await summary(a, one.conversation.id)).lastMessage).toMatchObject({ text: 'Yes, still available', senderId: seller.userId });

    // The inbox: newest activity first.
    const inbox = ConversationPageSchema.parse((await call(h.base, 'GET', '/api/conversations', { cookie: seller.cookie })).body);
    expect(inbox.items.map((c) => c.id)).toEqual([one.conversation.id, two.conversation.id]);
    expect(inbox.nextCursor).toBeNull();
  });
});

describe('paging', () => {
  it('messages: the newest page oldest first, `before` pages back to the first; bounds and bad cursors are 400', async () => {
    const { conversation } = await opened(buyer, h.listing(owner).id, 'm1');
    for (let i = 2; i <= 5; i += 1) expect((await send(i % 2 ? buyer : owner, conversation.id, `m${i}`)).status).toBe(201);
    const first = await messages(owner, conversation.id, '?limit=2');
    expect(first.items.map((m) => m.text)).toEqual(['m4', 'm5']);
    const second = await messages(owner, conversation.id, `?limit=2&before=${first.nextCursor}`);
    expect(second.items.map((m) => m.text)).toEqual(['m2', 'm3']);
    const third_ = await messages(owner, conversation.id, `?limit=2&before=${second.nextCursor}`);
    expect(third_.items.map((m) => m.text)).toEqual(['m1']);
    expect(third_.nextCursor).toBeNull();
    expect((await messages(owner, conversation.id)).items).toHaveLength(5);

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=1&limit=2', '?before=!!', `?before=${Buffer.from('nope').toString('base64url')}`, `?before=${'a'.repeat(201)}`]) {
      const res = await call(h.base, 'GET', `/api/conversations/${conversation.id}/messages${query}`, { cookie: owner.cookie });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
    expect((await call(h.base, 'GET', '/api/conversations?limit=51', { cookie: owner.cookie })).status).toBe(400);
    expect((await call(h.base, 'GET', '/api/conversations?cursor=%24ne', { cookie: owner.cookie })).status).toBe(400);
  });

  it('the inbox pages by cursor without skipping or repeating', async () => {
    const seller = await h.newSession();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.unshift((await opened(buyer, h.listing(seller).id, `conversation ${i}`)).conversation.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = ConversationPageSchema.parse((await call(h.base, 'GET', `/api/conversations${query}`, { cookie: seller.cookie })).body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });
});

describe('the outbox is published', () => {
  it('every event written reaches NATS', async () => {
    await until('the outbox is published', async () => (await h.conn.collection('outbox').countDocuments({ status: 'pending' })) === 0);
  });
});
