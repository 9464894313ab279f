import { isKnownBot, visitorKey, type VisitorRequest } from '@cp/service-kit';
import type { ForumPost } from '@cp/contracts';
import { toPost } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';
import { existingPost } from './post-rules.ts';

export interface Viewer extends VisitorRequest {
  userId?: string | undefined;
}

/**
 * A logged-in viewer is their user id; a visitor the kit's visitorKey with the forum's salt: a salted HMAC of the
 * visitor id cookie (cp_vid, the same visitor the ads count), or of address and browser without one (nothing personal
 * is kept).
 */
export function viewerKey(deps: Pick<ForumDeps, 'viewerSalt'>, viewer: Viewer): string {
  if (viewer.userId) return `u:${viewer.userId}`;
  return visitorKey(viewer, deps.viewerSalt);
}

/**
 * GET /api/forum/posts/:id: the post (404 when unknown; a post moderation hides is 404 but for its author, who gets it
 * marked under review). The view is counted off the request path: a post-viewed event
 * goes to JetStream and the view counter adds it (once per viewer per post per 24 h). Known bots are not counted; a
 * view that cannot be handed over is logged and the reader still gets the post.
 */
export async function viewPost(deps: ForumDeps, rawId: string, viewer: Viewer): Promise<ForumPost> {
  const post = await existingPost(deps, rawId, viewer.userId);
  if (!isKnownBot(viewer.userAgent)) {
    await deps.publishView(post._id, viewerKey(deps, viewer)).catch((err: unknown) => deps.logger.warn({ err, postId: post._id }, 'a view could not be counted'));
  }
  return toPost(post);
}
