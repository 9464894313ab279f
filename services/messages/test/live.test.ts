import { LiveMessageEventSchema, LiveReadEventSchema } from '@cp/contracts';
import type { RunningGateway } from '../../gateway/src/app.ts';
import { startTestGateway } from '../../gateway/test/helpers.ts';
import { call, startMessages, until, type MessagesHarness, type Session } from './helpers.ts';

/**
 * Live delivery (issue 23 §4): GET /api/messages/stream, server-sent events fed by the messages' JetStream stream,
 * through the real service on the real NATS and MongoDB, with a second replica on the same database and NATS.
 */
let h: MessagesHarness;
let replica = '';
beforeAll(async () => {
  h = await startMessages();
  replica = await h.replica();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** An open stream: the events read so far, until close(). */
interface Stream {
  status: number;
  contentType: string;
  events: SseEvent[];
  /** Resolves with the first event (from the start of the stream) that `pick` accepts; fails after 20 s. */
  next(pick: (e: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
}

async function openStream(base: string, who: Session, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/messages/stream`, {
    headers: { cookie: who.cookie, accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: SseEvent = { event: 'message', data: undefined };
          let data = '';
          let fields = 0;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue; // a comment (keep-alive)
            const [name, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
            fields++;
            if (name === 'id') e.id = value;
            else if (name === 'event') e.event = value;
            else if (name === 'data') data += value;
          }
          if (fields === 0) continue;
          e.data = data ? (JSON.parse(data) as unknown) : undefined;
          events.push(e);
        }
      }
    })().catch(() => undefined);
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    events,
    async next(pick) {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        const found = events.find(pick);
        if (found) return found;
      }
      throw new Error(`no such event; the stream had: ${JSON.stringify(events)}`);
    },
    close: () => abort.abort(),
  };
}

async function conversation(buyer: Session, owner: Session): Promise<string> {
  const listing = h.listing(owner);
  const res = await call(h.base, 'POST', '/api/conversations', { cookie: buyer.cookie, body: { listingId: listing.id, text: 'Is it still available?' } });
  expect(res.status).toBe(201);
  return (res.body.conversation as { id: string }).id;
}
const send = (base: string, who: Session, id: string, text: string) => call(base, 'POST', `/api/conversations/${id}/messages`, { cookie: who.cookie, body: { text } });
const messageEvent = (messageId: string) => (e: SseEvent) => e.event === 'message' && (e.data as { messageId?: string }).messageId === messageId;

describe('GET /api/messages/stream', () => {
  test('a message sent through one replica reaches a stream open on the other, as an event naming it (no text); others hear nothing', async () => {
    const [buyer, owner, stranger] = [await h.newSession(), await h.newSession(), await h.newSession()];
    const id = await conversation(buyer, owner);
    const ownerStream = await openStream(replica, owner);
    const strangerStream = await openStream(h.base, stranger);
    try {
      expect(ownerStream.status).toBe(200);
      expect(ownerStream.contentType).toMatch(/^text\/event-stream/);
      const ready = await ownerStream.next((e) => e.event === 'ready');
      expect(ready.id).toMatch(/^\d+$/);
      await strangerStream.next((e) => e.event === 'ready');

      const sent = await send(h.base, buyer, id, 'Can I see it tomorrow?');
      expect(sent.status).toBe(201);
      const heard = await ownerStream.next(messageEvent(sent.body.id as string));
      expect(LiveMessageEventSchema.parse(heard.data)).toEqual({ conversationId: id, messageId: sent.body.id, senderId: buyer.userId, createdAt: sent.body.createdAt });
      expect(JSON.stringify(heard.data)).not.toContain('tomorrow');
      expect(Number(heard.id)).toBeGreaterThan(Number(ready.id));

      // The owner reads it: the buyer's stream (opened now, from its own Last-Event-ID of before) hears the read.
      const buyerStream = await openStream(h.base, buyer, ready.id);
      try {
        // Everything after that position: the buyer's own message too (another tab of theirs shows it).
        await buyerStream.next(messageEvent(sent.body.id as string));
        expect((await call(replica, 'POST', `/api/conversations/${id}/read`, { cookie: owner.cookie })).status).toBe(204);
        const read = await buyerStream.next((e) => e.event === 'read');
        expect(LiveReadEventSchema.parse(read.data)).toMatchObject({ conversationId: id, readerId: owner.userId });
      } finally {
        buyerStream.close();
      }
      // The stranger's stream carried nothing of it.
      await new Promise((r) => setTimeout(r, 500));
      expect(strangerStream.events.filter((e) => e.event !== 'ready')).toEqual([]);
    } finally {
      ownerStream.close();
      strangerStream.close();
    }
  }, 60_000);

  test('a reconnect with Last-Event-ID gets every event missed while away, in order, and nothing twice', async () => {
    const [buyer, owner] = [await h.newSession(), await h.newSession()];
    const id = await conversation(buyer, owner);
    const first = await openStream(h.base, owner);
    const ready = await first.next((e) => e.event === 'ready');
    const one = await send(h.base, buyer, id, 'one');
    const heardOne = await first.next(messageEvent(one.body.id as string));
    first.close();

    // Away: two messages, through the other replica.
    const two = await send(replica, buyer, id, 'two');
    const three = await send(replica, buyer, id, 'three');
    expect([two.status, three.status]).toEqual([201, 201]);

    const again = await openStream(replica, owner, heardOne.id);
    try {
      await again.next(messageEvent(three.body.id as string));
      const messages = again.events.filter((e) => e.event === 'message').map((e) => (e.data as { messageId: string }).messageId);
      expect(messages).toEqual([two.body.id, three.body.id]);
      // Its `ready` announces the position it resumed from.
      expect(again.events[0]).toMatchObject({ event: 'ready', id: heardOne.id });
      expect(Number(heardOne.id)).toBeGreaterThan(Number(ready.id));
    } finally {
      again.close();
    }
  }, 60_000);

  test('through the gateway (both replicas behind it): a stream outlives the API timeout, its events arrive, and open streams never take the API connections', async () => {
    // One API connection per replica and a one-second API timeout: were streams on the API pool, the API would wait.
    const gateway: RunningGateway = await startTestGateway({ MESSAGES_URL: `${h.base},${replica}`, UPSTREAM_CONNECTIONS: '1', UPSTREAM_TIMEOUT_MS: '1000' });
    const [buyer, owner] = [await h.newSession(), await h.newSession()];
    const id = await conversation(buyer, owner);
    const streams = [await openStream(gateway.url, owner), await openStream(gateway.url, owner), await openStream(gateway.url, buyer)];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      for (const s of streams) await s.next((e) => e.event === 'ready');
      const unread = await call(gateway.url, 'GET', '/api/messages/unread-count', { cookie: owner.cookie });
      expect(unread.status).toBe(200);
      // Past the API's timeout, the streams are still open and deliver.
      await new Promise((r) => setTimeout(r, 2_500));
      const sent = await send(replica, buyer, id, 'Still there?');
      for (const s of streams) await s.next(messageEvent(sent.body.id as string));
    } finally {
      for (const s of streams) s.close();
      await gateway.close();
    }
  }, 60_000);

  test('signed out 401; a Last-Event-ID that is not a position 400; more streams than a person keeps open 429', async () => {
    const res = await fetch(`${h.base}/api/messages/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Please log in to send messages' });
    const who = await h.newSession();
    const bad = await fetch(`${h.base}/api/messages/stream`, { headers: { cookie: who.cookie, 'last-event-id': '12; DROP' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Last-Event-ID must be a stream position' });

    const open: Stream[] = [];
    try {
      for (let i = 0; i < 8; i++) open.push(await openStream(h.base, who));
      expect(open.map((s) => s.status)).toEqual(Array(8).fill(200));
      const ninth = await fetch(`${h.base}/api/messages/stream`, { headers: { cookie: who.cookie } });
      expect(ninth.status).toBe(429);
      // One closed: a new one opens again.
      open.pop()!.close();
      await until('a stream slot is free', async () => {
        const s = await openStream(h.base, who);
        if (s.status !== 200) return false;
        open.push(s);
        return true;
      }, 10_000);
    } finally {
      for (const s of open) s.close();
    }
  }, 60_000);
});
