import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import type { z } from 'zod';
import { eventDomain, eventStream, makeEvent, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import { trusted } from '../mongo.ts';

/** An event waiting to be (or already) published, written in the same transaction as the change it describes. */
export interface OutboxDoc {
  _id: string; // the event id, also the Nats-Msg-Id
  type: string;
  version: number;
  subject: string;
  /** The JetStream stream the subject belongs to (eventStream): the relay keeps each stream in write order. */
  stream: string;
  occurredAt: Date;
  data: unknown;
  status: 'pending' | 'published';
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lockedBy: string | null;
  publishedAt?: Date;
  lastError?: string;
}

const PUBLISHED_RETENTION_S = 7 * 24 * 60 * 60;

const outboxSchema = new Schema<OutboxDoc>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    version: { type: Number, required: true },
    subject: { type: String, required: true },
    stream: { type: String, required: true },
    occurredAt: { type: Date, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: ['pending', 'published'], required: true, default: 'pending' },
    attempts: { type: Number, required: true, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    lockedUntil: { type: Date, default: null },
    lockedBy: { type: String, default: null },
    publishedAt: Date,
    lastError: String,
  },
  { collection: 'outbox', versionKey: false, minimize: false },
);
// What the relay claims: the streams with pending entries, and the oldest pending entry of each (write order).
outboxSchema.index({ status: 1, stream: 1, occurredAt: 1, _id: 1 });
// Published entries are kept a week for inspection, then expire.
outboxSchema.index({ publishedAt: 1 }, { expireAfterSeconds: PUBLISHED_RETENTION_S });

export function outboxModel(conn: Connection): Model<OutboxDoc> {
  return (conn.models.OutboxEvent as Model<OutboxDoc> | undefined) ?? conn.model<OutboxDoc>('OutboxEvent', outboxSchema);
}

/**
 * Gives pending entries written before entries named their stream (their event type's domain) the stream, so the relay
 * sees them. Idempotent; the relay runs it once before its first publish.
 */
export async function backfillOutboxStreams(model: Model<OutboxDoc>): Promise<void> {
  const missing = await model.find({ status: 'pending', stream: trusted({ $exists: false }) }, { type: 1 }).lean<Array<Pick<OutboxDoc, '_id' | 'type'>>>().exec();
  if (missing.length === 0) return;
  await model.bulkWrite(
    missing.map((entry) => ({ updateOne: { filter: { _id: entry._id }, update: { $set: { stream: eventStream(eventDomain(entry.type)).name } } } })),
  );
}

/** Writes events into the outbox inside the caller's transaction. */
export type Emit = <D extends EventDefinition>(def: D, data: z.input<D['data']>) => Promise<EventEnvelope<z.output<D['data']>>>;

export function outboxEmitter(conn: Connection, session: ClientSession): Emit {
  const model = outboxModel(conn);
  return async (def, data) => {
    const event = makeEvent(def, data);
    await model.create(
      [
        {
          _id: event.id,
          type: event.type,
          version: event.version,
          subject: def.subject,
          stream: eventStream(def.domain).name,
          occurredAt: new Date(event.occurredAt),
          data: event.data,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(event.occurredAt),
          lockedUntil: null,
          lockedBy: null,
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
