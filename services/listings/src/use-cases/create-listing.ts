import { randomUUID } from 'node:crypto';
import { runInTransaction } from '@cp/service-kit';
import { ListingCreated, type Listing } from '@cp/contracts';
import { searchTextOf, type ListingDoc } from '../data/listings-repository.ts';
import { toListing } from '../data/listing-mapper.ts';
import { validateNewListing } from './listing-input.ts';
import { checkImages } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** POST /api/listings: the owner is the logged-in user, whatever the body says. */
export async function createListing(deps: ListingsDeps, userId: string, body: unknown): Promise<Listing> {
  const input = validateNewListing(body);
  await checkImages(deps, userId, input.imageUrls);
  const now = deps.now();
  const doc: ListingDoc = {
    _id: randomUUID(),
    userId,
    ...input,
    imageUrls: input.imageUrls ?? [],
    searchText: searchTextOf(input.title, input.description),
    createdAt: now,
    updatedAt: now,
  };
  await runInTransaction(deps.conn, async (session, emit) => {
    await deps.listings.insert(doc, session);
    await emit(ListingCreated, { listingId: doc._id, userId, category: doc.category, tier: doc.tier, title: doc.title, listing: toListing(doc) });
  });
  return toListing(doc);
}
