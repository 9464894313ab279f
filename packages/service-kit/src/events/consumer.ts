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

/**
 * A durable pull consumer with explicit acks. Each message is validated (envelope and data, with the contracts):
 * invalid ones will never succeed, so they are terminated and copied to the dead-letter stream. Valid ones run their
 * handler in a MongoDB transaction together with the "processed" record, so a duplicate delivery (redelivery, or the
 * same event published twice) has no second effect. Failures are redelivered with backoff up to `maxDeliver` times,
 * then dead-lettered. Creating or updating the consumer waits (bounded) while NATS does not answer.
 */
export async function startConsumer(opts: ConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const logger = opts.logger.child({ component: 'consumer', stream: opts.stream, durable: opts.durable });
  const maxDeliver = opts.maxDeliver ?? 8;
  const backoff = opts.backoffMs ?? [1_000, 5_000, 15_000, 30_000, 60_000];
  const processed = processedModel(opts.connection);
  await processed.createIndexes();
  const bySubject = new Map(opts.handlers.map((h) => [h.def.subject, h]));
  const defs = opts.handlers.map((h) => h.def);
  const config: Partial<ConsumerConfig> = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: maxDeliver,
    ack_wait: nanos(opts.ackWaitMs ?? 30_000),
  };
  // One subject: a filtered consumer. Several: the whole stream, and messages without a handler are acked
  // (nats-server before 2.10 has no filter_subjects).
  const subjects = opts.filterSubjects ?? [...bySubject.keys()];
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

  const handleOne = async (msg: JsMsg) => {
    let raw: unknown;
    try {
      raw = msg.json();
    } catch {
      return deadLetter(msg, 'payload is not JSON');
    }
    const parsed = parseEvent(raw, defs);
    if (!parsed.ok) return deadLetter(msg, parsed.reason);
    const handler = bySubject.get(msg.subject);
    if (!handler) {
      msg.ack();
      return;
    }
    const event = parsed.event;
    const session = await opts.connection.startSession();
    try {
      await session.withTransaction(async () => {
        try {
          await processed.create([{ _id: `${opts.durable}:${event.id}`, consumer: opts.durable, eventId: event.id, type: event.type, processedAt: new Date() }], { session });
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
      const count = msg.info.deliveryCount;
      if (count >= maxDeliver) return deadLetter(msg, `handler failed ${count} times: ${String(err)}`);
      const delay = backoff[Math.min(count - 1, backoff.length - 1)] ?? 1_000;
      logger.warn({ err: String(err), eventId: event.id, deliveryCount: count, retryInMs: delay }, 'handler failed, will retry');
      msg.nak(delay);
    } finally {
      await session.endSession();
    }
  };

  const messages = await consumer.consume({ max_messages: 64 });
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
      advisory.unsubscribe();
      await messages.close();
      await loop;
    },
  };
}
