import { fitExcerpt, readContentSnapshot, snapshotOf } from '@cp/service-kit';
import type { ContentSnapshot } from '@cp/contracts';
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
      return doc && snapshotOf('listing', doc, {
        authorName: null,
        title: doc.title,
        excerpt: fitExcerpt(doc.description.replace(/\s+/g, ' ').trim()),
        path: `/listing/${doc._id}`,
      });
    },
  }, kind, rawId);
}
