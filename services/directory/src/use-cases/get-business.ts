import { badRequest } from '@cp/service-kit';
import { IdSchema, type Business } from '@cp/contracts';
import { toBusinessFor } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { existingBusiness } from './business-rules.ts';

export const INVALID_BUSINESS_ID = 'Invalid business id';

/**
 * GET /api/businesses/:id: one business in the API shape (its page, /business/{id}, and the renderer's head for it).
 * An id that is not a uuid is a 400 (it cannot name a business); an unknown one a 404 `Business not found`, and so is
 * one moderation hides but for its creator, who gets it marked under review.
 */
export async function getBusiness(deps: DirectoryDeps, rawId: string, viewerId?: string): Promise<Business> {
  if (!IdSchema.safeParse(rawId).success) throw badRequest(INVALID_BUSINESS_ID);
  return toBusinessFor(await existingBusiness(deps, rawId, viewerId));
}
