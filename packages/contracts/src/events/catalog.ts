import '../zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common.ts';
import { ListingCategorySchema, ListingSchema, ListingTierSchema } from '../listings.ts';
import { ForumCategorySchema, ForumPostSchema } from '../forum.ts';
import { BusinessSchema } from '../directory.ts';
import { AdPlacementSchema } from '../ads.ts';
import { NewsletterMailKindSchema } from '../comms.ts';
import { PAGE_VIEW_ID_PATTERN } from '../visitor.ts';
import { ReportKindSchema, ReportReasonSchema } from '../moderation.ts';
import { AlertListingSchema, SavedSearchFrequencySchema } from '../saved-searches.ts';
import { NOTICE_MAIL_REQUESTED, NoticeMailSchema } from '../notices.ts';
import { defineEvent, EventEnvelopeSchema, type EventDefinition, type EventEnvelope } from './envelope.ts';

// identity
export const UserRegistered = defineEvent('identity.user-registered', 1, z.object({ userId: IdSchema, username: z.string(), email: z.string().nullable() }));
export const SessionRevoked = defineEvent(
  'identity.session-revoked',
  1,
  z.object({ sid: z.string(), userId: IdSchema, reason: z.enum(['logout', 'password-reset', 'admin']) }),
);
/**
 * A password-reset link is to be mailed to the user's address (comms sends it). Never carries the token nor the
 * address: the mailer asks identity for both at send time (`GET /internal/users/{userId}/mail-links/password-reset/{requestId}`,
 * `AccountMailLinkSchema`), so a secret never rests in the outbox or the stream.
 */
export const PasswordResetRequested = defineEvent('identity.password-reset-requested', 1, z.object({ userId: IdSchema, requestId: z.uuid() }));
/**
 * A verification link is to be mailed to the user's address (at registration, and when they ask again; comms sends it).
 * Never carries the token: as for the reset link, the mailer asks identity for the link of `requestId`. `requestId` is
 * optional only for events stored before it existed (nothing to mail for those: the user asks again).
 */
export const EmailVerificationRequested = defineEvent('identity.email-verification-requested', 1, z.object({ userId: IdSchema, requestId: z.uuid().optional() }));
/** The user opened their verification link: other services drop the user's cached session answers. */
export const EmailVerified = defineEvent('identity.email-verified', 1, z.object({ userId: IdSchema }));

// listings
/**
 * `listing`: the listing as the API returns it after the change, for consumers that keep their own copy (search).
 * Optional: events stored before it was added lack it.
 */
const listingRef = z.object({ listingId: IdSchema, userId: IdSchema, category: ListingCategorySchema, tier: ListingTierSchema, title: z.string(), listing: ListingSchema.optional() });
export const ListingCreated = defineEvent('listings.listing-created', 1, listingRef);
/** `removedImageUrls`: images the edit took off the listing (their files may be removed once nothing uses them). */
export const ListingUpdated = defineEvent(
  'listings.listing-updated',
  1,
  listingRef.extend({ changed: z.array(z.string()), removedImageUrls: z.array(z.string()).default([]) }),
);
export const ListingDeleted = defineEvent('listings.listing-deleted', 1, z.object({ listingId: IdSchema, userId: IdSchema, imageUrls: z.array(z.string()) }));
/** Issue 22: the owner renewed the listing (from My Listings or the reminder's signed link): shown again until `expiresAt`. */
export const ListingRenewed = defineEvent('listings.listing-renewed', 1, listingRef.extend({ expiresAt: IsoDateTimeSchema }));
/**
 * Issue 22: the listing left the public: `expired` (past its expiresAt) or `done` (marked sold/rented/filled
 * DONE_VISIBLE_DAYS ago). `listing` is its public form after the change. A renewal (ListingRenewed) brings it back.
 */
export const ListingExpired = defineEvent('listings.listing-expired', 1, listingRef.extend({ reason: z.enum(['expired', 'done']) }));
/**
 * Issue 22: the listing expires soon: comms mails its owner the reminder, once per listing and expiresAt. The tokens are
 * the listings service's signed links (renew this listing; stop the reminders of this user), which comms puts into the
 * mail's links; the stream is internal.
 */
export const ListingExpiring = defineEvent(
  'listings.listing-expiring',
  1,
  z.object({ listingId: IdSchema, userId: IdSchema, title: z.string(), expiresAt: IsoDateTimeSchema, renewToken: z.string().max(2_048), unsubscribeToken: z.string().max(2_048) }),
);
/**
 * Issue 22 §3: a new (or renewed) listing matched a user's saved search; emitted once per (saved search, listing) ever
 * (`deliveryId`). comms mails it to `userId` at once (`instant`) or lists it in the user's daily digest. The tokens are
 * the listings service's signed unsubscribe links: this alert (`unsubscribeToken`) and the user's daily digest.
 */
export const SavedSearchMatched = defineEvent(
  'listings.saved-search-matched',
  1,
  z.object({
    deliveryId: z.string().min(1).max(100),
    savedSearchId: IdSchema,
    savedSearchName: z.string(),
    userId: IdSchema,
    frequency: SavedSearchFrequencySchema,
    listing: AlertListingSchema,
    unsubscribeToken: z.string().max(2_048),
    digestUnsubscribeToken: z.string().max(2_048),
  }),
);

// forum
export const ForumPostCreated = defineEvent(
  'forum.post-created',
  1,
  /** `post`: the post as the API returns it (optional: events stored before it was added lack it). */
  z.object({ postId: IdSchema, userId: IdSchema, category: ForumCategorySchema, title: z.string(), imageUrl: z.string().optional(), post: ForumPostSchema.optional() }),
);
/** A reply, with what a notice to the post's author needs: who replied, the start of the reply, the post. */
export const ForumReplyCreated = defineEvent(
  'forum.reply-created',
  1,
  z.object({ replyId: IdSchema, postId: IdSchema, userId: IdSchema, username: z.string(), postUserId: IdSchema, postTitle: z.string(), excerpt: z.string().max(300) }),
);
/** A post was opened by a viewer (a user id, or a salted hash of address and browser for visitors): counted off the request path. */
export const ForumPostViewed = defineEvent('forum.post-viewed', 1, z.object({ postId: IdSchema, viewer: z.string().min(1).max(128) }));
/**
 * A post was deleted (a moderator removed it, issue 21), its replies with it: consumers that keep a copy drop it;
 * `imageUrl`: the upload it showed, which nothing of the forum uses any more.
 */
export const ForumPostDeleted = defineEvent('forum.post-deleted', 1, z.object({ postId: IdSchema, userId: IdSchema, imageUrl: z.string().optional() }));

// directory
/** `business`: the business as the API returns it after the change (optional: events stored before it was added lack it). */
const businessRef = z.object({ businessId: IdSchema, name: z.string(), mainCategory: z.string().nullable(), business: BusinessSchema.optional() });
/** A review, with the business's rating and count after it. */
export const BusinessReviewed = defineEvent(
  'directory.business-reviewed',
  1,
  z.object({ reviewId: IdSchema, businessId: IdSchema, userId: IdSchema, rating: z.number().int().min(1).max(5), businessRating: z.number().min(0).max(5), reviewCount: z.number().int().positive() }),
);
export const BusinessCreated = defineEvent('directory.business-created', 1, businessRef);
export const BusinessUpdated = defineEvent('directory.business-updated', 1, businessRef);
export const BusinessDeleted = defineEvent('directory.business-deleted', 1, z.object({ businessId: IdSchema }));

// ads (impressions and clicks are counted by a consumer, idempotently by event id)
/**
 * `visitor`: who (a salted HMAC of the visitor id cookie, or of address and browser: service kit `visitorKey`), so the
 * counter counts people, not requests; `view`: the page view an impression belongs to. Optional: events stored before
 * they were added lack them (and count as they did).
 */
const adVisitor = z.string().min(1).max(128).optional();
export const AdImpressionRecorded = defineEvent(
  'ads.impression-recorded',
  1,
  z.object({ adId: IdSchema, placement: AdPlacementSchema.nullable(), visitor: adVisitor, view: z.string().regex(PAGE_VIEW_ID_PATTERN).optional() }),
);
export const AdClickRecorded = defineEvent('ads.click-recorded', 1, z.object({ adId: IdSchema, placement: AdPlacementSchema.nullable(), visitor: adVisitor }));

// comms
export const ContactMessageReceived = defineEvent('comms.contact-message-received', 1, z.object({ messageId: IdSchema, email: z.string(), subject: z.string().nullable() }));
/** A subscription became `subscribed`: since double opt-in, when its confirmation link was opened. */
export const NewsletterSubscribed = defineEvent('comms.newsletter-subscribed', 1, z.object({ subscriptionId: IdSchema, email: z.string() }));
/** A newsletter mail to send (its record, `newsletter_mails`, holds what and to whom; written with the event). */
export const NewsletterMailRequested = defineEvent('comms.newsletter-mail-requested', 1, z.object({ mailId: IdSchema, subscriptionId: IdSchema, kind: NewsletterMailKindSchema }));
export const NewsletterUnsubscribed = defineEvent('comms.newsletter-unsubscribed', 1, z.object({ subscriptionId: IdSchema, email: z.string() }));

// moderation (issue 21): the moderation service decides; listings, forum and directory apply it to their content,
// search drops hidden items from its index (and so the sitemap), identity applies bans, comms mails the author.
const contentRef = z.object({ caseId: IdSchema, kind: ReportKindSchema, itemId: IdSchema, authorId: IdSchema.nullable() });
/** A report was filed (`reportCount`: distinct reporters of the item so far). */
export const ContentReported = defineEvent(
  'moderation.content-reported',
  1,
  contentRef.extend({ reportId: IdSchema, reporterId: IdSchema, reason: ReportReasonSchema, reportCount: z.number().int().positive() }),
);
/** Enough distinct reporters: the item is hidden from everyone but its author, pending review. */
export const ContentHidden = defineEvent('moderation.content-hidden', 1, contentRef);
/** An admin dismissed the reports: the item is visible again. */
export const ContentRestored = defineEvent('moderation.content-restored', 1, contentRef);
/** An admin removed the item: its owner service deletes it; comms mails the author (title, path and reason name it). */
export const ContentRemoved = defineEvent(
  'moderation.content-removed',
  1,
  contentRef.extend({ title: z.string(), path: z.string(), reason: ReportReasonSchema, note: z.string().nullable() }),
);
/** A user was banned: identity revokes their sessions and refuses their logins; every service hides their content. */
export const UserBanned = defineEvent('moderation.user-banned', 1, z.object({ userId: IdSchema, actorId: IdSchema, reason: z.string() }));
/** The ban was lifted: the user can log in again and their content is visible again. */
export const UserUnbanned = defineEvent('moderation.user-unbanned', 1, z.object({ userId: IdSchema, actorId: IdSchema }));

// messages (issue 23): the messages service's conversations. No message text travels in an event (the streams are
// read by other services; the text stays in the messages database): a consumer that shows a message (live delivery)
// reads it from the messages service, one that mails (the unread notice) needs only who, which conversation and when.
/**
 * A message was stored: `recipientId` is the other participant (unread for them until a ConversationRead of theirs).
 * `senderName` and `listingTitle` name the sender and the listing in the unread-message mail (optional: events stored
 * before they were added lack them); never the text.
 */
export const MessageSent = defineEvent(
  'messages.message-sent',
  1,
  z.object({
    conversationId: IdSchema,
    messageId: IdSchema,
    listingId: IdSchema,
    senderId: IdSchema,
    recipientId: IdSchema,
    createdAt: IsoDateTimeSchema,
    senderName: z.string().max(100).optional(),
    listingTitle: z.string().max(300).optional(),
  }),
);
/** `readerId` read the other participant's messages of the conversation up to `readAt` (emitted only when something was unread). */
export const ConversationRead = defineEvent('messages.conversation-read', 1, z.object({ conversationId: IdSchema, readerId: IdSchema, readAt: IsoDateTimeSchema }));

// the platform (any service may ask; comms mails: notices.ts)
export const NoticeMailRequested = defineEvent(NOTICE_MAIL_REQUESTED, 1, NoticeMailSchema);

/** Every event the system publishes. */
export const eventCatalog = [
  UserRegistered,
  SessionRevoked,
  PasswordResetRequested,
  EmailVerificationRequested,
  EmailVerified,
  ListingCreated,
  ListingUpdated,
  ListingDeleted,
  ListingRenewed,
  ListingExpired,
  ListingExpiring,
  SavedSearchMatched,
  ForumPostCreated,
  ForumReplyCreated,
  ForumPostViewed,
  ForumPostDeleted,
  BusinessCreated,
  BusinessUpdated,
  BusinessDeleted,
  BusinessReviewed,
  AdImpressionRecorded,
  AdClickRecorded,
  ContactMessageReceived,
  NewsletterSubscribed,
  NewsletterMailRequested,
  NewsletterUnsubscribed,
  ContentReported,
  ContentHidden,
  ContentRestored,
  ContentRemoved,
  UserBanned,
  UserUnbanned,
  MessageSent,
  ConversationRead,
  NoticeMailRequested,
] as const satisfies readonly EventDefinition[];

export type CatalogEvent = (typeof eventCatalog)[number];

/** Builds an envelope for `def`, validating its data. */
export function makeEvent<D extends EventDefinition>(def: D, data: z.input<D['data']>, opts: { id?: string; occurredAt?: Date } = {}): EventEnvelope<z.output<D['data']>> {
  return {
    id: opts.id ?? crypto.randomUUID(),
    type: def.type,
    version: def.version,
    occurredAt: (opts.occurredAt ?? new Date()).toISOString(),
    data: def.data.parse(data) as z.output<D['data']>,
  };
}

export type ParsedEvent = { ok: true; def: EventDefinition; event: EventEnvelope } | { ok: false; reason: string };

/** Validates an envelope and its data against the catalog (unknown type/version or bad data → not ok). */
export function parseEvent(raw: unknown, catalog: readonly EventDefinition[] = eventCatalog): ParsedEvent {
  const env = EventEnvelopeSchema.safeParse(raw);
  if (!env.success) return { ok: false, reason: `invalid envelope: ${env.error.issues.map((i) => i.message).join('; ')}` };
  const def = catalog.find((d) => d.type === env.data.type && d.version === env.data.version);
  if (!def) return { ok: false, reason: `unknown event ${env.data.type} v${env.data.version}` };
  const data = def.data.safeParse(env.data.data);
  if (!data.success) return { ok: false, reason: `invalid ${def.type} data: ${data.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  return { ok: true, def, event: { ...env.data, data: data.data } };
}
