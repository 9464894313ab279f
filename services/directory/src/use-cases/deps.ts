import type { Connection } from 'mongoose';
import type { Logger, PostingLimits } from '@cp/service-kit';
import type { BusinessesRepository } from '../data/businesses-repository.ts';
import type { ReviewsRepository } from '../data/reviews-repository.ts';

export interface DirectoryDeps {
  conn: Connection;
  businesses: BusinessesRepository;
  reviews: ReviewsRepository;
  /** The kit's per-user posting limits ('review'). */
  limits: PostingLimits;
  logger: Logger;
  now: () => Date;
}
