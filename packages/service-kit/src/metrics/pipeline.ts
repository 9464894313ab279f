/**
 * The event pipeline's series (issue 36 §1), read when Prometheus scrapes (never on a request's path):
 * - the outbox: events written but not yet on NATS, and the age of the oldest (a relay that stalls shows here first);
 * - each of the service's JetStream consumers (durables named `<service>-...`/`<service>_...` on the streams it reads):
 *   messages not yet delivered, delivered but not acknowledged, redelivered, and its dead letters.
 * A source that does not answer (MongoDB or NATS away) reports NaN for the outbox and no consumer series in that
 * scrape; the scrape itself answers.
 */
import type { Connection } from 'mongoose';
import type { JetStreamManager } from '@nats-io/jetstream';
import client from 'prom-client';
import { outboxModel } from '../events/outbox.ts';
import type { Logger } from '../logger.ts';
import { eventStream } from '@cp/contracts';
import { DEAD_LETTER_STREAM, deadLetterSubject } from '../nats.ts';

/**
 * One read shared by the metrics of a scrape: prom-client collects every metric at once, so each metric's `collect`
 * awaits the same read rather than each asking the database or NATS on its own.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    if (!current) {
      current = read();
      void current.finally(() => setTimeout(() => (current = undefined), 0)).catch(() => {});
    }
    return current;
  };
}

/** The outbox's pending events and the age of the oldest, from the service's own database. */
export function outboxMetrics(registry: client.Registry, conn: Connection, logger: Logger, now: () => number = Date.now): void {
  const model = outboxModel(conn);
  const read = sharedRead(async () => {
    try {
      const [count, oldest] = await Promise.all([
        model.countDocuments({ status: 'pending' }).maxTimeMS(2_000),
        model.findOne({ status: 'pending' }, { occurredAt: 1 }).sort({ occurredAt: 1 }).maxTimeMS(2_000).lean(),
      ]);
      return { count, oldestAge: oldest ? Math.max(0, (now() - oldest.occurredAt.getTime()) / 1000) : 0 };
    } catch (err) {
      logger.debug({ err: String(err) }, 'metrics: the outbox could not be read');
      return undefined;
    }
  });
  new client.Gauge({
    name: 'outbox_pending_events',
    help: 'Events written to the outbox and not yet published to NATS',
    registers: [registry],
    async collect() {
      this.reset();
      const state = await read();
      this.set(state ? state.count : NaN); // NaN: unknown (MongoDB away), never a false 0
    },
  });
  new client.Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest event not yet published (0 when none is waiting)',
    registers: [registry],
    async collect() {
      this.reset();
      const state = await read();
      this.set(state ? state.oldestAge : NaN);
    },
  });
}

/** Whether a durable is this service's (`listings-image-cleanup`, its lanes `..._<event>-v1`, comms' older `comms_...`). */
const ownDurable = (service: string, name: string) => name.startsWith(`${service}-`) || name.startsWith(`${service}_`);

interface ConsumerState {
  stream: string;
  consumer: string;
  pending: number;
  ackPending: number;
  redelivered: number;
  dead: number;
}

/**
 * The service's JetStream consumers on `sources` (the streams it reads, by service name): their backlog, what they
 * hold unacknowledged, their redeliveries and their dead letters.
 */
export function consumerMetrics(registry: client.Registry, jsm: JetStreamManager, service: string, sources: readonly string[], logger: Logger): void {
  const read = sharedRead(async () => {
    const out: ConsumerState[] = [];
    for (const source of sources) {
      const stream = eventStream(source).name;
      try {
        const own = (await jsm.consumers.list(stream).next()).filter((c) => ownDurable(service, c.name));
        if (own.length === 0) continue;
        const deadInfo = await jsm.streams.info(DEAD_LETTER_STREAM, { subjects_filter: `deadletter.${stream}.>` }).catch(() => undefined);
        for (const c of own) {
          out.push({ stream, consumer: c.name, pending: c.num_pending, ackPending: c.num_ack_pending, redelivered: c.num_redelivered, dead: deadInfo?.state.subjects?.[deadLetterSubject(stream, c.name)] ?? 0 });
        }
      } catch (err) {
        logger.debug({ err: String(err), stream }, 'metrics: the consumers could not be read');
      }
    }
    return out;
  });
  const labelNames = ['stream', 'consumer'] as const;
  const gauge = (name: string, help: string, value: (c: ConsumerState) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const c of await read()) this.set({ stream: c.stream, consumer: c.consumer }, value(c));
      },
    });
  gauge('nats_consumer_pending_messages', 'Messages of the stream the consumer has not been delivered yet (its backlog)', (c) => c.pending);
  gauge('nats_consumer_ack_pending_messages', 'Messages delivered to the consumer and not yet acknowledged', (c) => c.ackPending);
  gauge('nats_consumer_redelivered_messages', 'Messages delivered more than once and not yet acknowledged', (c) => c.redelivered);
  gauge('nats_consumer_dead_letters', "The consumer's dead letters (events it gave up on)", (c) => c.dead);
  new client.Gauge({
    name: 'nats_consumers',
    help: "The service's JetStream consumers",
    registers: [registry],
    async collect() {
      this.reset();
      this.set((await read()).length);
    },
  });
}
