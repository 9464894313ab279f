import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { ListingsRepository } from '../data/listings-repository.ts';
import type { UploadsRepository } from '../data/uploads-repository.ts';
import type { TombstonesRepository } from '../data/tombstones-repository.ts';
import type { ReminderOptOutsRepository } from '../data/reminder-opt-outs-repository.ts';
import type { SavedSearchesRepository } from '../data/saved-searches-repository.ts';
import type { SavedListingsRepository } from '../data/saved-listings-repository.ts';
import type { concurrencyLimit } from '../images/concurrency.ts';
import type { AlertLinks } from './alert-links.ts';
import type { ObjectStore, PostingLimits, SignedLinks } from '@cp/service-kit';

/** Issue 22 lifecycle settings: the TTL and the service's signed links (renew one listing; stop one user's reminders). */
export interface LifecycleDeps {
  ttlDays: number;
  renewLinks: SignedLinks<{ listingId: string }>;
  optOutLinks: SignedLinks<{ userId: string }>;
}

export interface ListingsDeps {
  conn: Connection;
  listings: ListingsRepository;
  /** Who uploaded which image: a listing may only show its owner's uploads. */
  uploads: UploadsRepository;
  /** Ids of deleted listings (410 Gone rather than 404). */
  tombstones: TombstonesRepository;
  /** Per-user posting limits (the kit's, in this service's MongoDB): `listing` at each create. */
  postingLimits: PostingLimits;
  /** Saved searches with alerts (issue 22 §3) and their delivery records. */
  savedSearches: SavedSearchesRepository;
  /** The signed unsubscribe links of alert mails. */
  alertLinks: AlertLinks;
  store: ObjectStore;
  /** Pixel limit of an image; uploads processed at once (default 4). */
  images: { maxPixels: number; concurrentUploads?: number };
  /** The upload route's slots (images.concurrentUploads at once, up to 100 more waiting): one limit per app. */
  uploadSlots: ReturnType<typeof concurrencyLimit>;
  /** The saved listings (issue 22 §2): saved_listings and the cap's locks. */
  saved: SavedListingsRepository;
  /** Users who stopped the expiry reminders. */
  optOuts: ReminderOptOutsRepository;
  lifecycle: LifecycleDeps;
  logger: Logger;
  now: () => Date;
}
