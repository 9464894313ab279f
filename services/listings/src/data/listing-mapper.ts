import type { Listing } from '@cp/contracts';
import { isModerated, type ListingDoc } from './listings-repository.ts';

/** A stored listing as the API shows it: only the Listing's fields (never an internal one); absent optional fields left out. */
export function toListing(doc: ListingDoc): Listing {
  return {
    id: doc._id,
    userId: doc.userId,
    category: doc.category,
    title: doc.title,
    description: doc.description,
    ...(doc.price !== undefined && doc.price !== null ? { price: doc.price } : {}),
    location: doc.location,
    imageUrls: doc.imageUrls ?? [],
    ...(doc.contactPhone ? { contactPhone: doc.contactPhone } : {}),
    ...(doc.contactEmail ? { contactEmail: doc.contactEmail } : {}),
    ...(doc.contactPreference ? { contactPreference: doc.contactPreference } : {}),
    tier: doc.tier,
    status: doc.status as Listing['status'],
    ...(doc.eventDate ? { eventDate: doc.eventDate } : {}),
    ...(doc.eventTime ? { eventTime: doc.eventTime } : {}),
    ...(doc.venue ? { venue: doc.venue } : {}),
    ...(doc.organizer ? { organizer: doc.organizer } : {}),
    ...(doc.eventType ? { eventType: doc.eventType } : {}),
    ...(doc.employer ? { employer: doc.employer } : {}),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    ...(doc.expiresAt ? { expiresAt: doc.expiresAt.toISOString() } : {}),
    ...(doc.doneAt ? { doneAt: doc.doneAt.toISOString() } : {}),
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
