import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Connection } from 'mongoose';
import { z } from 'zod';
import { defineEvent, eventStream } from '@cp/contracts';
import { connectMongo, connectNats, trusted, createLogger, DEAD_LETTER_STREAM, deadLetterSubject, ensureStream, on, OutboxRelay, outboxModel, runInTransaction, startBatchConsumer, startConsumer, streamMessages, whileNatsUnavailable, writeOrder, type NatsHandle } from '../../src/index.ts';
import { faultNats, testEnv } from '../../../../infra/src/jest/test-env.ts';
import { counted, deadLetterCount, letters } from '../support/events.ts';
import { until } from '../support/until.ts';

const env = testEnv();
const logger = createLogger('events-test', 'silent');

/** A domain of its own per test, so streams and subjects never collide across tests. */
function testDomain() {
  const domain = `kt${letters()}`;
  const Happened = defineEvent(`${domain}.thing-happened`, 1, z.object({ n: z.number().int() }));
  return { domain, Happened, stream: eventStream(domain).name };
}

/** A new domain with its stream made sure of, and a durable name of the test's own (`prefix_…`): what a consumer test starts from. */
async function consumerDomain(prefix: string) {
  const { domain, Happened } = testDomain();
  return { Happened, stream: await ensureStream(nats.jsm, domain), durable: `${prefix}_${letters()}` };
}

/** Every message of a stream: its Nats-Msg-Id header and event id. */
async function streamContents(nats: NatsHandle, stream: string): Promise<Array<{ msgId: string | undefined; eventId: string }>> {
  return (await streamMessages(nats.jsm, stream)).map((m) => ({ msgId: m.header.get('Nats-Msg-Id') || undefined, eventId: (m.json() as { id: string }).id }));
}

let conn: Connection;
let nats: NatsHandle;
const Thing = new Schema({ _id: String, name: String }, { versionKey: false });
const Counter = new Schema({ _id: String, count: Number }, { versionKey: false });

beforeAll(async () => {
  conn = await connectMongo(env.MONGO_URL, `kit_events_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'events-test', logger });
  conn.model('Thing', Thing);
  conn.model('Counter', Counter);
  await outboxModel(conn).createIndexes();
  await conn.db!.createCollection('things');
  await conn.db!.createCollection('counters');
});
afterAll(async () => {
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
});

describe('writeOrder', () => {
  it('strictly increases, also within one millisecond, and follows the clock', () => {
    const before = Date.now() * 1000;
    const values = Array.from({ length: 10_000 }, () => writeOrder());
    // 10,000 calls take a few milliseconds: the clock alone would repeat.
    expect(values.every((v, i) => i === 0 || v > values[i - 1]!)).toBe(true);
    expect(values[0]).toBeGreaterThanOrEqual(before);
  });
});

describe('transactional outbox', () => {
  it('stores the change and its event together, or neither', async () => {
    const { Happened } = testDomain();
    const things = conn.model('Thing');
    await runInTransaction(conn, async (session, emit) => {
      await things.create([{ _id: 'a', name: 'kept' }], { session });
      await emit(Happened, { n: 1 });
    });
    await expect(
      runInTransaction(conn, async (session, emit) => {
        await things.create([{ _id: 'b', name: 'rolled back' }], { session });
        await emit(Happened, { n: 2 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await things.countDocuments({ _id: trusted({ $in: ['a', 'b'] }) })).toBe(1);
    const events = await outboxModel(conn).find({ type: Happened.type }).lean();
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual([1]);
  });

  it('refuses event data that does not match its contract', async () => {
    const { Happened } = testDomain();
    await expect(runInTransaction(conn, (_s, emit) => emit(Happened, { n: 'one' } as never))).rejects.toThrow();
  });

  it('the relay publishes each event with Nats-Msg-Id = event id, in write order', async () => {
    const { domain, Happened, stream } = testDomain();
    await ensureStream(nats.jsm, domain);
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push((await runInTransaction(conn, (_s, emit) => emit(Happened, { n }))).id);
    // Many in one transaction: the same millisecond, still in the order written.
    await runInTransaction(conn, async (_s, emit) => {
      for (let n = 5; n < 40; n += 1) ids.push((await emit(Happened, { n })).id);
    });
    const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 200 });
    relay.start();
    try {
      await until('published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids }), status: 'published' })) === 40);
    } finally {
      await relay.stop();
    }
    const contents = await streamContents(nats, stream);
    expect(contents.map((c) => c.eventId)).toEqual(ids);
    for (const c of contents) expect(c.msgId).toBe(c.eventId);
  });

  it('events written while NATS is down arrive exactly once, in write order, when it is back', async () => {
    const { domain, Happened, stream } = testDomain();
    const server = await faultNats();
    const own = await connectNats({ url: server.url, name: 'events-test-outage', logger });
    const ids: string[] = [];
    try {
      await ensureStream(own.jsm, domain);
      const relay = new OutboxRelay({ connection: conn, js: own.js, logger, pollIntervalMs: 200, maxBackoffMs: 1_000, publishTimeoutMs: 1_000 });
      relay.start();
      try {
        await server.stop();
        try {
          for (let n = 0; n < 50; n += 1) ids.push((await runInTransaction(conn, (_s, emit) => emit(Happened, { n }))).id);
          await new Promise((r) => setTimeout(r, 1_500)); // the relay tries and fails meanwhile
          expect(await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids }), status: 'published' })).toBe(0);
        } finally {
          await server.start();
        }
        await until('all published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids }), status: 'published' })) === 50, 90_000);
      } finally {
        await relay.stop();
      }
      const contents = (await streamContents(own, stream)).map((c) => c.eventId);
      const seen = new Map<string, number>();
      for (const id of contents) seen.set(id, (seen.get(id) ?? 0) + 1);
      const missing = ids.filter((id) => !seen.has(id));
      const duplicates = [...seen.values()].filter((count) => count > 1).length;
      expect({ missing, duplicates, total: seen.size }).toEqual({ missing: [], duplicates: 0, total: 50 });
      // The first publishes failed; nothing behind them went first.
      expect(contents).toEqual(ids);
    } finally {
      await own.close();
      await server.close();
    }
  });

  it('a stream that cannot take its events holds back only its own, in order until it can', async () => {
    const missing = testDomain(); // its stream does not exist yet: every publish fails (no responders)
    const ok = testDomain();
    await ensureStream(nats.jsm, ok.domain);
    const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100, maxBackoffMs: 500, publishTimeoutMs: 1_000 });
    const held: string[] = [];
    const passed: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      held.push((await runInTransaction(conn, (_s, emit) => emit(missing.Happened, { n }))).id);
      passed.push((await runInTransaction(conn, (_s, emit) => emit(ok.Happened, { n }))).id);
    }
    relay.start();
    try {
      await until('the other stream published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: passed }), status: 'published' })) === 5);
      await until('the first held entry retried', async () => ((await outboxModel(conn).findById(held[0]).lean())?.attempts ?? 0) >= 2);
      expect(await outboxModel(conn).countDocuments({ _id: trusted({ $in: held }), status: 'published' })).toBe(0);
      // Only the stream's oldest entry was tried: nothing behind it went first.
      expect(await outboxModel(conn).countDocuments({ _id: trusted({ $in: held.slice(1) }), attempts: trusted({ $gt: 0 }) })).toBe(0);
      await ensureStream(nats.jsm, missing.domain);
      await until('the held stream published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: held }), status: 'published' })) === 5);
    } finally {
      await relay.stop();
    }
    expect((await streamContents(nats, ok.stream)).map((c) => c.eventId)).toEqual(passed);
    expect((await streamContents(nats, missing.stream)).map((c) => c.eventId)).toEqual(held);
  });

  it('publishes a pending entry written before entries recorded their stream and write order', async () => {
    const { domain, Happened, stream } = testDomain();
    await ensureStream(nats.jsm, domain);
    const id = randomUUID();
    const now = new Date();
    // As an earlier version wrote it: no `stream`, no `seq`.
    await conn.collection('outbox').insertOne({ _id: id as never, type: Happened.type, version: 1, subject: Happened.subject, occurredAt: now, data: { n: 1 }, status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, lockedBy: null });
    const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100 });
    relay.start();
    try {
      await until('published', async () => (await outboxModel(conn).findById(id).lean())?.status === 'published');
    } finally {
      await relay.stop();
    }
    expect((await streamContents(nats, stream)).map((c) => c.eventId)).toEqual([id]);
    expect(await outboxModel(conn).findById(id).lean()).toMatchObject({ stream, seq: now.getTime() * 1000 });
  });

  it('an entry a crashed relay still holds stops the batch: what is behind it waits for its lock to expire', async () => {
    const { domain, Happened, stream } = testDomain();
    await ensureStream(nats.jsm, domain);
    const ids: string[] = [];
    await runInTransaction(conn, async (_s, emit) => {
      for (let n = 0; n < 10; n += 1) ids.push((await emit(Happened, { n })).id);
    });
    await outboxModel(conn).updateOne({ _id: ids[4] }, { $set: { lockedUntil: new Date(Date.now() + 600_000), lockedBy: 'a-relay-that-crashed' } });
    const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100 });
    relay.start();
    try {
      await until('the entries before it published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids.slice(0, 4) }), status: 'published' })) === 4);
      await new Promise((r) => setTimeout(r, 500)); // several polls
      expect(await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids.slice(4) }), status: 'published' })).toBe(0);
      // Its lock expires.
      await outboxModel(conn).updateOne({ _id: ids[4] }, { $set: { lockedUntil: new Date(Date.now() - 1) } });
      await until('all published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids }), status: 'published' })) === 10);
    } finally {
      await relay.stop();
    }
    expect((await streamContents(nats, stream)).map((c) => c.eventId)).toEqual(ids);
  });

  it('two relays on the same outbox publish each event once, in write order', async () => {
    const { domain, Happened, stream } = testDomain();
    await ensureStream(nats.jsm, domain);
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) ids.push((await runInTransaction(conn, (_s, emit) => emit(Happened, { n }))).id);
    const relays = [1, 2].map(() => new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100, batchSize: 7 }));
    relays.forEach((r) => r.start());
    try {
      await until('published', async () => (await outboxModel(conn).countDocuments({ _id: trusted({ $in: ids }), status: 'published' })) === 60);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
    }
    const contents = await streamContents(nats, stream);
    expect(contents).toHaveLength(60);
    expect(contents.map((c) => c.eventId)).toEqual(ids);
  });
});

describe('setting up streams and consumers while NATS does not answer', () => {
  const failing = (name: string) => Object.assign(new Error(name), { name });

  it('retries what NATS answers while unavailable, up to the deadline; anything else fails at once', async () => {
    let calls = 0;
    await expect(
      whileNatsUnavailable('refused', async () => {
        calls += 1;
        throw failing('JetStreamApiError');
      }),
    ).rejects.toThrow('JetStreamApiError');
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      whileNatsUnavailable(
        'timing out',
        async () => {
          calls += 1;
          throw failing('TimeoutError');
        },
        { deadlineMs: 1_000 },
      ),
    ).rejects.toThrow('TimeoutError');
    expect(calls).toBeGreaterThan(1);

    calls = 0;
    const value = await whileNatsUnavailable('recovering', async () => {
      calls += 1;
      if (calls < 3) throw failing(calls === 1 ? 'JetStreamNotEnabled' : 'TimeoutError');
      return 'done';
    });
    expect({ value, calls }).toEqual({ value: 'done', calls: 3 });
  });

  it('a service starting during a NATS outage gets its stream and consumer when NATS is back, and handles events', async () => {
    const { domain, Happened } = testDomain();
    const server = await faultNats();
    const own = await connectNats({ url: server.url, name: 'events-test-startup', logger });
    const counters = conn.model('Counter');
    const durable = `startup_${letters()}`;
    let consumer: { stop(): Promise<void> } | undefined;
    try {
      await server.stop();
      let settled = false;
      // As a service's start does: its stream, then its consumer.
      const starting = (async () => {
        const stream = await ensureStream(own.jsm, domain);
        consumer = await startConsumer({
          nats: own,
          connection: conn,
          stream,
          durable,
          logger,
          handlers: [on(Happened, async (event, { session }) => void (await counters.updateOne({ _id: durable }, { $inc: { count: event.data.n } }, { upsert: true, session })))],
        });
      })().finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 2_000));
      expect(settled).toBe(false);
      await server.start();
      await starting;
      await own.js.publish(Happened.subject, JSON.stringify({ id: randomUUID(), type: Happened.type, version: 1, occurredAt: new Date().toISOString(), data: { n: 7 } }));
      await until('handled', async () => (await counted(conn, durable)) === 7);
    } finally {
      await consumer?.stop();
      await own.close();
      await server.close();
    }
  });
});

/** A message as any publisher could send it (not through the kit): a raw body, its own message id. */
const publishRaw = (subject: string, body: unknown, msgID: string = randomUUID()) => nats.js.publish(subject, typeof body === 'string' ? body : JSON.stringify(body), { msgID });
const envelope = (type: string, data: unknown, id = randomUUID()) => ({ id, type, version: 1, occurredAt: new Date().toISOString(), data });
/** What every consumer of these tests starts with: the file's NATS and database, the test's stream and durable. */
const consumerBase = (stream: string, durable: string) => ({ nats, connection: conn, stream, durable, logger });

describe('consumers', () => {

  it('handles an event once even when it is delivered twice', async () => {
    const { Happened, stream, durable } = await consumerDomain('count');
    const counters = conn.model('Counter');
    const consumer = await startConsumer({
      ...consumerBase(stream, durable),
      handlers: [
        on(Happened, async (event, { session }) => {
          await counters.updateOne({ _id: durable }, { $inc: { count: event.data.n } }, { upsert: true, session });
        }),
      ],
    });
    try {
      const e = envelope(Happened.type, { n: 1 });
      await publishRaw(Happened.subject, e, 'first-copy');
      await publishRaw(Happened.subject, e, 'second-copy'); // same event, another message id: no dedup by the stream
      const other = envelope(Happened.type, { n: 10 });
      await publishRaw(Happened.subject, other);
      await until('handled', async () => (await counted(conn, durable)) >= 11);
      await new Promise((r) => setTimeout(r, 500));
      expect(await counted(conn, durable)).toBe(11);
      const info = await nats.jsm.consumers.info(stream, durable);
      expect(info.num_ack_pending).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('dead-letters an invalid payload at once and a handler that keeps failing after maxDeliver', async () => {
    const { Happened, stream, durable } = await consumerDomain('fail');
    let calls = 0;
    const consumer = await startConsumer({
      ...consumerBase(stream, durable),
      maxDeliver: 3,
      backoffMs: [100],
      handlers: [
        on(Happened, async () => {
          calls += 1;
          throw new Error('downstream broken');
        }),
      ],
    });
    const dlq = deadLetterSubject(stream, durable);
    const deadLetters = () => deadLetterCount(nats, stream, durable);
    try {
      await publishRaw(Happened.subject, envelope(Happened.type, { n: 'not a number' }));
      await until('invalid payload dead-lettered', async () => (await deadLetters()) === 1);
      expect(calls).toBe(0);
      await publishRaw(Happened.subject, envelope(Happened.type, { n: 5 }));
      await until('failing message dead-lettered', async () => (await deadLetters()) === 2, 30_000);
      expect(calls).toBe(3);
      const last = await nats.jsm.streams.getMessage(DEAD_LETTER_STREAM, { last_by_subj: dlq });
      expect(last?.header.get('Cp-Reason')).toMatch(/handler failed 3 times/);
      expect(last?.header.get('Cp-Original-Subject')).toBe(Happened.subject);
    } finally {
      await consumer.stop();
    }
  });
});

describe('batch consumers', () => {

  it('applies events in batches, each once: duplicates in a batch, redeliveries and re-publishes add nothing', async () => {
    const { Happened, stream, durable } = await consumerDomain('batch');
    const counters = conn.model('Counter');
    const sizes: number[] = [];
    const events = Array.from({ length: 300 }, (_, i) => envelope(Happened.type, { n: i % 3 }));
    // Published before the consumer starts: they come in full batches.
    for (const e of events) await publishRaw(Happened.subject, e);
    await publishRaw(Happened.subject, events[0], 'again-1'); // the same event twice, another message id
    await publishRaw(Happened.subject, events[1], 'again-2');
    const expected = events.reduce((sum, e) => sum + (e.data as { n: number }).n, 0);
    const consumer = await startBatchConsumer({
      ...consumerBase(stream, durable),
      defs: [Happened],
      batchSize: 100,
      async handle(batch, session) {
        sizes.push(batch.length);
        const total = batch.reduce((sum, e) => sum + (e.data as { n: number }).n, 0);
        await counters.updateOne({ _id: durable }, { $inc: { count: total } }, { upsert: true, session });
      },
    });
    try {
      await until('all applied', async () => (await counted(conn, durable)) >= expected);
      await publishRaw(Happened.subject, events[2], 'again-later');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await counted(conn, durable)).toBe(expected);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(300);
      expect(Math.max(...sizes)).toBe(100);
      expect((await nats.jsm.consumers.info(stream, durable)).num_ack_pending).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('a batch whose handler fails is retried one by one: the bad event is dead-lettered alone, the rest applied once', async () => {
    const { Happened, stream, durable } = await consumerDomain('batchfail');
    const counters = conn.model('Counter');
    for (let n = 1; n <= 20; n += 1) await publishRaw(Happened.subject, envelope(Happened.type, { n: n === 13 ? -1 : 1 }));
    await publishRaw(Happened.subject, 'not json at all');
    const consumer = await startBatchConsumer({
      ...consumerBase(stream, durable),
      defs: [Happened],
      maxDeliver: 2,
      backoffMs: [100],
      async handle(batch, session) {
        if (batch.some((e) => (e.data as { n: number }).n < 0)) throw new Error('a poison event');
        await counters.updateOne({ _id: durable }, { $inc: { count: batch.length } }, { upsert: true, session });
      },
    });
    const deadLetters = () => deadLetterCount(nats, stream, durable);
    try {
      await until('the poison and the garbage dead-lettered', async () => (await deadLetters()) === 2, 30_000);
      await until('the others applied', async () => (await counted(conn, durable)) === 19);
      await new Promise((r) => setTimeout(r, 500));
      expect(await counted(conn, durable)).toBe(19);
    } finally {
      await consumer.stop();
    }
  });
});

void mongoose;
