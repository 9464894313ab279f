import { ListingDeleted, ListingUpdated } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { removeUnusedImages } from '../use-cases/remove-unused-images.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const IMAGE_CLEANUP_DURABLE = 'listings-image-cleanup';

/**
 * The listings service's own event handler: when a listing is deleted, or an edit takes images off it, the files of
 * images no other listing uses are removed from S3. A durable JetStream consumer (the kit's: validated payloads,
 * idempotency record, retries with backoff, dead letters), so a failure of S3 only delays the clean-up.
 */
export const imageCleanupConsumer = defineConsumer<ListingsDeps>({
  source: 'listings',
  durable: IMAGE_CLEANUP_DURABLE,
  handlers: (deps) => [
    on(ListingDeleted, async (event) => {
      const removed = await removeUnusedImages(deps, event.data.imageUrls);
      if (removed > 0) deps.logger.info({ listingId: event.data.listingId, removed }, 'images of a deleted listing removed');
    }),
    on(ListingUpdated, async (event) => {
      if (event.data.removedImageUrls.length === 0) return;
      await removeUnusedImages(deps, event.data.removedImageUrls);
    }),
  ],
});
