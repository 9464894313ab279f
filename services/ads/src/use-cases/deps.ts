import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { AdClickRecorded, AdImpressionRecorded } from '@cp/contracts';
import type { AdDoc, AdsRepository } from '../data/ads-repository.ts';
import type { KnownAds } from '../data/known-ads.ts';

export interface AdsDeps {
  conn: Connection;
  ads: AdsRepository;
  known: KnownAds;
  /**
   * Hands an impression or a click to JetStream (an event straight to the ads stream) and resolves once the stream
   * stored it; rejects when it could not.
   */
  publish(def: typeof AdImpressionRecorded | typeof AdClickRecorded, data: { adId: string; placement: AdDoc['placement'] }): Promise<void>;
  logger: Logger;
  now: () => Date;
}
