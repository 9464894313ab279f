import { eventStream, ForumPostCreated } from '@cp/contracts';
import { on, startConsumer, type NatsHandle } from '@cp/service-kit';
import { claimImage } from '../use-cases/claim-image.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const IMAGE_CLAIMS_DURABLE = 'listings-image-claims';

/**
 * Uploads that other features show are kept: a forum post with an image (forum.post-created) claims its upload, so the
 * abandoned-upload sweep, which only knows listings, leaves it alone. A durable consumer of the forum's stream.
 */
export function startImageClaims(deps: ListingsDeps, nats: NatsHandle, durable = IMAGE_CLAIMS_DURABLE) {
  return startConsumer({
    nats,
    connection: deps.conn,
    stream: eventStream('forum').name,
    durable,
    logger: deps.logger,
    handlers: [
      on(ForumPostCreated, async (event) => {
        if (event.data.imageUrl) await claimImage(deps, event.data.imageUrl, `forum:${event.data.postId}`, event.data.userId);
      }),
    ],
  });
}
