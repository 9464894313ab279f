import type { Advertisement } from '@cp/contracts';
import type { AdDoc } from './ads-repository.ts';

/** The status an ad shows: past its end date it is expired, whatever was stored (spec §4; issue 13). */
export function shownStatus(doc: Pick<AdDoc, 'status' | 'endDate'>, now: Date): AdDoc['status'] {
  return doc.endDate && doc.endDate.getTime() < now.getTime() ? 'expired' : doc.status;
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
    startDate: doc.startDate?.toISOString() ?? null,
    endDate: doc.endDate?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
