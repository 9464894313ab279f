import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { ListingsRepository } from '../data/listings-repository.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export interface ListingsDeps {
  conn: Connection;
  listings: ListingsRepository;
  store: ObjectStore;
  /** Pixel limit of an image; uploads processed at once (default 4). */
  images: { maxPixels: number; concurrentUploads?: number };
  logger: Logger;
  now: () => Date;
}
