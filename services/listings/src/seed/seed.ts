import { isDuplicateKey, nameBasedId, runInTransaction } from '@cp/service-kit';
import { DEMO_ACCOUNTS, LISTING_REMINDER_DAYS, ListingCreated, type ListingCategory } from '@cp/contracts';
import type { ListingDoc } from '../data/listings-repository.ts';
import { contentHashOf } from '../use-cases/create-listing.ts';
import { expiryOf } from '../use-cases/expiry.ts';
import { eventListing } from '../use-cases/public-listing.ts';
import { validateNewListing } from '../use-cases/listing-input.ts';
import { storeImage } from '../images/storage-keys.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';
import { daysFromNow, DEMO_LISTINGS } from './demo-listings.ts';
import { demoImage } from './demo-images.ts';
import { demoSavedSearches } from './demo-saved-searches.ts';

/**
 * A demo listing's expiry: posting time + the TTL, but (like the start-up backfill) never within the reminder window,
 * so only the one listing meant to (`expiresInHours`) is reminded of on the first start; an event's own day stays.
 */
function demoExpiry(createdAt: Date, now: Date, ttlDays: number, input: { category: ListingCategory; eventDate?: string | undefined }): Date {
  const natural = expiryOf(createdAt, ttlDays, input);
  const floor = new Date(now.getTime() + (LISTING_REMINDER_DAYS + 1) * 86_400_000);
  return input.category === 'Events' && input.eventDate ? natural : natural < floor ? floor : natural;
}

/** The same demo listing always has the same id. */
export const demoListingId = (slug: string): string => nameBasedId(`cp-demo-listing:${slug}`);

export interface SeedResult {
  seeded: boolean;
  listings: number;
  images: number;
}


/**
 * Demo data for a newcomer's first `npm start` (issue 4 §3): when the listings collection is empty, ~30 realistic
 * listings across every category, location and tier, with pictures made by sharp and run through the same image
 * pipeline as uploads, stored in S3. The listings go through the same validation as POST /api/listings and are
 * inserted in one transaction with their listing-created events, so a crash leaves nothing half-seeded; fixed ids
 * make two instances seeding at once collide harmlessly. Skipped whenever any listing exists.
 */
export async function seedDemoData(deps: ListingsDeps): Promise<SeedResult> {
  if ((await deps.listings.model.countDocuments({}, { limit: 1 })) > 0) return { seeded: false, listings: 0, images: 0 };
  const now = deps.now();
  const docs: ListingDoc[] = [];
  let images = 0;
  for (const demo of DEMO_LISTINGS) {
    const input = validateNewListing({
      category: demo.category,
      title: demo.title,
      description: demo.description,
      price: demo.price,
      location: demo.location,
      tier: demo.tier,
      contactPhone: demo.contactPhone,
      contactEmail: demo.contactEmail,
      contactPreference: demo.contactPreference,
      eventDate: demo.eventInDays !== undefined ? daysFromNow(demo.eventInDays, now) : undefined,
      eventTime: demo.eventTime,
      venue: demo.venue,
      organizer: demo.organizer,
      eventType: demo.eventType,
      employer: demo.employer,
    });
    const imageUrls: string[] = [];
    for (let i = 0; i < demo.images; i += 1) {
      const stored = await storeImage(deps, await demoImage(demo.category, `${demo.slug}:${i}`));
      imageUrls.push(stored.url);
      images += 1;
    }
    const createdAt = new Date(now.getTime() - demo.ageHours * 3_600_000);
    docs.push({
      _id: demoListingId(demo.slug),
      userId: DEMO_ACCOUNTS[demo.owner].id,
      ...input,
      imageUrls,
        contentHash: contentHashOf(input.title, input.description),
      expiresAt: demo.expiresInHours !== undefined ? new Date(now.getTime() + demo.expiresInHours * 3_600_000) : demoExpiry(createdAt, now, deps.lifecycle.ttlDays, input),
      createdAt,
      updatedAt: createdAt,
    });
  }
  try {
    await runInTransaction(deps.conn, async (session, emit) => {
      // The demo's saved search first: the listings' events are matched against it (one alert for its owner).
      for (const search of demoSavedSearches(now)) await deps.savedSearches.insertIfAbsent(search, session);
      for (const doc of docs) {
        await deps.listings.insert(doc, session);
        await emit(ListingCreated, { listingId: doc._id, userId: doc.userId, category: doc.category, tier: doc.tier, title: doc.title, listing: eventListing(doc) });
      }
    });
  } catch (err) {
    if (isDuplicateKey(err)) return { seeded: false, listings: 0, images };
    throw err;
  }
  return { seeded: true, listings: docs.length, images };
}
