import type { Connection } from 'mongoose';
import type { Logger } from '@cp/service-kit';
import type { ListingsRepository } from '../data/listings-repository.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export interface ListingsDeps {
  conn: Connection;
  listings: ListingsRepository;
  store: ObjectStore;
  images: { maxPixels: number };
  logger: Logger;
  now: () => Date;
}
