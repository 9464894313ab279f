import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { headers, nanos } from '@nats-io/nats-core';
import { AckPolicy, DeliverPolicy, type ConsumerConfig, type JsMsg } from '@nats-io/jetstream';
import { parseEvent, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { deadLetterSubject, whileNatsUnavailable, type NatsHandle } from '../nats.ts';
import { isDuplicateKey } from '../errors.ts';

/** "Event X was handled by consumer Y", recorded in the same transaction as the handler's side effect. */
interface ProcessedDoc {
  _id: string; // `${consumer}:${eventId}`
  consumer: string;
  eventId: string;
  type: string;
  processedAt: Date;
}
const processedSchema = new Schema<ProcessedDoc>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { collection: 'processed_events', versionKey: false },
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
  durable: string;
  handlers: EventHandler[];
  /** Defaults to the handlers' subjects. */
  filterSubjects?: string[];
  maxDeliver?: number;
  /** Wait before each redelivery after a failure (the last value repeats). */
  backoffMs?: number[];
  ackWaitMs?: number;
  logger: Logger;
}


class AlreadyHandled extends Error {}

type Plumbing = Awaited<ReturnType<typeof consumerPlumbing>>;

/**
 * What both kinds of consumer share: the durable consumer created or updated on the stream (waiting, bounded, while NATS
 * does not answer), the max-deliveries advisory logged, the dead-letter copy, and a message's validation.
 */
async function consumerPlumbing(opts: ConsumerOptions, defs: EventDefinition[], subjects: string[]) {
  const logger = opts.logger.child({ component: 'consumer', stream: opts.stream, durable: opts.durable });
  const maxDeliver = opts.maxDeliver ?? 8;
  const backoff = opts.backoffMs ?? [1_000, 5_000, 15_000, 30_000, 60_000];
  const processed = processedModel(opts.connection);
  await processed.createIndexes();
  const config: Partial<ConsumerConfig> = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: maxDeliver,
    ack_wait: nanos(opts.ackWaitMs ?? 30_000),
  };
  // One subject: a filtered consumer. Several: the whole stream, and messages without a handler are acked
  // (nats-server before 2.10 has no filter_subjects).
  if (subjects.length === 1) config.filter_subject = subjects[0];
  const consumer = await whileNatsUnavailable(
    `consumer ${opts.durable}`,
    async () => {
      try {
        await opts.nats.jsm.consumers.info(opts.stream, opts.durable);
        await opts.nats.jsm.consumers.update(opts.stream, opts.durable, { max_deliver: config.max_deliver, ack_wait: config.ack_wait, ...(config.filter_subject ? { filter_subject: config.filter_subject } : {}) });
      } catch (err) {
        if (!/consumer not found/i.test(String(err)) && (err as { name?: string }).name !== 'ConsumerNotFoundError') throw err;
        await opts.nats.jsm.consumers.add(opts.stream, config);
      }
      return opts.nats.js.consumers.get(opts.stream, opts.durable);
    },
    { logger },
  );

  const advisory = opts.nats.nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${opts.stream}.${opts.durable}`);
  void (async () => {
    for await (const m of advisory) logger.warn({ advisory: m.string() }, 'message reached max deliveries');
  })();

  const deadLetter = async (msg: JsMsg, reason: string) => {
    const h = headers();
    h.set('Cp-Reason', reason.slice(0, 1000));
    h.set('Cp-Original-Subject', msg.subject);
    h.set('Cp-Stream-Seq', String(msg.seq));
    h.set('Cp-Deliveries', String(msg.info.deliveryCount));
    await opts.nats.js.publish(deadLetterSubject(opts.stream, opts.durable), msg.data, { headers: h, msgID: `${opts.durable}:${opts.stream}:${msg.seq}` });
    msg.term(reason.slice(0, 200));
    logger.error({ subject: msg.subject, seq: msg.seq, reason }, 'message dead-lettered');
  };

  /** The message's event, validated against the contracts; an invalid one is dead-lettered (it will never succeed). */
  const parse = async (msg: JsMsg): Promise<EventEnvelope | null> => {
    let raw: unknown;
    try {
      raw = msg.json();
    } catch {
      await deadLetter(msg, 'payload is not JSON');
      return null;
    }
    const parsed = parseEvent(raw, defs);
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

  const processedId = (eventId: string) => `${opts.durable}:${eventId}`;
  return { logger, backoff, processed, consumer, advisory, parse, failed, processedId };
}

/**
 * A durable pull consumer with explicit acks. Each message is validated (envelope and data, with the contracts):
 * invalid ones will never succeed, so they are terminated and copied to the dead-letter stream. Valid ones run their
 * handler in a MongoDB transaction together with the "processed" record, so a duplicate delivery (redelivery, or the
 * same event published twice) has no second effect. Failures are redelivered with backoff up to `maxDeliver` times,
 * then dead-lettered. Creating or updating the consumer waits (bounded) while NATS does not answer.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const bySubject = new Map(opts.handlers.map((h) => [h.def.subject, h]));
  const p = await consumerPlumbing(opts, opts.handlers.map((h) => h.def), opts.filterSubjects ?? [...bySubject.keys()]);
  const { logger, processed, backoff } = p;

  const handleOne = async (msg: JsMsg) => {
    const event = await p.parse(msg);
    if (!event) return;
    const handler = bySubject.get(msg.subject);
    if (!handler) {
      msg.ack();
      return;
    }
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

  const messages = await p.consumer.consume({ max_messages: 64 });
  const loop = (async () => {
    for await (const msg of messages) {
      try {
        await handleOne(msg);
      } catch (err) {
        logger.error({ err }, 'unexpected consumer error');
        msg.nak(backoff[0] ?? 1_000);
      }
    }
  })();

  return {
    async stop() {
      p.advisory.unsubscribe();
      await messages.close();
      await loop;
    },
  };
}

export interface BatchConsumerOptions extends Omit<ConsumerOptions, 'handlers'> {
  /** The events this consumer folds. */
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
 * is retried one message at a time, so one bad event is redelivered and dead-lettered alone.
 */
export async function startBatchConsumer(opts: BatchConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const p: Plumbing = await consumerPlumbing({ ...opts, handlers: [] }, opts.defs, opts.filterSubjects ?? opts.defs.map((d) => d.subject));
  const { logger, processed } = p;
  const subjects = new Set(opts.defs.map((d) => d.subject));
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
      if (!subjects.has(msg.subject)) {
        msg.ack();
        continue;
      }
      const event = await p.parse(msg);
      if (event) batch.push({ msg, event });
    }
    if (batch.length === 0) return;
    try {
      await apply(batch);
      for (const { msg } of batch) msg.ack();
    } catch (err) {
      if (batch.length === 1) return p.failed(batch[0]!.msg, err, batch[0]!.event.id);
      logger.warn({ err: String(err), size: batch.length }, 'batch failed, applying its events one by one');
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
  const messages = await p.consumer.consume({ max_messages: batchSize * 2 });
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
        logger.error({ err }, 'unexpected batch consumer error');
        for (const msg of batch) msg.nak(p.backoff[0] ?? 1_000);
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      p.advisory.unsubscribe();
      await loop;
      await messages.close();
      await receiving;
      // Whatever arrived after the last batch is left unacked: it is redelivered to the next consumer.
      pending = [];
    },
  };
}
