/**
 * Messages between neighbours (issue 23): the plain values every part shares — limits, page sizes and the sentences
 * users see. No zod here (safe for the smallest bundles: the header's unread badge, the Message button); the schemas
 * are in messages.ts.
 */
import { LISTING_NOT_FOUND } from './listing-values.ts';

/** The longest message, in characters after trimming (the web counts the same way). */
export const MESSAGE_MAX_LENGTH = 2000;

/** How many users one user may block (the list is bounded; unblock one to block another). */
export const BLOCKS_PER_USER_MAX = 500;
/** How much of the last message the inbox shows (ConversationSummary.lastMessage.text); the conversation shows all. */
export const LAST_MESSAGE_PREVIEW_MAX = 200;

/**
 * The unread-message mail (issue 23 §5, sent by comms): its one-click unsubscribe stops every such mail to the user.
 * The link's page is /messages/unsubscribe?token=… (it POSTs `{ token }` to MESSAGE_MAIL_UNSUBSCRIBE_PATH).
 */
export const MESSAGE_MAIL_UNSUBSCRIBE_PATH = '/api/message-mails/unsubscribe';
export const MESSAGE_MAIL_UNSUBSCRIBE_PAGE = '/messages/unsubscribe';
export const MESSAGE_MAIL_MESSAGES = {
  unsubscribed: 'You will get no more e-mails about new messages.',
  invalidLink: 'This unsubscribe link is invalid or has expired.',
} as const;

/** What the users see (spec style: a short sentence, a toast). */
export const MESSAGES_MESSAGES = {
  empty: 'Please enter a message',
  tooLong: 'Messages can be at most 2,000 characters',
  toYourself: 'You cannot message yourself about your own listing',
  listingNotFound: LISTING_NOT_FOUND,
  /** Every refusal to a blocked sender (and any other "may not"): the sender is never told they are blocked. */
  unavailable: 'This conversation is not available',
  notSignedIn: 'Please log in to send messages',
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  /** 404 of every conversation route to anyone but its two participants, and for ids that do not exist. */
  conversationNotFound: 'Conversation not found',
  /** 409: the listing was deleted, expired or marked done (the conversation stays readable), or moderation removed it. */
  closed: 'This listing is closed: no new messages can be sent in this conversation',
  cannotBlockYourself: 'You cannot block yourself',
  tooManyBlocks: `You can block at most ${BLOCKS_PER_USER_MAX} users. Unblock someone to block another.`,
  blocked: 'User blocked. They can no longer message you.',
  unblocked: 'User unblocked.',
  badCursor: 'Invalid page cursor',
} as const;

/**
 * GET /api/messages/stream (text/event-stream, signed in): what happens in the viewer's conversations, live. Each
 * event's SSE `id` is its position in the messages' event stream; a browser that reconnects sends it back
 * (`Last-Event-ID`) and gets every event it missed. The first event, `ready`, carries the position the stream starts
 * from. The browser asks the REST routes again for what changed (the events carry no text).
 *   event: message  — a message in one of the viewer's conversations (theirs or to them)
 *   event: read     — a participant read a conversation of the viewer's
 */
export const MESSAGES_STREAM_EVENTS = ['ready', 'message', 'read'] as const;
export const MESSAGES_STREAM_PATH = '/api/messages/stream';
/** GET: `{ unread }`, the other participants' unread messages over all the viewer's conversations (the header's badge). */
export const MESSAGES_UNREAD_COUNT_PATH = '/api/messages/unread-count';
