import { defineOperations } from '@cp/service-kit';
import type { ListingsDeps } from './use-cases/deps.ts';
import { lifecycleOperations } from './api/lifecycle.ts';
import { listingsOperations } from './api/listings.ts';
import { savedListingsOperations } from './api/saved-listings.ts';
import { savedSearchesOperations } from './api/saved-searches.ts';

/**
 * The listings service's operations, one file per area (src/api/): its router, its OpenAPI document and the route
 * test (service-kit operations.ts). The areas keep the order their routers were mounted in, which is the match order:
 * the lifecycle's `/api/listings/…` before the listings' `/api/listings/:id`.
 */
export const listingsApi = defineOperations<ListingsDeps>({
  service: 'listings',
  title: 'Listings',
  description: 'Classified listings (spec §5, §7, §9), image uploads and /uploads, saved listings, saved searches with alerts, and the listing lifecycle (renew, done, expiry reminders).',
  operations: [...lifecycleOperations, ...listingsOperations, ...savedListingsOperations, ...savedSearchesOperations],
});
