import { ForumPostCreated } from '@cp/contracts';
import { defineConsumer, on } from '@cp/service-kit';
import { claimImage } from '../use-cases/claim-image.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const IMAGE_CLAIMS_DURABLE = 'listings-image-claims';

/**
 * Uploads that other features show are kept: a forum post with an image (forum.post-created) claims its upload, so the
 * abandoned-upload sweep, which only knows listings, leaves it alone. A durable consumer of the forum's stream, declared in
 * main.
 */
export const imageClaimsConsumer = defineConsumer<ListingsDeps>({
  source: 'forum',
  durable: IMAGE_CLAIMS_DURABLE,
  handlers: (deps) => [
    on(ForumPostCreated, async (event) => {
      if (event.data.imageUrl) await claimImage(deps, event.data.imageUrl, `forum:${event.data.postId}`, event.data.userId);
    }),
  ],
});
