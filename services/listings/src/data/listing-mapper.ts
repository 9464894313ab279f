import { LISTING_DETAIL_KEYS, type Listing } from '@cp/contracts';
import { isModerated, type ListingDoc } from './listings-repository.ts';

/** A stored listing as the API shows it: only the Listing's fields (never an internal one); absent optional fields left out. */
export function toListing(doc: ListingDoc): Listing {
  const given = <K extends keyof Listing>(key: K, value: Listing[K] | null | undefined): Partial<Listing> => (value === undefined || value === null || value === '' ? {} : { [key]: value });
  return {
    id: doc._id,
    userId: doc.userId,
    category: doc.category,
    title: doc.title,
    description: doc.description,
    ...given('price', doc.price),
    location: doc.location,
    imageUrls: doc.imageUrls ?? [],
    ...given('contactPhone', doc.contactPhone),
    ...given('contactEmail', doc.contactEmail),
    ...given('contactPreference', doc.contactPreference),
    tier: doc.tier,
    status: doc.status as Listing['status'],
    // The optional details (listing-details.ts), in the table's order.
    ...Object.assign({}, ...LISTING_DETAIL_KEYS.map((key) => given(key, doc[key]))),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    ...given('expiresAt', doc.expiresAt?.toISOString()),
    ...given('doneAt', doc.doneAt?.toISOString()),
  };
}

/**
 * A stored listing as its viewer gets it: a moderated one (hidden, or its author banned), which only its owner is ever
 * given, carries `moderation: 'under-review'`. Never used for events: search keeps the public form.
 */
export function toListingFor(doc: ListingDoc): Listing {
  const listing = toListing(doc);
  return isModerated(doc) ? { ...listing, moderation: 'under-review' } : listing;
}
