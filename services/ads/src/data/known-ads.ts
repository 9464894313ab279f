import type { AdDoc, AdsRepository } from './ads-repository.ts';

/**
 * Which ads exist, remembered for a short while: an impression or a click must answer 404 for an unknown ad, but must
 * not cost a database read each (they are the busiest calls of the site). An ad found is remembered for `ttlMs`; an ad
 * not found for a shorter while (so a new ad is clickable almost at once). A click on an ad deleted within `ttlMs` is
 * still accepted; the counter then finds no ad and counts nothing.
 */
export class KnownAds {
  private readonly seen = new Map<string, { placement: AdDoc['placement'] | null; until: number }>();
  private readonly ads: AdsRepository;
  private readonly ttlMs: number;
  private readonly missTtlMs: number;
  private readonly maxEntries: number;
  constructor(ads: AdsRepository, opts: { ttlMs?: number; missTtlMs?: number; maxEntries?: number } = {}) {
    this.ads = ads;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.missTtlMs = opts.missTtlMs ?? 2_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  /** The ad's placement, or null when there is no such ad. */
  async placementOf(id: string): Promise<AdDoc['placement'] | null> {
    const now = Date.now();
    const hit = this.seen.get(id);
    if (hit && hit.until > now) return hit.placement;
    const found = await this.ads.model.findById(id, { placement: 1 }).lean<Pick<AdDoc, 'placement'>>().exec();
    const placement = found?.placement ?? null;
    if (this.seen.size >= this.maxEntries) this.seen.clear(); // ids from a scan of made-up ids cannot grow memory
    this.seen.set(id, { placement, until: now + (placement ? this.ttlMs : this.missTtlMs) });
    return placement;
  }

  /** An admin change on this instance is known at once (other replicas learn within ttlMs). */
  forget(id: string): void {
    this.seen.delete(id);
  }
}
