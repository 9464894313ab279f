import { notFound } from '@cp/service-kit';
import { CONTENT_NOT_FOUND, IdSchema, type ContentSnapshot } from '@cp/contracts';
import type { ListingsDeps } from './deps.ts';

const EXCERPT_MAX = 500;
const TITLE_MAX = 300;

/**
 * GET /internal/content/listing/:id (moderation, never routed by the gateway): the listing as moderation shows it —
 * hidden ones and those of banned authors too; 404 for an unknown, deleted or malformed id, or another kind. The
 * listings service does not know usernames: `authorName` is null (moderation names the author from identity).
 */
export async function contentSnapshot(deps: ListingsDeps, kind: string, rawId: string): Promise<ContentSnapshot> {
  const id = IdSchema.safeParse(rawId);
  if (kind !== 'listing' || !id.success) throw notFound(CONTENT_NOT_FOUND);
  const doc = await deps.listings.findById(id.data);
  if (!doc) throw notFound(CONTENT_NOT_FOUND);
  const excerpt = doc.description.replace(/\s+/g, ' ').trim();
  return {
    kind: 'listing',
    itemId: doc._id,
    authorId: doc.userId,
    authorName: null,
    title: doc.title.slice(0, TITLE_MAX),
    excerpt: excerpt.length <= EXCERPT_MAX ? excerpt : `${excerpt.slice(0, EXCERPT_MAX - 1)}…`,
    path: `/listing/${doc._id}`,
    createdAt: doc.createdAt.toISOString(),
  };
}
