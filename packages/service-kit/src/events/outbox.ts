import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import type { z } from 'zod';
import { eventDomain, eventStream, makeEvent, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import { trusted } from '../mongo.ts';
import { traceHeaders } from '../telemetry/trace.ts';
import { nullable, optional, storedSchema, withDefault } from '../stored-schema.ts';

/** An event waiting to be (or already) published, written in the same transaction as the change it describes. */
export interface OutboxDoc {
  _id: string; // the event id, also the Nats-Msg-Id
  type: string;
  version: number;
  subject: string;
  /** The JetStream stream the subject belongs to (eventStream): the relay keeps each stream in write order. */
  stream: string;
  /** Write order: strictly increasing within a process (writeOrder), by the clock across processes. */
  seq: number;
  occurredAt: Date;
  data: unknown;
  status: 'pending' | 'published';
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lockedBy: string | null;
  publishedAt?: Date;
  lastError?: string;
  /** The W3C trace context of the request that wrote it (issue 36 §2), carried on to NATS; absent when tracing is off. */
  trace?: Record<string, string>;
}

const PUBLISHED_RETENTION_S = 7 * 24 * 60 * 60;

const outboxSchema = storedSchema<OutboxDoc>(
  'outbox',
  {
    _id: String,
    type: String,
    version: Number,
    subject: String,
    stream: String,
    seq: Number,
    occurredAt: Date,
    data: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: ['pending', 'published'], required: true, default: 'pending' },
    attempts: withDefault(Number, 0),
    nextAttemptAt: Date,
    lockedUntil: nullable(Date),
    lockedBy: nullable(String),
    publishedAt: optional(Date),
    lastError: optional(String),
    trace: { type: Schema.Types.Mixed, default: undefined },
  },
  { strict: true, minimize: false },
);
// What the relay claims: the streams with pending entries, and the oldest pending entry of each (write order).
outboxSchema.index({ status: 1, stream: 1, seq: 1, _id: 1 });
// Published entries are kept a week for inspection, then expire.
outboxSchema.index({ publishedAt: 1 }, { expireAfterSeconds: PUBLISHED_RETENTION_S });

export function outboxModel(conn: Connection): Model<OutboxDoc> {
  return (conn.models.OutboxEvent as Model<OutboxDoc> | undefined) ?? conn.model<OutboxDoc>('OutboxEvent', outboxSchema);
}

let lastSeq = 0;
/**
 * The next write-order number: microseconds since the epoch, strictly increasing within this process even when many
 * events are written in the same millisecond (one transaction often writes several; `occurredAt` has milliseconds).
 * Across processes (replicas) the order is their clocks'; one listing's changes are requests that follow each other.
 */
export function writeOrder(): number {
  lastSeq = Math.max(Date.now() * 1000, lastSeq + 1);
  return lastSeq;
}

/**
 * Gives pending entries written before entries recorded their stream and write order those fields: the stream from
 * their event type's domain, the order from `occurredAt`. Idempotent; the relay runs it once before its first publish.
 */
export async function upgradeOutboxEntries(model: Model<OutboxDoc>): Promise<void> {
  const old = await model
    .find({ status: 'pending', $or: [{ stream: trusted({ $exists: false }) }, { seq: trusted({ $exists: false }) }] }, { type: 1, occurredAt: 1 })
    .lean<Array<Pick<OutboxDoc, '_id' | 'type' | 'occurredAt'>>>()
    .exec();
  if (old.length === 0) return;
  await model.bulkWrite(
    old.map((entry) => ({
      updateOne: { filter: { _id: entry._id }, update: { $set: { stream: eventStream(eventDomain(entry.type)).name, seq: entry.occurredAt.getTime() * 1000 } } },
    })),
  );
}

/** Writes events into the outbox inside the caller's transaction. */
export type Emit = <D extends EventDefinition>(def: D, data: z.input<D['data']>) => Promise<EventEnvelope<z.output<D['data']>>>;

export function outboxEmitter(conn: Connection, session: ClientSession): Emit {
  const model = outboxModel(conn);
  return async (def, data) => {
    const event = makeEvent(def, data);
    const trace = traceHeaders();
    await model.create(
      [
        {
          _id: event.id,
          type: event.type,
          version: event.version,
          subject: def.subject,
          stream: eventStream(def.domain).name,
          seq: writeOrder(),
          occurredAt: new Date(event.occurredAt),
          data: event.data,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(event.occurredAt),
          lockedUntil: null,
          lockedBy: null,
          ...(trace ? { trace } : {}),
        },
      ],
      { session },
    );
    return event;
  };
}

/**
 * Runs `fn` in a MongoDB transaction (retried on transient errors) with an `emit` that writes events to the outbox
 * in the same transaction: the change and its events are stored together or not at all.
 */
export async function runInTransaction<T>(conn: Connection, fn: (session: ClientSession, emit: Emit) => Promise<T>): Promise<T> {
  const session = await conn.startSession();
  try {
    let result: T | undefined;
    await session.withTransaction(async () => {
      result = await fn(session, outboxEmitter(conn, session));
    });
    return result as T;
  } finally {
    await session.endSession();
  }
}
