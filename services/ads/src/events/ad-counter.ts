import { AdClickRecorded, AdImpressionRecorded } from '@cp/contracts';
import { defineBatchConsumer } from '@cp/service-kit';
import { countAdEvents } from '../use-cases/count-ad-events.ts';
import type { AdsDeps } from '../use-cases/deps.ts';

export const AD_COUNTER_DURABLE = 'ads-counter';

/**
 * Folds impression and click events into the ads' counters in batches of up to 500, each event exactly once (the kit's
 * batch consumer: the processed records of a batch and its $inc in one transaction, acked after the commit), across
 * redeliveries, NATS restarts, a crash of this consumer and several replicas sharing the durable. Declared in main,
 * started by the kit.
 */
export const adCounterConsumer = defineBatchConsumer<AdsDeps>({
  source: 'ads',
  durable: AD_COUNTER_DURABLE,
  events: [AdImpressionRecorded, AdClickRecorded],
  batchSize: 500,
  handle: (deps, events, session) => countAdEvents(deps, events, session),
});
