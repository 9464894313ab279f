import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { Logger } from '@cp/service-kit';
import type { AdClickRecorded, AdImpressionRecorded } from '@cp/contracts';
import type { AdsRepository } from '../data/ads-repository.ts';
import type { KnownAds } from '../data/known-ads.ts';
import type { VisitorWindowsRepository } from '../data/visitor-windows-repository.ts';

/** How the counter tells people from requests (config: AD_CLICK_WINDOW_S, AD_IMPRESSION_WINDOW_S). */
export interface CountingRules {
  /** A visitor's clicks on an ad count once per this window. */
  clickWindowMs: number;
  /** A visitor's impressions of an ad count at most once per this window (and once per page view). */
  impressionWindowMs: number;
  /** How long a counted page view is remembered: a page left open longer may count the ad again. */
  pageViewMs: number;
}

export const DEFAULT_COUNTING: CountingRules = { clickWindowMs: 30 * 60_000, impressionWindowMs: 60_000, pageViewMs: 24 * 60 * 60_000 };

export interface AdsDeps {
  conn: Connection;
  ads: AdsRepository;
  known: KnownAds;
  windows: VisitorWindowsRepository;
  counting: CountingRules;
  /** The salt of visitors' keys (kit visitorSalt, collection ads_settings). */
  visitorSalt: string;
  /**
   * Hands an impression or a click to JetStream (an event straight to the ads stream, occurring at `now()`) and
   * resolves once the stream stored it; rejects when it could not.
   */
  publish<D extends typeof AdImpressionRecorded | typeof AdClickRecorded>(def: D, data: z.input<D['data']>): Promise<void>;
  logger: Logger;
  now: () => Date;
}
