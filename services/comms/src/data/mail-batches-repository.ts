import { randomUUID } from 'node:crypto';
import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { MongoRepository, optional, storedSchema } from '@cp/service-kit';

/**
 * A mail batch: the items (forum replies, ...) of one kind for one recipient about one subject (a post) that one mail
 * will list. `open` while it collects (one open batch per key, a partial unique index); due at `dueAt`; `sending` once
 * a sender claimed it (committed before the mail goes out, a lease until `leaseUntil`), then `sent`, or `skipped`
 * (nobody to write to). A mail server that refused it makes it `retrying` (its items frozen: every attempt is the same
 * message) until `dueAt`, or `failed` after the last attempt (kept, for an operator).
 */
export type MailBatchState = 'open' | 'sending' | 'retrying' | 'sent' | 'skipped' | 'failed';

export interface MailBatchKey {
  kind: string;
  recipientId: string;
  subjectKey: string;
}

export interface MailBatchDoc extends MailBatchKey {
  _id: string;
  state: MailBatchState;
  /** Items appended (each item's `seq` is its place: 1, 2, ...). */
  itemCount: number;
  openedAt: Date;
  /** When it is to be sent: the opening + the kind's window; after a refusal, the next attempt's time. */
  dueAt: Date;
  /** Claims so far (a sender's claim, or a dead sender's taken over). */
  attempts: number;
  /** The current claim's token and its lease (while `sending`). */
  claimId?: string | undefined;
  leaseUntil?: Date | undefined;
  sentAt?: Date | undefined;
  /** Why it was skipped, or the last failure. */
  reason?: string | undefined;
  /** Set when it is done (sent, skipped): the TTL index removes it, and its items, after that. */
  expireAt?: Date | undefined;
}

/** One item of a batch. `_id` is `<kind>:<item id>` (a reply's id): an item joins at most one batch, once. */
export interface MailBatchItemDoc {
  _id: string;
  batchId: string;
  seq: number;
  at: Date;
  /** What the kind's mail shows of it (validated by the kind's schema when read). */
  data: Record<string, unknown>;
  expireAt?: Date | undefined;
}

const batchSchema = storedSchema<MailBatchDoc>('mail_batches', {
  _id: String,
  kind: String,
  recipientId: String,
  subjectKey: String,
  state: String,
  itemCount: Number,
  openedAt: Date,
  dueAt: Date,
  attempts: Number,
  claimId: optional(String),
  leaseUntil: optional(Date),
  sentAt: optional(Date),
  reason: optional(String),
  expireAt: optional(Date),
});
// One open batch per key: concurrent appends of one key meet here (a write conflict, retried) instead of opening two.
batchSchema.index({ kind: 1, recipientId: 1, subjectKey: 1 }, { unique: true, partialFilterExpression: { state: 'open' }, name: 'one_open_batch_per_key' });
// The sender's queries: due batches, dead senders' claims, the last mail of a key.
batchSchema.index({ state: 1, dueAt: 1 });
batchSchema.index({ state: 1, leaseUntil: 1 });
batchSchema.index({ kind: 1, recipientId: 1, subjectKey: 1, sentAt: -1 });
batchSchema.index({ expireAt: 1 }, { expireAfterSeconds: 0 });

const itemSchema = storedSchema<MailBatchItemDoc>('mail_batch_items', {
  _id: String,
  batchId: String,
  seq: Number,
  at: Date,
  data: { type: Schema.Types.Mixed, required: true },
  expireAt: optional(Date),
});
itemSchema.index({ batchId: 1, seq: 1 });
itemSchema.index({ expireAt: 1 }, { expireAfterSeconds: 0 });

/** How long a done batch and its items are kept (an item's id also keeps a late duplicate of it out of new batches). */
export const DONE_BATCH_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export class MailBatchesRepository extends MongoRepository<MailBatchDoc> {
  readonly items: Model<MailBatchItemDoc>;

  constructor(conn: Connection) {
    super(conn, 'MailBatch', batchSchema);
    this.items = (conn.models.MailBatchItem as Model<MailBatchItemDoc> | undefined) ?? conn.model<MailBatchItemDoc>('MailBatchItem', itemSchema);
  }

  /**
   * The batches not yet mailed, per kind (issue 36's "mail batches waiting"): those collecting items or waiting for a
   * retry or being sent, and how many of them are past their time (`overdue`: the sender is behind or failing). The
   * kinds are the code's own (a closed set), so is the answer's size; read through the (state, dueAt) index.
   */
  async waitingByKind(now: Date): Promise<Array<{ kind: string; waiting: number; overdue: number }>> {
    const rows = await this.model
      .aggregate<{ _id: string; waiting: number; overdue: number }>([
        { $match: { state: { $in: ['open', 'retrying', 'sending'] } } },
        { $group: { _id: '$kind', waiting: { $sum: 1 }, overdue: { $sum: { $cond: [{ $lt: ['$dueAt', now] }, 1, 0] } } } },
      ])
      .exec();
    return rows.map((r) => ({ kind: r._id, waiting: r.waiting, overdue: r.overdue }));
  }

  override async init(): Promise<void> {
    await super.init();
    await this.items.createCollection();
    await this.items.createIndexes();
  }

  /**
   * Appends an item to the open batch of its key, opening one (due at `at + windowMs`) when none is open; in the
   * caller's transaction. An item already stored (in this batch or an earlier one) adds nothing: 'duplicate'.
   * The open batch's document is written first: a sender claiming it at the same time waits for this transaction (or
   * makes it retry), so an item never joins a batch that is already being sent.
   */
  async append(key: MailBatchKey, item: { id: string; data: Record<string, unknown> }, at: Date, windowMs: number, session: ClientSession): Promise<{ outcome: 'added' | 'duplicate'; batchId?: string }> {
    const itemId = `${key.kind}:${item.id}`;
    if (await this.items.collection.findOne({ _id: itemId } as never, { session, projection: { _id: 1 } })) return { outcome: 'duplicate' };
    const batch = await this.model.collection.findOneAndUpdate(
      { ...key, state: 'open' } as never,
      {
        $inc: { itemCount: 1 },
        $setOnInsert: { _id: randomUUID(), openedAt: at, dueAt: new Date(at.getTime() + windowMs), attempts: 0 },
      } as never,
      { upsert: true, returnDocument: 'after', session },
    );
    const doc = batch as unknown as MailBatchDoc;
    await this.items.collection.insertOne({ _id: itemId, batchId: doc._id, seq: doc.itemCount, at, data: item.data } as never, { session });
    return { outcome: 'added', batchId: doc._id };
  }

  /**
   * Drops the batch of `key` still waiting (open, or retrying: not being sent) as `skipped` with `reason`, in the
   * caller's transaction (the unread-message mail of a conversation its recipient read meanwhile). True when one was.
   */
  async skipWaiting(key: MailBatchKey, reason: string, at: Date, session: ClientSession): Promise<boolean> {
    const waiting = (await this.model.collection.find({ ...key, state: { $in: ['open', 'retrying'] } } as never, { session, projection: { _id: 1 } }).toArray()) as unknown as Array<{ _id: string }>;
    if (waiting.length === 0) return false;
    const ids = waiting.map((b) => b._id);
    const expireAt = new Date(at.getTime() + DONE_BATCH_KEPT_MS);
    await this.model.collection.updateMany({ _id: { $in: ids }, state: { $in: ['open', 'retrying'] } } as never, { $set: { state: 'skipped', reason, expireAt } } as never, { session });
    await this.items.collection.updateMany({ batchId: { $in: ids } } as never, { $set: { expireAt } } as never, { session });
    return true;
  }

  override async findById(id: string): Promise<MailBatchDoc | null> {
    return this.model.collection.findOne({ _id: id } as never) as Promise<MailBatchDoc | null>;
  }

  /**
   * The batch of one of `kinds` that is due first at `now`: open or retrying past `dueAt`, or a claim whose lease ran
   * out (its sender died). A kind this replica does not know waits for one that does.
   */
  nextDue(now: Date, kinds: string[]): Promise<MailBatchDoc | null> {
    return this.model.collection.findOne(
      { kind: { $in: kinds }, $or: [{ state: { $in: ['open', 'retrying'] }, dueAt: { $lte: now } }, { state: 'sending', leaseUntil: { $lte: now } }] } as never,
      { sort: { dueAt: 1 } },
    ) as Promise<MailBatchDoc | null>;
  }

  /**
   * Claims a batch found due (committed at once, outside any transaction): one conditional update on the state it was
   * found in, so of two senders exactly one gets it. Null when another sender took it or it changed meanwhile.
   */
  async claim(found: MailBatchDoc, now: Date, leaseMs: number): Promise<MailBatchDoc | null> {
    const still = found.state === 'sending' ? { state: 'sending', claimId: found.claimId, leaseUntil: { $lte: now } } : { state: found.state, dueAt: { $lte: now } };
    const claimed = await this.model.collection.findOneAndUpdate(
      { _id: found._id, ...still } as never,
      { $set: { state: 'sending', claimId: randomUUID(), leaseUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } } as never,
      { returnDocument: 'after' },
    );
    return claimed as unknown as MailBatchDoc | null;
  }

  /** Moves a batch found due to a later `dueAt` (nothing else changes); false when it changed meanwhile. */
  async postpone(found: MailBatchDoc, until: Date): Promise<boolean> {
    const res = await this.model.collection.updateOne({ _id: found._id, state: found.state, dueAt: found.dueAt } as never, { $set: { dueAt: until } } as never);
    return res.modifiedCount === 1;
  }

  /** When the last mail of a key went out, if one did after `since`. */
  async lastSentAfter(key: MailBatchKey, since: Date): Promise<Date | null> {
    const doc = await this.model.collection.findOne({ ...key, state: 'sent', sentAt: { $gt: since } } as never, { sort: { sentAt: -1 }, projection: { sentAt: 1 } });
    return (doc as { sentAt?: Date } | null)?.sentAt ?? null;
  }

  /** The first `limit` items of a batch, in the order they joined. */
  listItems(batchId: string, limit: number): Promise<MailBatchItemDoc[]> {
    return this.items.collection.find({ batchId } as never, { sort: { seq: 1 }, limit }).toArray() as unknown as Promise<MailBatchItemDoc[]>;
  }

  /** Marks a claimed batch sent or skipped (whoever's claim it is now: the mail went out) and lets it and its items expire. */
  async finish(batchId: string, state: 'sent' | 'skipped', now: Date, reason?: string): Promise<void> {
    const expireAt = new Date(now.getTime() + DONE_BATCH_KEPT_MS);
    await this.items.collection.updateMany({ batchId } as never, { $set: { expireAt } } as never);
    await this.model.collection.updateOne(
      { _id: batchId, state: 'sending' } as never,
      { $set: { state, expireAt, ...(state === 'sent' ? { sentAt: now } : {}), ...(reason ? { reason } : {}) }, $unset: { claimId: '', leaseUntil: '' } } as never,
    );
  }

  /**
   * Gives a claim back after a failed attempt: `retrying` until `retryAt`, or `failed` when `retryAt` is null (no
   * attempt left). Only this claim's: a claim taken over since then is left alone. False when nothing changed.
   */
  async release(batchId: string, claimId: string, retryAt: Date | null, reason: string): Promise<boolean> {
    const res = await this.model.collection.updateOne(
      { _id: batchId, state: 'sending', claimId } as never,
      { $set: { state: retryAt ? 'retrying' : 'failed', reason: reason.slice(0, 500), ...(retryAt ? { dueAt: retryAt } : {}) }, $unset: { claimId: '', leaseUntil: '' } } as never,
    );
    return res.modifiedCount === 1;
  }

  find(batchId: string): Promise<MailBatchDoc | null> {
    return this.model.collection.findOne({ _id: batchId } as never) as Promise<MailBatchDoc | null>;
  }

  /** The batches of a key, oldest first (tests, operators). Bounded. */
  listByKey(key: MailBatchKey, limit = 100): Promise<MailBatchDoc[]> {
    return this.model.collection.find({ ...key } as never, { sort: { openedAt: 1 }, limit }).toArray() as unknown as Promise<MailBatchDoc[]>;
  }
}
