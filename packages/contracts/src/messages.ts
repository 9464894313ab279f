import './zod-config.ts';
import { z } from 'zod';
import { CursorPageSchema, IdSchema, IsoDateTimeSchema } from './common.ts';
import { LISTING_STATUSES } from './listing-values.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import { MESSAGE_MAX_LENGTH, MESSAGES_MESSAGES } from './messages-values.ts';

export * from './messages-values.ts';

/**
 * Messages between neighbours (issue 23): one conversation per (listing, buyer) between the buyer and the listing's
 * owner, owned by the messages service. Every route is signed in (401 otherwise); a conversation is seen only by its two
 * participants (404 to anyone else). Text is plain text: stored and answered as typed (trimmed), never as HTML.
 */

const isRefusedControl = (c: number) => (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f;

/**
 * A message's text: trimmed, 1..MESSAGE_MAX_LENGTH characters, line breaks and tabs allowed, other control characters
 * (NUL, escape ...) refused. Plain text: the web shows it as text, never as HTML.
 */
export const MessageTextSchema = z
  .string({ error: MESSAGES_MESSAGES.empty })
  .trim()
  .min(1, MESSAGES_MESSAGES.empty)
  .max(MESSAGE_MAX_LENGTH, MESSAGES_MESSAGES.tooLong)
  .refine((v) => {
    for (let i = 0; i < v.length; i += 1) if (isRefusedControl(v.charCodeAt(i))) return false;
    return true;
  }, 'The message contains characters that are not allowed');

/** A page cursor: opaque to clients (pass back the `nextCursor` of the previous page), base64url, bounded. */
export const PageCursorSchema = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, MESSAGES_MESSAGES.badCursor);

/** The listing's status as a conversation shows it: the listing's own, or 'deleted' once the listing is gone. */
export const ConversationListingStatusSchema = z.enum([...LISTING_STATUSES, 'deleted']);
export type ConversationListingStatus = z.infer<typeof ConversationListingStatusSchema>;

/**
 * The listing a conversation is about, as the conversation keeps it: a copy of its title and first image taken at
 * opening (and refreshed by listing events), so the conversation stays readable after the listing is deleted.
 * `closed`: no new messages (the listing was deleted, expired or marked done, or moderation removed the conversation).
 */
export const ConversationListingSchema = z.object({
  id: IdSchema,
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  status: ConversationListingStatusSchema,
  closed: z.boolean(),
});
export type ConversationListing = z.infer<typeof ConversationListingSchema>;

/** GET /api/conversations (the inbox) and GET /api/conversations/{id}: one conversation as the signed-in participant sees it. */
export const ConversationSummarySchema = z.object({
  id: IdSchema,
  listing: ConversationListingSchema,
  /** The other participant; `displayName` is their username. */
  other: z.object({ id: IdSchema, displayName: z.string() }),
  /** The viewer's side: 'buyer' opened it, 'owner' owns the listing. */
  role: z.enum(['buyer', 'owner']),
  /** The newest message (text cut to LAST_MESSAGE_PREVIEW_MAX characters), null before any. */
  lastMessage: z.object({ text: z.string(), senderId: IdSchema, createdAt: IsoDateTimeSchema }).nullable(),
  /** Messages of the other participant the viewer has not read. */
  unread: z.number().int().nonnegative(),
  /** The viewer blocked the other participant (they cannot message the viewer; the viewer still can read). */
  blockedByMe: z.boolean(),
  createdAt: IsoDateTimeSchema,
  /** The last activity (newest message): the inbox's order, newest first. */
  updatedAt: IsoDateTimeSchema,
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** One message. `readAt`: when the recipient read it (null: not yet); the sender's sent/read state. */
export const MessageSchema = z.object({
  id: IdSchema,
  conversationId: IdSchema,
  senderId: IdSchema,
  text: z.string(),
  createdAt: IsoDateTimeSchema,
  readAt: IsoDateTimeSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** POST /api/conversations: open (or continue) the one conversation of the signed-in buyer about this listing, with a first message. */
export const OpenConversationBodySchema = z.strictObject({ listingId: IdSchema, text: MessageTextSchema });
export type OpenConversationBody = z.input<typeof OpenConversationBodySchema>;
/** 201: the conversation (as the buyer sees it) and the message just sent. */
export const OpenConversationAnswerSchema = z.object({ conversation: ConversationSummarySchema, message: MessageSchema });
export type OpenConversationAnswer = z.infer<typeof OpenConversationAnswerSchema>;

/** POST /api/conversations/{id}/messages → 201 Message. */
export const SendMessageBodySchema = z.strictObject({ text: MessageTextSchema });
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

const limit = (size: { readonly default: number; readonly max: number }) => z.coerce.number().int().min(1).max(size.max).default(size.default);

/** GET /api/conversations?cursor&limit: newest activity first. */
export const ConversationsQuerySchema = z.object({ cursor: PageCursorSchema.optional(), limit: limit(LIST_PAGE_SIZES.conversations) });
export const ConversationPageSchema = CursorPageSchema(ConversationSummarySchema, PageCursorSchema);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

/**
 * GET /api/conversations/{id}/messages?before&limit: the newest `limit` messages older than `before` (absent: the newest),
 * answered oldest first; `nextCursor` (pass it as `before`) pages further back, null at the first message.
 */
export const MessagesQuerySchema = z.object({ before: PageCursorSchema.optional(), limit: limit(LIST_PAGE_SIZES.messages) });
export const MessagePageSchema = CursorPageSchema(MessageSchema, PageCursorSchema);
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** GET /api/messages/unread-count: the other participants' unread messages over all the viewer's conversations. */
export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** POST /api/blocks → 204: the signed-in user blocks `userId` (again: no change). DELETE /api/blocks/{userId} → 204. */
export const BlockBodySchema = z.strictObject({ userId: IdSchema });
export type BlockBody = z.input<typeof BlockBodySchema>;
/** GET /api/blocks?cursor&limit: the users the viewer blocked, newest first. `displayName` null: never met in a conversation. */
export const BlockedUserSchema = z.object({ userId: IdSchema, displayName: z.string().nullable(), blockedAt: IsoDateTimeSchema });
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
export const BlocksQuerySchema = z.object({ cursor: PageCursorSchema.optional(), limit: limit(LIST_PAGE_SIZES.blocks) });
export const BlockedUserPageSchema = CursorPageSchema(BlockedUserSchema, PageCursorSchema);
export type BlockedUserPage = z.infer<typeof BlockedUserPageSchema>;

/** POST MESSAGE_MAIL_UNSUBSCRIBE_PATH (comms): the token of an unread-message mail's unsubscribe link. */
export const MessageMailUnsubscribeSchema = z.strictObject({ token: IdSchema });
export const MessageMailUnsubscribeResultSchema = z.object({ message: z.string() });

/**
 * What the messages service reads of a listing: listings' GET /internal/listings/{id}/messaging (never routed by the
 * gateway; 404 for an unknown or deleted listing). `visible`: shown to the public (not hidden by moderation).
 */
export const MessagingListingSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  visible: z.boolean(),
});
export type MessagingListing = z.infer<typeof MessagingListingSchema>;

export const LiveMessageEventSchema = z.object({ conversationId: IdSchema, messageId: IdSchema, senderId: IdSchema, createdAt: IsoDateTimeSchema });
export type LiveMessageEvent = z.infer<typeof LiveMessageEventSchema>;
export const LiveReadEventSchema = z.object({ conversationId: IdSchema, readerId: IdSchema, readAt: IsoDateTimeSchema });
export type LiveReadEvent = z.infer<typeof LiveReadEventSchema>;
/** `Last-Event-ID`: a position in the messages' event stream (what an earlier `id:` said). */
export const StreamPositionSchema = z.string().regex(/^\d{1,15}$/, 'Last-Event-ID must be a stream position').transform(Number);
