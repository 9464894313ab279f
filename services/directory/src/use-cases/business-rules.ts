import { notFound } from '@cp/service-kit';
import { BUSINESS_NOT_FOUND, BusinessInsertSchema, IdSchema } from '@cp/contracts';
import type { BusinessDoc, BusinessFields } from '../data/businesses-repository.ts';
import type { DirectoryDeps } from './deps.ts';

/** A path id that is not a uuid cannot name a business: 404 without asking the database. */
export function businessId(rawId: string): string {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) throw notFound(BUSINESS_NOT_FOUND);
  return id.data;
}

export async function existingBusiness(deps: DirectoryDeps, rawId: string): Promise<BusinessDoc> {
  const business = await deps.businesses.findById(businessId(rawId));
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  return business;
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
