import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Connection, Model } from 'mongoose';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { outboxModel, upgradeOutboxEntries, type OutboxDoc } from './outbox.ts';
import { trusted } from '../mongo.ts';
import { contextOf, withProducerSpan } from '../telemetry/trace.ts';

export interface OutboxRelayOptions {
  connection: Connection;
  js: JetStreamClient;
  logger: Logger;
  /** Entries of one stream claimed together (the oldest and those right behind it), at most. */
  batchSize?: number;
  /** Fallback polling when no change event arrives (and the retry clock). */
  pollIntervalMs?: number;
  /** How long a claimed entry stays reserved; after that another relay may take it (crash recovery). */
  lockMs?: number;
  /** Upper bound of the wait between attempts. */
  maxBackoffMs?: number;
  publishTimeoutMs?: number;
}

/** Batches per wake-up before the relay yields (and goes on at once). */
const BATCHES_PER_WAKE = 10;
/** Entries no relay holds at `now` (never locked, or their lock expired): the filter and its in-memory twin. */
const unlocked = (now: Date) => ({ $or: [{ lockedUntil: null }, { lockedUntil: trusted({ $lt: now }) }] });
/** Whether an entry read earlier could be claimed at `now`: due, and no relay holds it. */
const claimable = (entry: OutboxDoc, now: Date) => entry.nextAttemptAt <= now && (!entry.lockedUntil || entry.lockedUntil < now);
const jitter = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

/**
 * Publishes outbox entries to JetStream with `Nats-Msg-Id` = event id and marks them published only once the stream
 * acknowledged them. Wakes on a change stream (inserts) with polling as the fallback; backs off exponentially while
 * NATS is unreachable, so events written during an outage are published when it ends. The stream's duplicate window
 * removes the rare duplicate after a crash between publish and mark.
 *
 * Each stream in write order (`seq`, see writeOrder): only the oldest pending entry of a stream is ever claimed,
 * atomically, together with the free entries right behind it (up to batchSize), which are published one after the
 * other. So consumers see a listing's created → updated → deleted in that order even after a failed publish or with
 * several relays (replicas take turns on a stream). The price: an entry whose publish keeps failing holds back the
 * rest of its stream, retried with backoff and logged at each attempt; a relay that crashed while holding entries
 * holds their stream back for `lockMs`.
 */
export class OutboxRelay {
  private readonly model: Model<OutboxDoc>;
  /**
   * This relay's claims (`lockedBy`): the host and process it runs in, then a random part, so an operator (and the
   * chaos suite, which kills the process that holds a batch) sees whose lock an entry carries.
   */
  private readonly id = `${hostname()}/${process.pid}/${randomUUID()}`;
  private readonly opts: Required<Omit<OutboxRelayOptions, 'connection' | 'js' | 'logger'>>;
  private readonly js: JetStreamClient;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private stream: { close(): Promise<void> } | undefined;
  private running = false;
  private draining: Promise<void> | undefined;
  private again = false;
  private upgraded = false;

  constructor(options: OutboxRelayOptions) {
    this.model = outboxModel(options.connection);
    this.js = options.js;
    this.logger = options.logger.child({ component: 'outbox-relay' });
    this.opts = {
      batchSize: options.batchSize ?? 100,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      lockMs: options.lockMs ?? 30_000,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.openChangeStream();
    const tick = () => {
      if (!this.running) return;
      this.wake();
      this.timer = setTimeout(tick, this.opts.pollIntervalMs);
    };
    tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.stream?.close().catch(() => {});
    this.stream = undefined;
    await this.draining;
  }

  /** Publishes what is due now (used by start's triggers; tests may call it). */
  wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.logger.error({ err }, 'outbox drain failed'))
      .finally(() => {
        this.draining = undefined;
        if (this.again && this.running) {
          this.again = false;
          this.wake();
        }
      });
  }

  private openChangeStream(): void {
    try {
      const cs = this.model.watch([{ $match: { operationType: 'insert' } }]);
      cs.on('change', () => this.wake());
      cs.on('error', (err: unknown) => {
        this.logger.warn({ err }, 'outbox change stream failed; polling until it reopens');
        void cs.close().catch(() => {});
        this.stream = undefined;
        setTimeout(() => this.running && this.openChangeStream(), this.opts.pollIntervalMs * 5).unref();
      });
      this.stream = cs;
    } catch (err) {
      this.logger.warn({ err }, 'outbox change stream unavailable; polling');
    }
  }

  /**
   * Locks, for this relay, the oldest pending entry of a stream (write order), or returns null when no stream's oldest
   * entry is ours to publish now: each waits for its retry, or another relay (a replica) holds it. Never an entry
   * behind its stream's oldest: that is what keeps each stream in write order through publish failures, NATS outages
   * and several replicas. The streams are few (a service's domains), and each query walks the claim index.
   */
  private async claim(now: Date): Promise<OutboxDoc | null> {
    const streams = await this.model.distinct('stream', { status: 'pending' }).exec();
    const heads = await Promise.all(
      streams.map((stream) => this.model.findOne({ status: 'pending', stream }).sort({ seq: 1, _id: 1 }).lean<OutboxDoc>().exec()),
    );
    const due = heads
      .filter((head): head is OutboxDoc => head !== null && claimable(head, now))
      .sort((a, b) => a.seq - b.seq);
    for (const head of due) {
      const claimed = await this.model
        .findOneAndUpdate(
          // Still pending and free: another relay may have taken it (or published it) since the read.
          { _id: head._id, status: 'pending', ...unlocked(now) },
          { $set: { lockedUntil: new Date(now.getTime() + this.opts.lockMs), lockedBy: this.id } },
          { returnDocument: 'after' },
        )
        .lean<OutboxDoc>()
        .exec();
      if (claimed) return claimed;
    }
    return null;
  }

  /**
   * The oldest pending entry of a stream (claim) and, locked with it, the free entries right behind it in the same
   * stream, in write order: while the oldest is ours and pending, no other relay claims anything in that stream.
   */
  private async claimBatch(now: Date): Promise<OutboxDoc[]> {
    const head = await this.claim(now);
    if (!head) return [];
    if (this.opts.batchSize <= 1) return [head];
    const behind = await this.model
      .find({ status: 'pending', stream: head.stream, $or: [{ seq: trusted({ $gt: head.seq }) }, { seq: head.seq, _id: trusted({ $gt: head._id }) }] })
      .sort({ seq: 1, _id: 1 })
      .limit(this.opts.batchSize - 1)
      .lean<OutboxDoc[]>()
      .exec();
    // Up to the first that is not free (a relay that crashed holding it) or not due: the batch stays contiguous.
    const free = behind.findIndex((e) => !claimable(e, now));
    const rest = free === -1 ? behind : behind.slice(0, free);
    if (rest.length === 0) return [head];
    const ids = rest.map((e) => e._id);
    const locked = await this.model.updateMany(
      { _id: trusted({ $in: ids }), status: 'pending', ...unlocked(now) },
      { $set: { lockedUntil: head.lockedUntil, lockedBy: this.id } },
    );
    if (locked.modifiedCount === rest.length) return [head, ...rest];
    // Another relay got one of them after all (its lock had just expired): publish the head alone.
    await this.release(ids);
    return [head];
  }

  /** Gives back entries this relay locked and did not publish. */
  private async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.model.updateMany({ _id: trusted({ $in: ids }), lockedBy: this.id, status: 'pending' }, { $set: { lockedUntil: null, lockedBy: null } });
  }

  /**
   * Publishes a claimed batch in order, one acknowledged publish after the other, and marks what was published. Stops
   * at the first failure (that entry waits for its retry, the rest is given back) and before the locks could expire.
   */
  private async publishBatch(batch: OutboxDoc[]): Promise<void> {
    const deadline = Date.now() + this.opts.lockMs / 2;
    const published: string[] = [];
    try {
      for (const entry of batch) {
        if (!this.running || Date.now() > deadline) break;
        const envelope = { id: entry._id, type: entry.type, version: entry.version, occurredAt: entry.occurredAt.toISOString(), data: entry.data };
        try {
          // In the trace of the request that wrote it (a producer span), which the message's headers carry on.
          await withProducerSpan(entry.subject, contextOf(entry.trace), { 'messaging.message.id': entry._id }, async (carry) => {
            await this.js.publish(entry.subject, JSON.stringify(envelope), { msgID: entry._id, timeout: this.opts.publishTimeoutMs, ...carry });
          });
        } catch (err) {
          await this.retryLater(entry, err);
          break;
        }
        published.push(entry._id);
      }
    } finally {
      if (published.length > 0) {
        await this.model.updateMany(
          { _id: trusted({ $in: published }), lockedBy: this.id },
          { $set: { status: 'published', publishedAt: new Date(), lockedUntil: null, lockedBy: null }, $inc: { attempts: 1 } },
        );
      }
      // What was not published: a failed entry is already given back (retryLater), the rest still carries our lock.
      await this.release(batch.slice(published.length).map((e) => e._id));
    }
  }

  /**
   * A failed publish: the entry waits for its retry, and so does the rest of its stream. The wait grows with its
   * attempts, up to maxBackoffMs; it is stored on the entry, so every replica waits too. Other streams go on at once (a
   * stream that does not exist fails alone); when NATS is unreachable they fail too and wait for their own retry.
   */
  private async retryLater(entry: OutboxDoc, err: unknown): Promise<void> {
    const attempts = entry.attempts + 1;
    const delay = jitter(Math.min(this.opts.maxBackoffMs, 250 * 2 ** Math.min(attempts, 16)));
    await this.model.updateOne(
      { _id: entry._id, lockedBy: this.id },
      { $set: { nextAttemptAt: new Date(Date.now() + delay), lockedUntil: null, lockedBy: null, lastError: String(err).slice(0, 500) }, $inc: { attempts: 1 } },
    );
    this.logger.warn({ err: String(err), eventId: entry._id, stream: entry.stream, attempts, retryInMs: delay }, 'publish failed, will retry');
    setTimeout(() => this.wake(), delay + 10).unref();
  }

  private async drain(): Promise<void> {
    if (!this.upgraded) {
      await upgradeOutboxEntries(this.model);
      this.upgraded = true;
    }
    for (let i = 0; i < BATCHES_PER_WAKE && this.running; i += 1) {
      const batch = await this.claimBatch(new Date());
      if (batch.length === 0) return;
      await this.publishBatch(batch);
    }
    this.again = true; // there may be more: go on after what else is waiting on the event loop
  }
}
