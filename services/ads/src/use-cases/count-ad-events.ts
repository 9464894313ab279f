import type { ClientSession } from 'mongoose';
import { AdClickRecorded, type EventEnvelope } from '@cp/contracts';
import type { AdCounts } from '../data/ads-repository.ts';
import type { AdsDeps } from './deps.ts';

/**
 * The ad counter (a batch of impression and click events never applied before, in the consumer's transaction with
 * their processed records): one $inc per ad for the whole batch.
 */
export async function countAdEvents(deps: AdsDeps, events: EventEnvelope[], session: ClientSession): Promise<void> {
  const counts = new Map<string, AdCounts>();
  for (const event of events) {
    const { adId } = event.data as { adId: string };
    const c = counts.get(adId) ?? { impressions: 0, clicks: 0 };
    if (event.type === AdClickRecorded.type) c.clicks += 1;
    else c.impressions += 1;
    counts.set(adId, c);
  }
  await deps.ads.addCounts(counts, session);
}
