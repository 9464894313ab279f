import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { headers } from '@nats-io/nats-core';
import { AckPolicy, DeliverPolicy, type StoredMsg } from '@nats-io/jetstream';
import { pino } from 'pino';
import { z } from 'zod';
import { defineEvent, eventStream, type EventDefinition } from '@cp/contracts';
import {
  connectMongo,
  connectNats,
  consumerBacklog,
  consumerLanes,
  createLogger,
  DEAD_LETTER_STREAM,
  deadLetterSubject,
  ensureStream,
  on,
  removeDeadLetters,
  startBatchConsumer,
  startConsumer,
  type NatsHandle,
} from '../../src/index.ts';
import { testEnv } from '../../../../infra/src/jest/test-env.ts';
import { counted, deadLetterCount, letters } from '../support/events.ts';
import { until } from '../support/until.ts';

// A consumer reads exactly the events it handles (one filtered durable per event, on NATS 2.9 as on 2.10+), fails its
// start on a configuration mistake, replaces the unfiltered durable earlier versions made, and clears the dead letters
// of events it never handles.

const env = testEnv();
const logger = createLogger('consumer-lanes-test', 'silent');

/** A domain of its own per test: three event types on one stream. */
function testDomain() {
  const domain = `kl${letters()}`;
  const data = z.object({ n: z.number().int() });
  const A = defineEvent(`${domain}.a-happened`, 1, data);
  const B = defineEvent(`${domain}.b-happened`, 1, data);
  const C = defineEvent(`${domain}.c-happened`, 1, data);
  return { domain, A, B, C, stream: eventStream(domain).name };
}

/** A pino logger whose lines land in `lines` (parsed). */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

let conn: Connection;
let nats: NatsHandle;
const Counter = new Schema({ _id: String, count: Number }, { versionKey: false });

beforeAll(async () => {
  conn = await connectMongo(env.MONGO_URL, `kit_lanes_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'consumer-lanes-test', logger });
  conn.model('Counter', Counter);
  await conn.db!.createCollection('counters');
});
afterAll(async () => {
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
});

const envelope = (def: EventDefinition, n: number, id = randomUUID()) => ({ id, type: def.type, version: def.version, occurredAt: new Date().toISOString(), data: { n } });
const publish = (def: EventDefinition, body: unknown, msgID: string = randomUUID()) => nats.js.publish(def.subject, JSON.stringify(body), { msgID });
/** What every consumer of these tests starts with: the file's NATS and database, the test's stream and durable. */
const consumerBase = (stream: string, durable: string) => ({ nats, connection: conn, stream, durable, logger });
/** A handler that counts its events under `${durable}:${def.type}`. */
const counting = (durable: string, def: EventDefinition, calls: string[] = []) =>
  on(def, async (event, { session }) => {
    calls.push(event.id);
    await conn.model('Counter').updateOne({ _id: `${durable}:${def.type}` }, { $inc: { count: 1 } }, { upsert: true, session });
  });

/** The dead letters of one consumer, oldest first. */
const deadLetters = async (stream: string, durable: string) => {
  const out: StoredMsg[] = [];
  for (let seq = 1; ; ) {
    const m = await nats.jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq, next_by_subj: deadLetterSubject(stream, durable) } as unknown as { seq: number });
    if (!m) return out;
    out.push(m);
    seq = m.seq + 1;
  }
};
const consumerNames = async (stream: string) => {
  const names: string[] = [];
  for await (const c of nats.jsm.consumers.list(stream)) names.push(c.name);
  return names.sort();
};
const settled = (stream: string, durable: string) => async () => {
  const backlog = await consumerBacklog(nats.jsm, stream, durable);
  return backlog.pending === 0 && backlog.ackPending === 0;
};

describe('a consumer of several events', () => {
  it('reads exactly its events: each handled once, another event of its stream reaches no handler and no dead letter', async () => {
    const { A, B, C, stream } = testDomain();
    await ensureStream(nats.jsm, A.domain);
    const durable = `multi_${letters()}`;
    const calls: string[] = [];
    const consumer = await startConsumer({ ...consumerBase(stream, durable), handlers: [counting(durable, A, calls), counting(durable, B, calls)] });
    try {
      const twice = envelope(A, 1);
      for (let i = 0; i < 3; i += 1) {
        await publish(A, i === 0 ? twice : envelope(A, 1));
        await publish(C, envelope(C, 1)); // as listings.listing-created is for listings' image clean-up
        await publish(B, envelope(B, 1));
      }
      await publish(A, twice, 'another-copy'); // the same event again, another message id
      await until('handled', async () => (await counted(conn, `${durable}:${A.type}`)) >= 3 && (await counted(conn, `${durable}:${B.type}`)) >= 3);
      await until('settled', settled(stream, durable));
      expect({ a: await counted(conn, `${durable}:${A.type}`), b: await counted(conn, `${durable}:${B.type}`), calls: calls.length }).toEqual({ a: 3, b: 3, calls: 6 });
      expect(await deadLetterCount(nats, stream, durable)).toBe(0);
      // One filtered durable per event, nothing else of this consumer on the stream.
      const lanes = consumerLanes(durable, [A, B]);
      expect(lanes.map((l) => l.name)).toEqual([`${durable}_a-happened-v1`, `${durable}_b-happened-v1`]);
      expect(await consumerNames(stream)).toEqual(lanes.map((l) => l.name).sort());
      for (const lane of lanes) expect((await nats.jsm.consumers.info(stream, lane.name)).config.filter_subject).toBe(lane.def.subject);
    } finally {
      await consumer.stop();
    }
  });

  it('a batch consumer of several events too: each applied once, the other events never read', async () => {
    const { A, B, C, stream } = testDomain();
    await ensureStream(nats.jsm, A.domain);
    const durable = `batchmulti_${letters()}`;
    const types: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      await publish(A, envelope(A, 1));
      await publish(B, envelope(B, 2));
      await publish(C, envelope(C, 100));
    }
    const consumer = await startBatchConsumer({
      ...consumerBase(stream, durable),
      defs: [A, B],
      batchSize: 8,
      async handle(events, session) {
        types.push(...new Set(events.map((e) => e.type)));
        const total = events.reduce((sum, e) => sum + (e.data as { n: number }).n, 0);
        await conn.model('Counter').updateOne({ _id: durable }, { $inc: { count: total } }, { upsert: true, session });
      },
    });
    try {
      await until('applied', async () => (await counted(conn, durable)) >= 60);
      await until('settled', settled(stream, durable));
      expect(await counted(conn, durable)).toBe(60);
      expect(new Set(types)).toEqual(new Set([A.type, B.type]));
      expect(await deadLetterCount(nats, stream, durable)).toBe(0);
      expect(await consumerNames(stream)).toEqual(consumerLanes(durable, [A, B]).map((l) => l.name).sort());
    } finally {
      await consumer.stop();
    }
  });
});

describe('configuration errors fail the start', () => {
  it('an event listed twice, an event of another stream, no event at all — and nothing is created', async () => {
    const { A, B, stream } = testDomain();
    const other = testDomain();
    await ensureStream(nats.jsm, A.domain);
    const durable = `misconfigured_${letters()}`;
    const noop = async () => undefined;
    const start = (handlers: ReturnType<typeof on>[]) => startConsumer({ ...consumerBase(stream, durable), handlers });
    await expect(start([on(A, noop), on(B, noop), on(A, noop)])).rejects.toThrow(`consumer ${durable}: ${A.type} v1 is listed twice (one handler per event type and version)`);
    await expect(start([on(A, noop), on(other.A, noop)])).rejects.toThrow(`consumer ${durable}: ${other.A.type} v1 is published on ${other.stream}, not on ${stream}`);
    await expect(start([])).rejects.toThrow(`consumer ${durable}: no event to handle`);
    const batch = (defs: EventDefinition[]) => startBatchConsumer({ ...consumerBase(stream, durable), defs, handle: noop });
    await expect(batch([A, A])).rejects.toThrow(/is listed twice/);
    await expect(batch([other.B])).rejects.toThrow(/is published on/);
    await expect(startConsumer({ nats, connection: conn, stream, durable: 'has.dot', logger, handlers: [on(A, noop)] })).rejects.toThrow(/a durable name is/);
    expect(await consumerNames(stream)).toEqual([]);
  });
});

describe('a durable made by earlier versions', () => {
  /** Events A1 C1 B1 A2 B2 C2 A3 B3 (stream sequences 1 to 8) and the unfiltered durable the earlier code made. */
  async function earlierConsumer(durable: string) {
    const t = testDomain();
    await ensureStream(nats.jsm, t.domain);
    const events = [envelope(t.A, 1), envelope(t.C, 1), envelope(t.B, 1), envelope(t.A, 1), envelope(t.B, 1), envelope(t.C, 1), envelope(t.A, 1), envelope(t.B, 1)];
    const defs = [t.A, t.C, t.B, t.A, t.B, t.C, t.A, t.B];
    for (const [i, e] of events.entries()) await publish(defs[i]!, e);
    await nats.jsm.consumers.add(t.stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, max_deliver: 8 });
    return { ...t, events, defs };
  }

  it('several events: lanes replace it, starting at its ack floor, and what it handled above the floor is not applied again (two replicas starting at once)', async () => {
    const durable = `upgraded_${letters()}`;
    const { A, B, stream, events, defs } = await earlierConsumer(durable);
    // What the earlier consumer did: handled 1 to 5 (processed record and effect in one transaction), acked 1 to 4.
    const old = await nats.js.consumers.get(stream, durable);
    const fetched = await old.fetch({ max_messages: 5, expires: 5_000 });
    let i = 0;
    for await (const m of fetched) {
      const def = defs[i]!;
      const event = events[i]!;
      if (def !== defs[1]) {
        await conn.collection('processed_events').insertOne({ _id: `${durable}:${event.id}` as never, consumer: durable, eventId: event.id, type: def.type, processedAt: new Date() });
        await conn.model('Counter').updateOne({ _id: `${durable}:${def.type}` }, { $inc: { count: 1 } }, { upsert: true });
      }
      if (i < 4) await m.ackAck();
      i += 1;
      if (i === 5) break;
    }
    await until('acks recorded', async () => (await nats.jsm.consumers.info(stream, durable)).ack_floor.stream_seq === 4);

    const calls: string[] = [];
    const replicas = await Promise.all([1, 2].map(() => startConsumer({ ...consumerBase(stream, durable), handlers: [counting(durable, A, calls), counting(durable, B, calls)] })));
    try {
      await until('handled', async () => (await counted(conn, `${durable}:${A.type}`)) >= 3 && (await counted(conn, `${durable}:${B.type}`)) >= 3);
      await until('settled', settled(stream, durable));
      expect({ a: await counted(conn, `${durable}:${A.type}`), b: await counted(conn, `${durable}:${B.type}`) }).toEqual({ a: 3, b: 3 });
      // Only A3 and B3 were new; B2 (handled, not acked) was found processed.
      expect(calls.sort()).toEqual([events[6]!.id, events[7]!.id].sort());
      const lanes = consumerLanes(durable, [A, B]);
      expect(await consumerNames(stream)).toEqual(lanes.map((l) => l.name).sort());
      for (const lane of lanes) {
        const { config } = await nats.jsm.consumers.info(stream, lane.name);
        expect({ filter: config.filter_subject, policy: config.deliver_policy, start: config.opt_start_seq }).toEqual({ filter: lane.def.subject, policy: DeliverPolicy.StartSequence, start: 5 });
      }
      expect(await deadLetterCount(nats, stream, durable)).toBe(0);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it('one event: the durable of its name is narrowed to that event and keeps its position', async () => {
    const durable = `narrowed_${letters()}`;
    const { A, stream, events } = await earlierConsumer(durable);
    const old = await nats.js.consumers.get(stream, durable);
    const fetched = await old.fetch({ max_messages: 4, expires: 5_000 });
    let i = 0;
    for await (const m of fetched) {
      await m.ackAck();
      if (++i === 4) break;
    }
    const calls: string[] = [];
    const consumer = await startConsumer({ ...consumerBase(stream, durable), handlers: [counting(durable, A, calls)] });
    try {
      await until('handled', async () => calls.length >= 1);
      await until('settled', settled(stream, durable));
      expect(calls).toEqual([events[6]!.id]); // A3; A1 and A2 were acked before
      expect(await consumerNames(stream)).toEqual([durable]);
      expect((await nats.jsm.consumers.info(stream, durable)).config.filter_subject).toBe(A.subject);
      expect(await deadLetterCount(nats, stream, durable)).toBe(0);
    } finally {
      await consumer.stop();
    }
  });
});

describe('dead letters of events a consumer does not handle', () => {
  const deadLetter = async (stream: string, durable: string, originalSubject: string, reason: string) => {
    const h = headers();
    h.set('Cp-Reason', reason);
    h.set('Cp-Original-Subject', originalSubject);
    await nats.js.publish(deadLetterSubject(stream, durable), JSON.stringify({ reason }), { headers: h });
  };

  it('are removed at start (two replicas at once, counted in the log); real failures and other consumers\' dead letters stay', async () => {
    const { A, B, C, stream } = testDomain();
    await ensureStream(nats.jsm, A.domain);
    const durable = `dlq_${letters()}`;
    const neighbour = `dlqother_${letters()}`;
    for (let n = 0; n < 3; n += 1) await deadLetter(stream, durable, C.subject, `unknown event ${C.type} v1`);
    await deadLetter(stream, durable, A.subject, `unknown event ${A.domain}.mislabelled v1`); // on a handled subject: an anomaly
    await deadLetter(stream, durable, A.subject, 'handler failed 8 times: Error: S3 down');
    await deadLetter(stream, durable, C.subject, `invalid ${C.type} data: n: expected number`);
    await deadLetter(stream, neighbour, C.subject, `unknown event ${C.type} v1`);
    const keep = (await deadLetters(stream, durable)).filter((m) => !/^unknown event .*c-happened/.test(m.header.get('Cp-Reason'))).map((m) => m.seq);
    expect(keep).toHaveLength(3);

    const logs = [capturingLogger(), capturingLogger()];
    const noop = async () => undefined;
    const replicas = await Promise.all(logs.map(({ log }) => startConsumer({ nats, connection: conn, stream, durable, logger: log, handlers: [on(A, noop), on(B, noop)] })));
    await Promise.all(replicas.map((r) => r.stop()));
    expect((await deadLetters(stream, durable)).map((m) => m.seq)).toEqual(keep);
    expect(await deadLetterCount(nats, stream, neighbour)).toBe(1);
    const removedLogged = logs.flatMap(({ lines }) => lines.filter((l) => l.msg === 'dead letters of events this consumer does not handle removed').map((l) => l.removed as number));
    expect(removedLogged.reduce((a, b) => a + b, 0)).toBe(3);

    // Again: nothing more to remove, nothing logged.
    const again = capturingLogger();
    await (await startConsumer({ nats, connection: conn, stream, durable, logger: again.log, handlers: [on(A, noop), on(B, noop)] })).stop();
    expect((await deadLetters(stream, durable)).map((m) => m.seq)).toEqual(keep);
    expect(again.lines.filter((l) => l.msg === 'dead letters of events this consumer does not handle removed')).toEqual([]);
  });

  it('removeDeadLetters looks at no more than it is asked to, and picks up where a bounded pass left off', async () => {
    const { C, stream } = testDomain();
    await ensureStream(nats.jsm, C.domain);
    const durable = `bounded_${letters()}`;
    for (let n = 0; n < 5; n += 1) await deadLetter(stream, durable, C.subject, `unknown event ${C.type} v1`);
    const drop = () => true;
    expect(await removeDeadLetters(nats.jsm, stream, durable, drop, { max: 2 })).toEqual({ scanned: 2, removed: 2 });
    expect(await deadLetterCount(nats, stream, durable)).toBe(3);
    expect(await removeDeadLetters(nats.jsm, stream, durable, drop, { max: 10 })).toEqual({ scanned: 3, removed: 3 });
    expect(await removeDeadLetters(nats.jsm, stream, durable, drop)).toEqual({ scanned: 0, removed: 0 });
  });
});
