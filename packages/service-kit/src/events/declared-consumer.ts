import type { ClientSession, Connection } from 'mongoose';
import { eventStream, type EventDefinition, type EventEnvelope } from '@cp/contracts';
import type { Logger } from '../logger.ts';
import type { NatsHandle } from '../nats.ts';
import { startBatchConsumer, startConsumer, type EventHandler } from './consumer.ts';

/** What every consumer needs of its service: the database of its processed records and a logger. */
export interface ConsumerDeps {
  conn: Connection;
  logger: Logger;
}

/** A service's durable consumer, declared once: the stream it reads, its name and its handlers. */
export interface ConsumerDefinition<D extends ConsumerDeps> {
  /** The service whose stream it reads (`EVENTS_<SOURCE>`); startService makes sure that stream exists first. */
  source: string;
  /** Its name, `<service>-<purpose>`: its processed records, dead letters and JetStream durables. */
  durable: string;
  /** One handler per event it reads, on the service's dependencies. */
  handlers(deps: D): EventHandler[];
}

/** What startService needs of a declared consumer, plain or batch: the stream it reads, its name, how to start it. */
export interface StartableConsumer<D extends ConsumerDeps> {
  source: string;
  durable: string;
  start(deps: D, nats: NatsHandle, opts?: { durable?: string; backoffMs?: number[] }): Promise<{ stop(): Promise<void> }>;
}

export interface DeclaredConsumer<D extends ConsumerDeps> extends ConsumerDefinition<D>, StartableConsumer<D> {
  /**
   * Starts it (the kit's startConsumer: once per event across replicas, validated payloads, retries with backoff, dead
   * letters). startService calls it for the consumers a service declares; tests call it with their own `durable`
   * (each test's consumer reads the shared stream on its own) and a short `backoffMs`.
   */
  start(deps: D, nats: NatsHandle, opts?: { durable?: string; backoffMs?: number[] }): Promise<{ stop(): Promise<void> }>;
}

/** The one consumer wrapper: a definition becomes a consumer the kit (startService) or a test starts. */
export function defineConsumer<D extends ConsumerDeps>(def: ConsumerDefinition<D>): DeclaredConsumer<D> {
  return {
    ...def,
    start: (deps, nats, opts = {}) =>
      startConsumer({
        nats,
        connection: deps.conn,
        stream: eventStream(def.source).name,
        durable: opts.durable ?? def.durable,
        logger: deps.logger,
        handlers: def.handlers(deps),
        ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
      }),
  };
}

/** A service's durable batch consumer, declared once: the stream it reads, its name, its events and how a batch is applied. */
export interface BatchConsumerDefinition<D extends ConsumerDeps> {
  /** The service whose stream it reads (`EVENTS_<SOURCE>`); startService makes sure that stream exists first. */
  source: string;
  /** Its name, `<service>-<purpose>`: its processed records, dead letters and JetStream durables. */
  durable: string;
  /** The events it folds, each once, all of the source's stream (one lane each: a batch holds events of one type). */
  events: EventDefinition[];
  /**
   * Applies a batch of events never applied before, in the consumer's MongoDB transaction with their processed records
   * (the kit's startBatchConsumer). Must not throw for an event it cannot use: skip it.
   */
  handle(deps: D, events: EventEnvelope[], session: ClientSession): Promise<void>;
  /** The most messages in one batch (one transaction); the kit's default when absent. */
  batchSize?: number;
  /** The longest an event waits for its batch when fewer than batchSize arrive; the kit's default when absent. */
  waitMs?: number;
}

export interface DeclaredBatchConsumer<D extends ConsumerDeps> extends BatchConsumerDefinition<D>, StartableConsumer<D> {
  /**
   * Starts it (the kit's startBatchConsumer: each event applied once across replicas, batches in one transaction, acked
   * after the commit). startService calls it for the consumers a service declares; tests call it with their own
   * `durable`, a short `backoffMs` or a smaller `batchSize`.
   */
  start(deps: D, nats: NatsHandle, opts?: { durable?: string; backoffMs?: number[]; batchSize?: number }): Promise<{ stop(): Promise<void> }>;
}

/**
 * The batch form of defineConsumer: a definition whose events are applied in batches (counters folded with one write per
 * batch) becomes a consumer startService starts like any other (`consumers: [...]`), or a test starts.
 */
export function defineBatchConsumer<D extends ConsumerDeps>(def: BatchConsumerDefinition<D>): DeclaredBatchConsumer<D> {
  return {
    ...def,
    start: (deps, nats, opts = {}) => {
      const batchSize = opts.batchSize ?? def.batchSize;
      return startBatchConsumer({
        nats,
        connection: deps.conn,
        stream: eventStream(def.source).name,
        durable: opts.durable ?? def.durable,
        logger: deps.logger,
        defs: def.events,
        handle: (events, session) => def.handle(deps, events, session),
        ...(batchSize !== undefined ? { batchSize } : {}),
        ...(def.waitMs !== undefined ? { waitMs: def.waitMs } : {}),
        ...(opts.backoffMs ? { backoffMs: opts.backoffMs } : {}),
      });
    },
  };
}
