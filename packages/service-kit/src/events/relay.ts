import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { outboxModel, type OutboxDoc } from './outbox.ts';
import { trusted } from '../mongo.ts';

export interface OutboxRelayOptions {
  connection: Connection;
  js: JetStreamClient;
  logger: Logger;
  /** Entries published per wake-up, at most. */
  batchSize?: number;
  /** Fallback polling when no change event arrives (and the retry clock). */
  pollIntervalMs?: number;
  /** How long a claimed entry stays reserved; after that another relay may take it (crash recovery). */
  lockMs?: number;
  /** Upper bound of the wait between attempts. */
  maxBackoffMs?: number;
  publishTimeoutMs?: number;
}

const jitter = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

/**
 * Publishes outbox entries to JetStream with `Nats-Msg-Id` = event id and marks them published only once the stream
 * acknowledged them. Wakes on a change stream (inserts) with polling as the fallback; claims entries atomically so
 * several relays (replicas) never publish the same entry at once; backs off exponentially while NATS is unreachable,
 * so events written during an outage are published when it ends. The stream's duplicate window removes the rare
 * duplicate after a crash between publish and mark.
 */
export class OutboxRelay {
  private readonly model: Model<OutboxDoc>;
  private readonly id = randomUUID();
  private readonly opts: Required<Omit<OutboxRelayOptions, 'connection' | 'js' | 'logger'>>;
  private readonly js: JetStreamClient;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private stream: { close(): Promise<void> } | undefined;
  private running = false;
  private draining: Promise<void> | undefined;
  private again = false;
  private pausedUntil = 0;
  private failures = 0;

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

  private async claim(now: Date): Promise<OutboxDoc | null> {
    return this.model
      .findOneAndUpdate(
        { status: 'pending', nextAttemptAt: trusted({ $lte: now }), $or: [{ lockedUntil: null }, { lockedUntil: trusted({ $lt: now }) }] },
        { $set: { lockedUntil: new Date(now.getTime() + this.opts.lockMs), lockedBy: this.id } },
        { sort: { nextAttemptAt: 1, occurredAt: 1 }, returnDocument: 'after' },
      )
      .lean<OutboxDoc>()
      .exec();
  }

  private async drain(): Promise<void> {
    if (Date.now() < this.pausedUntil) return;
    for (let i = 0; i < this.opts.batchSize && this.running; i += 1) {
      const entry = await this.claim(new Date());
      if (!entry) return;
      const envelope = { id: entry._id, type: entry.type, version: entry.version, occurredAt: entry.occurredAt.toISOString(), data: entry.data };
      try {
        await this.js.publish(entry.subject, JSON.stringify(envelope), { msgID: entry._id, timeout: this.opts.publishTimeoutMs });
        await this.model.updateOne(
          { _id: entry._id, lockedBy: this.id },
          { $set: { status: 'published', publishedAt: new Date(), lockedUntil: null, lockedBy: null }, $inc: { attempts: 1 } },
        );
        this.failures = 0;
      } catch (err) {
        this.failures += 1;
        const attempts = entry.attempts + 1;
        const entryDelay = Math.min(this.opts.maxBackoffMs, 250 * 2 ** Math.min(attempts, 16));
        await this.model.updateOne(
          { _id: entry._id, lockedBy: this.id },
          { $set: { nextAttemptAt: new Date(Date.now() + jitter(entryDelay)), lockedUntil: null, lockedBy: null, lastError: String(err).slice(0, 500) }, $inc: { attempts: 1 } },
        );
        // NATS is probably unreachable: pause the whole relay, growing up to maxBackoffMs.
        const pause = jitter(Math.min(this.opts.maxBackoffMs, 250 * 2 ** Math.min(this.failures, 16)));
        this.pausedUntil = Date.now() + pause;
        this.logger.warn({ err: String(err), eventId: entry._id, attempts, pauseMs: pause }, 'publish failed, will retry');
        setTimeout(() => this.wake(), pause + 10).unref();
        return;
      }
    }
    this.again = true; // a full batch: there may be more
  }
}
