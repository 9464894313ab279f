/**
 * Trust and safety's plain values (issue 21): what can be reported, why, the texts users see, and the posting limits'
 * defaults. No zod here: the report dialog in the remotes needs only these; moderation.ts builds its schemas from them.
 */
import { UNDER_REVIEW_MESSAGE } from './moderation-notice.ts';

export { UNDER_REVIEW_MESSAGE };

/**
 * What can be reported: a listing, a forum post, a forum reply, a business review, a business (wrong details), a
 * conversation of messages (issue 23: only its participants can report it; the admin reads it only through the report).
 */
export const REPORT_KINDS = ['listing', 'forum-post', 'forum-reply', 'review', 'business', 'conversation'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The 404 of `GET /internal/content/{kind}/{id}` (every owning service): another kind, a malformed id or nothing there. */
export const CONTENT_NOT_FOUND = 'Content not found';
/** How long a content snapshot's title and excerpt may be (each owner cuts its item's text to them). */
export const CONTENT_TITLE_MAX = 300;
export const CONTENT_EXCERPT_MAX = 500;
/** The 404 of an admin's action on a moderation case that does not exist. */
export const CASE_NOT_FOUND = 'Case not found';

/** Which service owns each kind of content (answers GET /internal/content/{kind}/{id} and applies moderation events). */
export const REPORT_KIND_OWNER: Record<ReportKind, 'listings' | 'forum' | 'directory' | 'messages'> = {
  listing: 'listings',
  'forum-post': 'forum',
  'forum-reply': 'forum',
  review: 'directory',
  business: 'directory',
  conversation: 'messages',
};

/** How the report dialog and the admin queue name each kind. */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  listing: 'Listing',
  'forum-post': 'Forum post',
  'forum-reply': 'Forum reply',
  review: 'Review',
  business: 'Business',
  conversation: 'Conversation',
};

export const REPORT_REASONS = ['spam', 'scam', 'prohibited', 'offensive', 'wrong-category', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  offensive: 'Offensive or harassment',
  'wrong-category': 'Wrong category',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** The reporter's own words (required with 'other'; optional with the rest), and a moderator's note. */
export const REPORT_DETAILS_MAX = 500;
/** How many distinct reporters hide an item pending review (the moderation service's HIDE_THRESHOLD overrides it). */
export const DEFAULT_HIDE_THRESHOLD = 3;

/** What the users see (spec style: a short sentence, a toast). */
export const MODERATION_MESSAGES = {
  reported: 'Thank you. Your report has been sent to our moderators.',
  alreadyReported: 'You have already reported this.',
  ownContent: 'You cannot report your own content.',
  detailsRequired: 'Please tell us what is wrong (up to 500 characters).',
  underReview: UNDER_REVIEW_MESSAGE,
  banned: 'This account has been suspended for breaking the community guidelines. Contact us if you think this is a mistake.',
  duplicateListing: 'You already posted this listing in the last 24 hours.',
} as const;

/**
 * Who counts towards hiding an item automatically (issue 41 §1): a reporter with a verified e-mail address, whose
 * account is at least `minAgeDays` old, and whose reports were not dismissed again and again (at least
 * `dismissedLimit` dismissed, and more than twice as many as were upheld). Other reports still go to the queue.
 */
export const TRUSTED_REPORTER = { minAgeDays: 3, dismissedLimit: 3 } as const;

/** Admin actions on a reported item. */
export const MODERATION_ACTIONS = ['auto-hide', 'dismiss', 'remove', 'ban', 'unban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Per-user posting limits (issue 21 §5). `newAccountLimit` applies to accounts younger than NEW_ACCOUNT_HOURS. */
export const POSTING_ACTIONS = ['listing', 'forum-post', 'forum-reply', 'review', 'report', 'message'] as const;
export type PostingAction = (typeof POSTING_ACTIONS)[number];
export interface PostingLimit {
  limit: number;
  newAccountLimit: number;
  windowHours: number;
}
export const NEW_ACCOUNT_HOURS = 24;
export const POSTING_LIMIT_DEFAULTS: Record<PostingAction, PostingLimit> = {
  listing: { limit: 10, newAccountLimit: 3, windowHours: 24 },
  'forum-post': { limit: 20, newAccountLimit: 5, windowHours: 24 },
  'forum-reply': { limit: 60, newAccountLimit: 20, windowHours: 1 },
  review: { limit: 20, newAccountLimit: 5, windowHours: 24 },
  report: { limit: 30, newAccountLimit: 10, windowHours: 24 },
  message: { limit: 30, newAccountLimit: 10, windowHours: 1 },
};
/**
 * A posting action that a service declares for itself (issue 35: a team adds no entry to POSTING_ACTIONS): its name,
 * limits and noun, in the team's own folder. The kit's posting limits count it beside the site's, POSTING_LIMITS may
 * override it, and the OpenAPI document states it like the site's.
 */
export interface OwnPostingAction extends PostingLimit {
  action: string;
  /** How the 429 text names what was posted ("answers to events"). */
  noun: string;
}
/** How the limit message names what was posted ("You can post up to 10 listings a day."). */
export const POSTING_ACTION_NOUNS: Record<PostingAction, string> = {
  listing: 'listings',
  'forum-post': 'forum posts',
  'forum-reply': 'replies',
  review: 'reviews',
  report: 'reports',
  message: 'messages',
};
