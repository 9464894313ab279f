import { notFound } from '@cp/service-kit';
import { AD_NOT_FOUND, AdvertisementInsertSchema, IdSchema } from '@cp/contracts';
import type { AdFields } from '../data/ads-repository.ts';

/** A path id that is not a uuid cannot name an ad: 404 without asking the database. */
export function adId(rawId: string): string {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(AD_NOT_FOUND);
  return id.data;
}

/**
 * What an admin's body sets (spec §5, the contracts' AdvertisementInsertSchema: strict, so id, impressions, clicks or
 * a timestamp in a body is a 400; ctaUrl and imageUrl http(s) only; the end not before the start; the §5 defaults).
 */
export function adFields(body: Record<string, unknown>): AdFields {
  const input = AdvertisementInsertSchema.parse(body);
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl || null,
    ctaText: input.ctaText,
    ctaUrl: input.ctaUrl,
    placement: input.placement,
    size: input.size,
    pricingTier: input.pricingTier ?? null,
    status: input.status,
    startDate: input.startDate ? new Date(input.startDate) : null,
    endDate: input.endDate ? new Date(input.endDate) : null,
  };
}
