import type { ClientSession } from 'mongoose';
import { notFound, type Emit } from '@cp/service-kit';
import { BUSINESS_NOT_FOUND, BusinessInsertSchema, BusinessUpdated, IdSchema } from '@cp/contracts';
import { isVisible, type BusinessDoc, type BusinessFields } from '../data/businesses-repository.ts';
import { toBusiness } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';

/** A path id that is not a uuid cannot name a business: 404 without asking the database. */
export function businessId(rawId: string): string {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(BUSINESS_NOT_FOUND);
  return id.data;
}

/**
 * The business a viewer may see: 404 when there is none, and for everyone but its creator when moderation hides it or
 * its creator is banned (issue 21: gone, as if it did not exist).
 */
export async function existingBusiness(deps: DirectoryDeps, rawId: string, viewerId?: string): Promise<BusinessDoc> {
  const business = await deps.businesses.findById(businessId(rawId));
  if (!business || !(isVisible(business) || (viewerId !== undefined && business.userId === viewerId))) throw notFound(BUSINESS_NOT_FOUND);
  return business;
}

/**
 * Sets a business's total, count and rating again from the reviews that count, after moderation changed which ones do
 * (in its transaction), and tells search with a business-updated event when they moved.
 */
export async function recountRating(deps: DirectoryDeps, id: string, session: ClientSession, emit: Emit): Promise<void> {
  const before = await deps.businesses.findById(id, session);
  if (!before) return;
  const totals = await deps.reviews.totals(id, session);
  if (totals.total === before.ratingTotal && totals.count === before.reviewCount) return;
  const after = await deps.businesses.setRating(id, totals, session);
  if (after) await emit(BusinessUpdated, { businessId: after._id, name: after.name, mainCategory: after.mainCategory, business: toBusiness(after) });
}

const orNull = (v: string | undefined) => (v ? v : null);

/**
 * What an admin's body sets (spec §5 Business, checked by the contracts' BusinessInsertSchema: strict, so id, userId,
 * rating, reviewCount, verified or createdAt in a body are a 400). Blank optional fields are stored as null.
 */
export function businessFields(body: Record<string, unknown>): BusinessFields {
  const input = BusinessInsertSchema.parse(body);
  return {
    name: input.name,
    category: input.category,
    mainCategory: input.mainCategory,
    subCategory: orNull(input.subCategory),
    description: input.description,
    address: input.address,
    phone: input.phone,
    email: orNull(input.email),
    website: orNull(input.website),
    logoUrl: orNull(input.logoUrl),
    premium: input.premium,
  };
}
