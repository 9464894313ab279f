import type { ClientSession, Connection, Model } from 'mongoose';
import { headers, nanos } from '@nats-io/nats-core';
import { AckPolicy, DeliverPolicy, type ConsumerConfig, type ConsumerInfo, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { eventStream, parseEvent, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { deadLetterSubject, removeDeadLetters, whileNatsUnavailable, type NatsHandle } from '../nats.ts';
import { isDuplicateKey } from '../errors.ts';
import { startMessageSpans, withBatchSpan, withConsumerSpan } from '../telemetry/trace.ts';
import { storedSchema } from '../stored-schema.ts';

/** "Event X was handled by consumer Y", recorded in the same transaction as the handler's side effect. */
interface ProcessedDoc {
  _id: string; // `${consumer}:${eventId}`
  consumer: string;
  eventId: string;
  type: string;
  processedAt: Date;
}
const processedSchema = storedSchema<ProcessedDoc>(
  'processed_events',
  {
    _id: String,
    consumer: String,
    eventId: String,
    type: String,
    processedAt: Date,
  },
  { strict: true },
);
// Kept longer than any redelivery could arrive; the stream's own duplicate window is only 2 minutes.
processedSchema.index({ processedAt: 1 }, { expireAfterSeconds: 30 * 24 * 60 * 60 });

function processedModel(conn: Connection): Model<ProcessedDoc> {
  return (conn.models.ProcessedEvent as Model<ProcessedDoc> | undefined) ?? conn.model<ProcessedDoc>('ProcessedEvent', processedSchema);
}

export interface HandlerContext {
  session: ClientSession;
  /** 1 on the first delivery. */
  deliveryCount: number;
}

export interface EventHandler<D extends EventDefinition = EventDefinition> {
  def: D;
  handle(event: EventEnvelope<z.output<D['data']>>, ctx: HandlerContext): Promise<void>;
}

/** Pairs a definition with its handler, keeping the data type. */
export function on<D extends EventDefinition>(def: D, handle: EventHandler<D>['handle']): EventHandler<D> {
  return { def, handle };
}

export interface ConsumerOptions {
  nats: NatsHandle;
  connection: Connection;
  stream: string;
  /**
   * The consumer's name (`<service>-<purpose>`): its processed records, its dead letters and its JetStream durable —
   * one per event it handles when it handles several (consumerLanes).
   */
  durable: string;
  /** One per event type and version, all of this stream's events; the consumer reads exactly these. */
  handlers: EventHandler[];
  maxDeliver?: number;
  /** Wait before each redelivery after a failure (the last value repeats). */
  backoffMs?: number[];
  ackWaitMs?: number;
  logger: Logger;
}

/** The most dead letters a consumer's start looks at when it removes the ones of events it does not handle. */
export const DEAD_LETTER_SCAN_MAX = 10_000;

/** The dead-letter reason of an event its consumer had no definition for (parseEvent's `unknown event <type> v<n>`). */
const UNKNOWN_EVENT_REASON = /^unknown event /;

/**
 * The JetStream durables of a consumer: one per event it handles, each filtered to that event's subject, so the
 * consumer never receives anything else on any server version (`filter_subjects`, several subjects on one durable,
 * needs NATS 2.10). A consumer of one event keeps its name; one of several gets `<durable>_<event>-v<version>` each.
 */
export function consumerLanes(durable: string, defs: readonly EventDefinition[]): Array<{ name: string; def: EventDefinition }> {
  if (defs.length === 1) return [{ name: durable, def: defs[0]! }];
  return defs.map((def) => ({ name: `${durable}_${def.type.slice(def.domain.length + 1)}-v${def.version}`, def }));
}

/** The description every lane of a consumer carries: how a start finds the lanes an earlier handler set left. */
const laneDescription = (durable: string) => `lane of consumer ${durable}`;

/** What a consumer still has to do, summed over its lanes (and an earlier durable of its name): for tests and operators. */
export async function consumerBacklog(jsm: JetStreamManager, stream: string, durable: string): Promise<{ pending: number; ackPending: number }> {
  let pending = 0;
  let ackPending = 0;
  for (const c of await consumersOf(jsm, stream, durable)) {
    pending += c.num_pending;
    ackPending += c.num_ack_pending;
  }
  return { pending, ackPending };
}

async function consumersOf(jsm: JetStreamManager, stream: string, durable: string): Promise<ConsumerInfo[]> {
  const tag = laneDescription(durable);
  const out: ConsumerInfo[] = [];
  for await (const c of jsm.consumers.list(stream)) if (c.name === durable || c.config.description === tag) out.push(c);
  return out;
}

const isConsumerNotFound = (err: unknown) => (err as { name?: string }).name === 'ConsumerNotFoundError' || /consumer not found/i.test(String(err));

/**
 * The handled events, checked before anything is created: at least one, each once, each of this stream. A mistake
 * here is a configuration error that fails the start, never a dead letter per message later.
 */
function checkDefs(stream: string, durable: string, defs: readonly EventDefinition[]): void {
  if (!/^[A-Za-z0-9_-]+$/.test(durable)) throw new Error(`consumer "${durable}": a durable name is letters, digits, '-' and '_'`);
  if (defs.length === 0) throw new Error(`consumer ${durable}: no event to handle`);
  const seen = new Set<string>();
  for (const def of defs) {
    if (seen.has(def.subject)) throw new Error(`consumer ${durable}: ${def.type} v${def.version} is listed twice (one handler per event type and version)`);
    seen.add(def.subject);
    const owner = eventStream(def.domain).name;
    if (owner !== stream) throw new Error(`consumer ${durable}: ${def.type} v${def.version} is published on ${owner}, not on ${stream}`);
  }
}

/**
 * Creates or updates the lanes of a consumer (safe to repeat, and with several replicas starting at once). A lane that
 * does not exist yet starts where an earlier durable of this consumer that read its subject had got to — the unfiltered
 * durable of the consumer's name that versions before lanes made, or a lane of a handler set since changed — from that
 * durable's ack floor, so nothing is skipped; what came after the floor and was already handled is found in the
 * processed records (keyed by the consumer's name, not the lane's) and not applied twice. Then those earlier durables
 * are removed, so an upgraded deployment keeps no consumer that reads events nobody handles.
 */
async function setUpLanes(opts: ConsumerOptions, lanes: Array<{ name: string; def: EventDefinition }>, base: Partial<ConsumerConfig>, logger: Logger): Promise<void> {
  const { jsm } = opts.nats;
  const description = laneDescription(opts.durable);
  const names = new Set(lanes.map((l) => l.name));
  const existing = await consumersOf(jsm, opts.stream, opts.durable);
  const earlier = existing.filter((c) => !names.has(c.name));
  const readsSubject = (c: ConsumerInfo, subject: string) => {
    const filters = [...(c.config.filter_subject ? [c.config.filter_subject] : []), ...(c.config.filter_subjects ?? [])];
    return filters.length === 0 || filters.includes(subject);
  };
  const update = (lane: { name: string; def: EventDefinition }) =>
    jsm.consumers.update(opts.stream, lane.name, { max_deliver: base.max_deliver, ack_wait: base.ack_wait, filter_subject: lane.def.subject, description });

  for (const lane of lanes) {
    if (existing.some((c) => c.name === lane.name)) {
      // Also narrows the filter of a durable that read more (updatable on 2.9 and later), keeping its position.
      await update(lane);
      continue;
    }
    const before = earlier.filter((c) => readsSubject(c, lane.def.subject));
    const config: Partial<ConsumerConfig> = { ...base, durable_name: lane.name, filter_subject: lane.def.subject, description };
    if (before.length > 0) {
      config.deliver_policy = DeliverPolicy.StartSequence;
      config.opt_start_seq = Math.min(...before.map((c) => c.ack_floor.stream_seq)) + 1;
    }
    try {
      await jsm.consumers.add(opts.stream, config);
      logger.info({ lane: lane.name, subject: lane.def.subject, startSeq: config.opt_start_seq ?? 1 }, 'consumer lane created');
    } catch (err) {
      // Another replica created it first (perhaps from another start): use that one.
      const created = await jsm.consumers.info(opts.stream, lane.name).then(
        () => true,
        (infoErr: unknown) => (isConsumerNotFound(infoErr) ? false : Promise.reject(infoErr)),
      );
      if (!created) throw err;
      await update(lane);
    }
  }
  for (const old of earlier) {
    await jsm.consumers.delete(opts.stream, old.name).catch((err: unknown) => (isConsumerNotFound(err) ? false : Promise.reject(err)));
    logger.info({ removed: old.name, filter: old.config.filter_subject || '(whole stream)' }, 'earlier durable of this consumer removed: its lanes took over');
  }
}

class AlreadyHandled extends Error {}

type Plumbing = Awaited<ReturnType<typeof consumerPlumbing>>;

/**
 * What both kinds of consumer share: the configuration checked, the lanes (one filtered durable per handled event)
 * created or updated on the stream (waiting, bounded, while NATS does not answer), the dead letters of events the
 * consumer does not handle removed, the max-deliveries advisory logged, the dead-letter copy, and a message's
 * validation.
 */
async function consumerPlumbing(opts: ConsumerOptions, defs: EventDefinition[]) {
  const logger = opts.logger.child({ component: 'consumer', stream: opts.stream, durable: opts.durable });
  checkDefs(opts.stream, opts.durable, defs);
  const maxDeliver = opts.maxDeliver ?? 8;
  const backoff = opts.backoffMs ?? [1_000, 5_000, 15_000, 30_000, 60_000];
  const processed = processedModel(opts.connection);
  await processed.createIndexes();
  const base: Partial<ConsumerConfig> = {
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: maxDeliver,
    ack_wait: nanos(opts.ackWaitMs ?? 30_000),
  };
  const laneDefs = consumerLanes(opts.durable, defs);
  const lanes = await whileNatsUnavailable(
    `consumer ${opts.durable}`,
    async () => {
      await setUpLanes(opts, laneDefs, base, logger);
      return Promise.all(laneDefs.map(async (lane) => ({ ...lane, consumer: await opts.nats.js.consumers.get(opts.stream, lane.name) })));
    },
    { logger },
  );

  // Dead letters of events this consumer never handles (the whole stream reached it before it had lanes) were never
  // failures: they go. Real failures stay. A failure here costs only the clean-up, not the start.
  const subjects = new Set(defs.map((d) => d.subject));
  try {
    const { scanned, removed } = await removeDeadLetters(
      opts.nats.jsm,
      opts.stream,
      opts.durable,
      (m) => UNKNOWN_EVENT_REASON.test(m.header.get('Cp-Reason')) && !subjects.has(m.header.get('Cp-Original-Subject')),
      { max: DEAD_LETTER_SCAN_MAX },
    );
    if (removed > 0) logger.info({ removed, scanned }, 'dead letters of events this consumer does not handle removed');
    if (scanned >= DEAD_LETTER_SCAN_MAX) logger.warn({ scanned }, 'dead letters: only the oldest were looked at for events this consumer does not handle');
  } catch (err) {
    logger.warn({ err: String(err) }, 'dead letters of events this consumer does not handle: clean-up failed');
  }

  const advisories = lanes.map((lane) => opts.nats.nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${opts.stream}.${lane.name}`));
  for (const advisory of advisories) {
    void (async () => {
      for await (const m of advisory) logger.warn({ advisory: m.string() }, 'message reached max deliveries');
    })();
  }

  const deadLetter = async (msg: JsMsg, reason: string) => {
    const h = headers();
    h.set('Cp-Reason', reason.slice(0, 1000));
    h.set('Cp-Original-Subject', msg.subject);
    h.set('Cp-Stream-Seq', String(msg.seq));
    h.set('Cp-Deliveries', String(msg.info.deliveryCount));
    await opts.nats.js.publish(deadLetterSubject(opts.stream, opts.durable), msg.data, { headers: h, msgID: `${opts.durable}:${opts.stream}:${msg.seq}` });
    // No reason on the +TERM: nats-server 2.9 takes only a bare "+TERM" (a "+TERM <reason>" is ignored there, and the
    // message stays unacknowledged until its deliveries run out). The reason is in the dead letter's Cp-Reason header.
    msg.term();
    logger.error({ subject: msg.subject, seq: msg.seq, reason }, 'message dead-lettered');
  };

  /**
   * The message's event, validated against the contracts (its lane's definition: a lane receives only its subject);
   * an invalid one is dead-lettered (it will never succeed).
   */
  const parse = async (msg: JsMsg, def: EventDefinition): Promise<EventEnvelope | null> => {
    let raw: unknown;
    try {
      raw = msg.json();
    } catch {
      await deadLetter(msg, 'payload is not JSON');
      return null;
    }
    const parsed = parseEvent(raw, [def]);
    if (!parsed.ok) {
      await deadLetter(msg, parsed.reason);
      return null;
    }
    return parsed.event;
  };

  /** A handler failed on `msg`: redelivered after a backoff, or dead-lettered once it failed `maxDeliver` times. */
  const failed = async (msg: JsMsg, err: unknown, eventId?: string) => {
    const count = msg.info.deliveryCount;
    if (count >= maxDeliver) return deadLetter(msg, `handler failed ${count} times: ${String(err)}`);
    const delay = backoff[Math.min(count - 1, backoff.length - 1)] ?? 1_000;
    logger.warn({ err: String(err), eventId, deliveryCount: count, retryInMs: delay }, 'handler failed, will retry');
    msg.nak(delay);
  };

  /** Keyed by the consumer's name, not its lane's: a change of lanes never applies an event twice. */
  const processedId = (eventId: string) => `${opts.durable}:${eventId}`;
  const unsubscribe = () => advisories.forEach((a) => a.unsubscribe());
  return { logger, backoff, processed, lanes, unsubscribe, parse, failed, processedId };
}

/**
 * A durable pull consumer with explicit acks, reading exactly the events it has handlers for (one filtered JetStream
 * durable per event: consumerLanes; a handler list that names an event twice or an event of another stream fails the
 * start). Each message is validated (envelope and data, with the contracts): invalid ones will never succeed, so they
 * are terminated and copied to the dead-letter stream. Valid ones run their handler in a MongoDB transaction together
 * with the "processed" record, so a duplicate delivery (redelivery, or the same event published twice) has no second
 * effect. Failures are redelivered with backoff up to `maxDeliver` times, then dead-lettered. Events of one type come
 * in stream order (but for retries); there is no order between the types of one consumer. Creating or updating the
 * durables waits (bounded) while NATS does not answer.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const p = await consumerPlumbing(opts, opts.handlers.map((h) => h.def));
  const { logger, processed, backoff } = p;

  // In the trace of the request whose change published it (the message's headers; telemetry/trace.ts).
  const handleOne = (msg: JsMsg, handler: EventHandler) => withConsumerSpan(opts.durable, msg, { 'messaging.message.id': msg.headers?.get('Nats-Msg-Id') ?? '' }, () => handleTraced(msg, handler));
  const handleTraced = async (msg: JsMsg, handler: EventHandler) => {
    const event = await p.parse(msg, handler.def);
    if (!event) return;
    const session = await opts.connection.startSession();
    try {
      await session.withTransaction(async () => {
        try {
          await processed.create([{ _id: p.processedId(event.id), consumer: opts.durable, eventId: event.id, type: event.type, processedAt: new Date() }], { session });
        } catch (err) {
          if (isDuplicateKey(err)) throw new AlreadyHandled();
          throw err;
        }
        await handler.handle(event as never, { session, deliveryCount: msg.info.deliveryCount });
      });
      msg.ack();
    } catch (err) {
      if (err instanceof AlreadyHandled) {
        logger.debug({ eventId: event.id }, 'duplicate delivery ignored');
        msg.ack();
        return;
      }
      await p.failed(msg, err, event.id);
    } finally {
      await session.endSession();
    }
  };

  const running = await Promise.all(
    p.lanes.map(async (lane, i) => {
      const handler = opts.handlers[i]!;
      const messages = await lane.consumer.consume({ max_messages: 64 });
      const loop = (async () => {
        for await (const msg of messages) {
          try {
            await handleOne(msg, handler);
          } catch (err) {
            logger.error({ err, lane: lane.name }, 'unexpected consumer error');
            msg.nak(backoff[0] ?? 1_000);
          }
        }
      })();
      return { messages, loop };
    }),
  );

  return {
    async stop() {
      p.unsubscribe();
      await Promise.all(running.map((r) => r.messages.close()));
      await Promise.all(running.map((r) => r.loop));
    },
  };
}

export interface BatchConsumerOptions extends Omit<ConsumerOptions, 'handlers'> {
  /** The events this consumer folds: each once, all of this stream's; the consumer reads exactly these. */
  defs: EventDefinition[];
  /**
   * Applies a batch of new events (never one applied before) in one MongoDB transaction, with their processed records.
   * Must not throw for an event it cannot use (e.g. its ad is gone): skip it, or the batch is retried one by one.
   */
  handle(events: EventEnvelope[], session: ClientSession): Promise<void>;
  /** The most messages in one batch (one transaction). */
  batchSize?: number;
  /** The longest an event waits for its batch to start when fewer than batchSize arrive. */
  waitMs?: number;
}

/**
 * A durable pull consumer that applies events in batches, each exactly once: up to `batchSize` messages are fetched,
 * validated (invalid ones dead-lettered), and in one MongoDB transaction the ones already applied (a processed record
 * exists: a redelivery, a re-publish) are left out, the processed records of the others are inserted and `handle`
 * applies them; only after the commit are the messages acked. A crash before the commit applies nothing (they come
 * again); a crash after it acks nothing (they come again and are found processed). A batch whose transaction fails
 * is retried one message at a time, so one bad event is redelivered and dead-lettered alone. Like startConsumer it
 * reads exactly its events, one lane per event: a batch holds events of one type.
 */
export async function startBatchConsumer(opts: BatchConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const p: Plumbing = await consumerPlumbing({ ...opts, handlers: [] }, opts.defs);
  const running = await Promise.all(p.lanes.map((lane) => runBatchLane(opts, p, lane)));
  return {
    async stop() {
      p.unsubscribe();
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}

async function runBatchLane(opts: BatchConsumerOptions, p: Plumbing, lane: Plumbing['lanes'][number]): Promise<{ stop(): Promise<void> }> {
  const { logger, processed } = p;
  const batchSize = opts.batchSize ?? 500;
  const waitMs = opts.waitMs ?? 200;

  /** Applies the events of `batch` not applied before, in one transaction; throws when the transaction fails. */
  const apply = async (batch: Array<{ msg: JsMsg; event: EventEnvelope }>) => {
    const session = await opts.connection.startSession();
    try {
      await session.withTransaction(async () => {
        const ids = batch.map((b) => p.processedId(b.event.id));
        const seen = new Set((await processed.collection.find({ _id: { $in: ids } } as never, { projection: { _id: 1 }, session }).toArray()).map((d) => String(d._id)));
        const fresh = new Map<string, EventEnvelope>();
        for (const { event } of batch) if (!seen.has(p.processedId(event.id))) fresh.set(event.id, event);
        if (fresh.size === 0) return;
        const now = new Date();
        await processed.insertMany(
          [...fresh.values()].map((e) => ({ _id: p.processedId(e.id), consumer: opts.durable, eventId: e.id, type: e.type, processedAt: now })),
          { session },
        );
        await opts.handle([...fresh.values()], session);
      });
    } finally {
      await session.endSession();
    }
  };

  const handleBatch = async (msgs: JsMsg[]) => {
    const batch: Array<{ msg: JsMsg; event: EventEnvelope }> = [];
    for (const msg of msgs) {
      const event = await p.parse(msg, lane.def);
      if (event) batch.push({ msg, event });
    }
    if (batch.length === 0) return;
    // One span per message in its own trace, and the batch's work in a span linked to them all (telemetry/trace.ts).
    const spans = startMessageSpans(opts.durable, batch.map((b) => b.msg));
    try {
      await withBatchSpan(opts.durable, batch.map((b) => b.msg), () => apply(batch));
      for (const { msg } of batch) msg.ack();
      spans.end();
    } catch (err) {
      spans.end(err);
      if (batch.length === 1) return p.failed(batch[0]!.msg, err, batch[0]!.event.id);
      logger.warn({ err: String(err), size: batch.length, lane: lane.name }, 'batch failed, applying its events one by one');
      for (const one of batch) {
        try {
          await apply([one]);
          one.msg.ack();
        } catch (oneErr) {
          await p.failed(one.msg, oneErr, one.event.id);
        }
      }
    }
  };

  // Messages flow in continuously (a pull consumer kept topped up to 2 batches); a batch is whatever has arrived,
  // taken when it is full or waitMs after the last batch began, so a quiet stream's event waits at most waitMs.
  const messages = await lane.consumer.consume({ max_messages: batchSize * 2 });
  let pending: JsMsg[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const receiving = (async () => {
    for await (const msg of messages) {
      pending.push(msg);
      if (pending.length >= batchSize) wake?.();
    }
    ended = true;
    wake?.();
  })();
  let stopping = false;
  const loop = (async () => {
    while (!stopping && !ended) {
      if (pending.length < batchSize) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, waitMs);
        });
        wake = undefined;
      }
      const batch = pending.splice(0, batchSize);
      if (batch.length === 0) continue;
      try {
        await handleBatch(batch);
      } catch (err) {
        logger.error({ err, lane: lane.name }, 'unexpected batch consumer error');
        for (const msg of batch) msg.nak(p.backoff[0] ?? 1_000);
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await messages.close();
      await receiving;
      // Whatever arrived after the last batch is left unacked: it is redelivered to the next consumer.
      pending = [];
    },
  };
}
