import type { Connection } from 'mongoose';
import { eventStream } from '@cp/contracts';
import type { Logger } from '../logger.ts';
import type { NatsHandle } from '../nats.ts';
import { startConsumer, type EventHandler } from './consumer.ts';

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

export interface DeclaredConsumer<D extends ConsumerDeps> extends ConsumerDefinition<D> {
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
