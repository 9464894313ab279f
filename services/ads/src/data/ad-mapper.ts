import type { Advertisement } from '@cp/contracts';
import type { AdDoc } from './ads-repository.ts';

/** The status an ad shows: past its end date it is expired, whatever was stored (spec §4; issue 13). */
export function shownStatus(doc: Pick<AdDoc, 'status' | 'endDate'>, now: Date): AdDoc['status'] {
  return doc.endDate && doc.endDate.getTime() < now.getTime() ? 'expired' : doc.status;
}

/** Whether an ad with this status and these dates shows to visitors at `at`: active, started and not ended (instants). */
export function showsAt(doc: Pick<AdDoc, 'status' | 'startDate' | 'endDate'>, at: Date): boolean {
  const t = at.getTime();
  return doc.status === 'active' && (!doc.startDate || doc.startDate.getTime() <= t) && (!doc.endDate || doc.endDate.getTime() >= t);
}

/**
 * Whether an ad was showing at `at` (the counter's question about an event): its stored status then — the last of its
 * `statusChanges` made at or before `at` (the oldest kept when `at` is before them all: an event from a replica whose
 * clock is a little behind) — and its dates. An ad stored before status changes were kept is taken as unchanged.
 */
export function wasShowingAt(doc: Pick<AdDoc, 'status' | 'startDate' | 'endDate' | 'statusChanges'>, at: Date): boolean {
  const changes = doc.statusChanges ?? [];
  const then = changes.findLast((c) => c.at.getTime() <= at.getTime()) ?? changes[0];
  return showsAt({ status: then?.status ?? doc.status, startDate: doc.startDate, endDate: doc.endDate }, at);
}

/** A stored ad as the API shows it (spec §3 advertisements). */
export function toAd(doc: AdDoc, now: Date): Advertisement {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    imageUrl: doc.imageUrl,
    ctaText: doc.ctaText,
    ctaUrl: doc.ctaUrl,
    placement: doc.placement,
    size: doc.size,
    pricingTier: doc.pricingTier,
    status: shownStatus(doc, now),
    storedStatus: doc.status,
    impressions: doc.impressions,
    clicks: doc.clicks,
    impressionsFiltered: doc.impressionsFiltered ?? 0,
    clicksFiltered: doc.clicksFiltered ?? 0,
    startDate: doc.startDate?.toISOString() ?? null,
    endDate: doc.endDate?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
