import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { ListingsRepository } from '../data/listings-repository.ts';
import type { UploadsRepository } from '../data/uploads-repository.ts';
import type { TombstonesRepository } from '../data/tombstones-repository.ts';
import type { ObjectStore, PostingLimits } from '@cp/service-kit';

export interface ListingsDeps {
  conn: Connection;
  listings: ListingsRepository;
  /** Who uploaded which image: a listing may only show its owner's uploads. */
  uploads: UploadsRepository;
  /** Ids of deleted listings (410 Gone rather than 404). */
  tombstones: TombstonesRepository;
  /** Per-user posting limits (the kit's, in this service's MongoDB): `listing` at each create. */
  postingLimits: PostingLimits;
  store: ObjectStore;
  /** Pixel limit of an image; uploads processed at once (default 4). */
  images: { maxPixels: number; concurrentUploads?: number };
  logger: Logger;
  now: () => Date;
}
