import { AdClickRecorded, AdImpressionRecorded, eventStream } from '@cp/contracts';
import { startBatchConsumer, type NatsHandle } from '@cp/service-kit';
import { countAdEvents } from '../use-cases/count-ad-events.ts';
import type { AdsDeps } from '../use-cases/deps.ts';

export const AD_COUNTER_DURABLE = 'ads-counter';

/**
 * Folds impression and click events into the ads' counters in batches, each event exactly once (the kit's batch
 * consumer: the processed records of a batch and its $inc in one transaction, acked after the commit), across
 * redeliveries, NATS restarts, a crash of this consumer and several replicas sharing the durable.
 */
export function startAdCounter(deps: AdsDeps, nats: NatsHandle, opts: { durable?: string; batchSize?: number } = {}) {
  return startBatchConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('ads').name,
    durable: opts.durable ?? AD_COUNTER_DURABLE,
    logger: deps.logger,
    defs: [AdImpressionRecorded, AdClickRecorded],
    batchSize: opts.batchSize ?? 500,
    handle: (events, session) => countAdEvents(deps, events, session),
  });
}
