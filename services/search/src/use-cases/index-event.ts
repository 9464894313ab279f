import {
  BusinessCreated,
  BusinessDeleted,
  BusinessReviewed,
  BusinessUpdated,
  ContentHidden,
  ContentRemoved,
  ContentRestored,
  ForumPostCreated,
  ListingCreated,
  ListingDeleted,
  ListingExpired,
  ListingRenewed,
  ListingUpdated,
  UserBanned,
  UserUnbanned,
  type EventDefinition,
  type EventEnvelope,
  type ReportKind,
} from '@cp/contracts';
import type { Logger } from 'pino';
import type { DocKind, SearchIndex } from '../data/search-index.ts';

/**
 * The events the index is built from, per owning service, and moderation's decisions (issue 21), which every replica
 * applies to its own index like the rest.
 */
export const FEEDS: Record<'listings' | 'forum' | 'directory' | 'moderation', EventDefinition[]> = {
  listings: [ListingCreated, ListingUpdated, ListingDeleted, ListingExpired, ListingRenewed],
  forum: [ForumPostCreated],
  directory: [BusinessCreated, BusinessUpdated, BusinessReviewed, BusinessDeleted],
  moderation: [ContentHidden, ContentRestored, ContentRemoved, UserBanned, UserUnbanned],
};

/** The kinds of reported content search holds; replies and reviews are not documents of its own. */
const DOC_KIND: Partial<Record<ReportKind, DocKind>> = { listing: 'listing', 'forum-post': 'post', business: 'business' };

/**
 * The index follows one event of an owner's stream or of moderation (the feed, events/index-feed.ts, reads them in
 * order and hands each here): documents put, changed, hidden, rated or dropped. An old event without its document
 * (stored before events carried it) is skipped.
 */
export function indexEvent(index: SearchIndex, event: EventEnvelope, logger?: Logger): void {
  const d = event.data as Record<string, unknown>;
  const skipped = () => logger?.warn({ type: event.type, eventId: event.id }, 'event without its document skipped');
  if (event.type.startsWith('listings.')) index.advance('listing', event.occurredAt);
  else if (event.type.startsWith('directory.')) index.advance('business', event.occurredAt);
  switch (event.type) {
    case ListingCreated.type:
    case ListingUpdated.type: {
      const { listing } = event.data as ReturnType<typeof ListingCreated.data.parse>;
      if (listing) index.putListing(listing);
      else skipped();
      return;
    }
    case ListingDeleted.type:
      index.deleteListing(d.listingId as string, event.occurredAt);
      return;
    // Issue 22: expired or retired (done DONE_VISIBLE_DAYS ago) → out of everything public; renewed → back.
    case ListingExpired.type:
    case ListingRenewed.type: {
      const { listing } = event.data as ReturnType<typeof ListingExpired.data.parse>;
      if (listing) index.setListingLifecycle(listing, event.type === ListingExpired.type && (event.data as { reason: string }).reason === 'done');
      else skipped();
      return;
    }
    case ForumPostCreated.type: {
      const { post } = event.data as ReturnType<typeof ForumPostCreated.data.parse>;
      if (post) index.putPost(post);
      else skipped();
      return;
    }
    case BusinessCreated.type:
    case BusinessUpdated.type: {
      const { business } = event.data as ReturnType<typeof BusinessCreated.data.parse>;
      if (business) index.putBusiness(business, event.occurredAt);
      else skipped();
      return;
    }
    case BusinessReviewed.type: {
      const r = event.data as ReturnType<typeof BusinessReviewed.data.parse>;
      index.rateBusiness(r.businessId, r.businessRating, r.reviewCount);
      return;
    }
    case BusinessDeleted.type:
      index.deleteBusiness(d.businessId as string, event.occurredAt);
      return;
    case ContentHidden.type:
    case ContentRestored.type:
    case ContentRemoved.type: {
      const { kind, itemId } = event.data as ReturnType<typeof ContentHidden.data.parse>;
      const doc = DOC_KIND[kind];
      if (!doc) return;
      // A removed listing or business stays hidden until its owner's deletion (which follows) drops it; forum publishes
      // no deletion search reads, so a removed post goes now.
      if (event.type === ContentRemoved.type && doc === 'post') index.removePost(itemId);
      else index.setHidden(doc, itemId, event.type !== ContentRestored.type);
      return;
    }
    case UserBanned.type:
    case UserUnbanned.type:
      index.setBanned(d.userId as string, event.type === UserBanned.type);
  }
}
