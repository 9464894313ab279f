import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.ts';
import { LISTING_DONE_STATUSES } from './listing-lifecycle-values.ts';

/**
 * Issue 22 §1, the listing lifecycle's payloads: marking a listing done, renewing it (signed-in, or from the reminder's
 * signed link), and stopping the expiry reminders from a mail (a signed link, no login).
 */

/** POST /api/listings/{id}/done: the word of the listing's category (DONE_STATUS_BY_CATEGORY); any other → 400. */
export const MarkDoneBodySchema = z.object({ status: z.enum(LISTING_DONE_STATUSES, { error: 'Choose sold, rented or filled' }) }).strict();
export type MarkDoneBody = z.infer<typeof MarkDoneBodySchema>;

/** What a 'renew-listing' signed link carries: the one listing it may renew. */
export const RenewLinkDataSchema = z.object({ listingId: IdSchema }).strict();
/** What an 'unsubscribe-reminders' signed link carries: whose reminders it stops. */
export const ReminderOptOutDataSchema = z.object({ userId: IdSchema }).strict();

/** The body (or query) of a signed-link action (renew, stop reminders, stop an alert): the token from the mail. */
export const LinkTokenSchema = z.object({ token: z.string().min(1).max(2_048) }).strict();

/** The answer of a renewal through the signed link (the landing page says it). */
export const RenewLinkResultSchema = z.object({ listingId: IdSchema, title: z.string(), expiresAt: IsoDateTimeSchema, message: z.string() });
export type RenewLinkResult = z.infer<typeof RenewLinkResultSchema>;

/** The answer of a reminders opt-out (the landing page says it). */
export const ReminderOptOutResultSchema = z.object({ message: z.string() });

/** The renew link works this many days past the listing's expiry (a reminder read late still renews). */
export const RENEW_LINK_GRACE_DAYS = 30;
/** The stop-reminders link of a mail works this long (RFC 8058 asks for a link that keeps working a while). */
export const REMINDER_OPT_OUT_LINK_DAYS = 365;

export const LIFECYCLE_MESSAGES = {
  renewLinkInvalid: 'This renew link is invalid or has expired',
  optOutLinkInvalid: 'This unsubscribe link is invalid or has expired',
  optedOut: 'You will get no more expiry reminders. Your listings still expire; renew them from My Listings.',
  notRenewable: 'Only an active or expired listing can be renewed',
  eventPassed: 'The event date has passed: change the date to renew this listing',
  notMarkable: 'Only an active listing can be marked done',
  wrongDoneStatus: (category: string, word: string) => `A ${category} listing can only be marked ${word}`,
} as const;

/** Renewed: the sentence the landing page and My Listings show. */
export const renewedMessage = (expiresAt: string) => `The listing was renewed until ${expiresAt.slice(0, 10)}`;
