import { ForumPostCreated, ForumPostDeleted } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { claimImage } from '../use-cases/claim-image.ts';
import { releaseImage } from '../use-cases/release-image.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const IMAGE_CLAIMS_DURABLE = 'listings-image-claims';

/**
 * Uploads that other features show, for as long as they show them: a forum post with an image (forum.post-created)
 * claims its upload, so the abandoned-upload sweep, which only knows listings, leaves it alone; the post's deletion
 * (forum.post-deleted, whatever removed it) lets go of it, and an image nothing else shows leaves S3. A durable consumer
 * of the forum's stream (the kit's: each event once per consumer across replicas, retries, dead letters), declared in
 * main.
 */
export const imageClaimsConsumer = defineConsumer<ListingsDeps>({
  source: 'forum',
  durable: IMAGE_CLAIMS_DURABLE,
  handlers: (deps) => [
    on(ForumPostCreated, async (event) => {
      if (event.data.imageUrl) await claimImage(deps, event.data.imageUrl, `forum:${event.data.postId}`, event.data.userId);
    }),
    on(ForumPostDeleted, async (event) => {
      if (!event.data.imageUrl) return;
      if (await releaseImage(deps, event.data.imageUrl, `forum:${event.data.postId}`)) {
        deps.logger.info({ postId: event.data.postId, url: event.data.imageUrl }, 'image of a deleted forum post removed');
      }
    }),
  ],
});
