import { fitExcerpt, readContentSnapshot } from '@cp/service-kit';
import { CONTENT_TITLE_MAX, type ContentSnapshot } from '@cp/contracts';
import type { ListingsDeps } from './deps.ts';

/**
 * GET /internal/content/listing/:id (moderation, never routed by the gateway): the listing as moderation shows it —
 * hidden ones and those of banned authors too; 404 for an unknown, deleted or malformed id, or another kind. The
 * listings service does not know usernames: `authorName` is null (moderation names the author from identity).
 */
export function contentSnapshot(deps: ListingsDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  return readContentSnapshot({
    listing: async (id) => {
      const doc = await deps.listings.findById(id);
      if (!doc) return null;
      return {
        kind: 'listing',
        itemId: doc._id,
        authorId: doc.userId,
        authorName: null,
        title: doc.title.slice(0, CONTENT_TITLE_MAX),
        excerpt: fitExcerpt(doc.description.replace(/\s+/g, ' ').trim()),
        path: `/listing/${doc._id}`,
        createdAt: doc.createdAt.toISOString(),
      };
    },
  }, kind, rawId);
}
