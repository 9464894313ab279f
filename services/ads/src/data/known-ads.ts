import type { AdDoc, AdsRepository } from './ads-repository.ts';
import { showsAt } from './ad-mapper.ts';

type Known = Pick<AdDoc, 'placement' | 'status' | 'startDate' | 'endDate'>;

/**
 * Which ads exist and whether they show, remembered for a short while: an impression or a click must answer 404 for an
 * ad that is unknown or not showing (paused, expired, outside its dates), but must not cost a database read each (they
 * are the busiest calls of the site). An ad found is remembered with its status and dates for `ttlMs` (its dates are
 * compared with the time of each call, so an ad ends or starts on time); an ad not found for a shorter while (so a new
 * ad is clickable almost at once). An admin's change on this replica is known at once (`forget`), on another one within
 * `ttlMs`; an event that replica still accepts meanwhile is filtered by the counter (the ad was not showing when it
 * happened), so the counts stay right.
 */
export class KnownAds {
  private readonly seen = new Map<string, { ad: Known | null; until: number }>();
  private readonly ads: AdsRepository;
  private readonly ttlMs: number;
  private readonly missTtlMs: number;
  private readonly maxEntries: number;
  constructor(ads: AdsRepository, opts: { ttlMs?: number; missTtlMs?: number; maxEntries?: number } = {}) {
    this.ads = ads;
    this.ttlMs = opts.ttlMs ?? KNOWN_AD_TTL_MS;
    this.missTtlMs = opts.missTtlMs ?? 2_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  /** The ad's placement when it shows at `at`; null when there is no such ad or it does not show then. */
  async showingPlacement(id: string, at: Date): Promise<AdDoc['placement'] | null> {
    const now = Date.now();
    let hit = this.seen.get(id);
    if (!hit || hit.until <= now) {
      const found = await this.ads.model.findById(id, { placement: 1, status: 1, startDate: 1, endDate: 1 }).lean<Known>().exec();
      const ad = found ? { placement: found.placement, status: found.status, startDate: found.startDate ?? null, endDate: found.endDate ?? null } : null;
      if (this.seen.size >= this.maxEntries) this.seen.clear(); // ids from a scan of made-up ids cannot grow memory
      hit = { ad, until: now + (ad ? this.ttlMs : this.missTtlMs) };
      this.seen.set(id, hit);
    }
    return hit.ad && showsAt(hit.ad, at) ? hit.ad.placement : null;
  }

  /** An admin change on this instance is known at once (other replicas learn within ttlMs). */
  forget(id: string): void {
    this.seen.delete(id);
  }
}

/** How long a replica remembers an ad's status and dates: the bound on another replica's admin change reaching it. */
export const KNOWN_AD_TTL_MS = 10_000;
