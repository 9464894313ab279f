import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.ts';
import { LIMITS, MIN_CONTACT_MESSAGE, MIN_CONTACT_NAME, MIN_CONTACT_SUBJECT } from './constants.ts';

/** contact_messages (spec §3). */
export const ContactMessageSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable().optional(),
  message: z.string(),
  read: z.boolean().default(false),
  createdAt: IsoDateTimeSchema,
});

/** Contact insert (spec §5): omits id, read, createdAt. Messages are the spec's. */
export const ContactMessageInsertSchema = z
  .object({
    name: z.string({ error: 'Name must be at least 2 characters' }).trim().min(MIN_CONTACT_NAME, 'Name must be at least 2 characters').max(LIMITS.nameMax),
    email: z.email('Please enter a valid email address').max(LIMITS.emailMax),
    subject: z
      .union([z.literal(''), z.string().trim().min(MIN_CONTACT_SUBJECT, 'Subject must be at least 3 characters').max(LIMITS.shortTextMax)])
      .optional(),
    message: z.string({ error: 'Message must be at least 10 characters' }).trim().min(MIN_CONTACT_MESSAGE, 'Message must be at least 10 characters').max(LIMITS.descriptionMax),
  })
  .strict();
export type ContactMessageInsert = z.input<typeof ContactMessageInsertSchema>;
/** POST /api/contact's answer (201): the stored message's id and the sentence the form shows. */
export const ContactMessageAnswerSchema = z.object({ id: IdSchema, message: z.string() });

/** newsletters (spec §3). */
export const NewsletterSchema = z.object({ id: IdSchema, email: z.string(), subscribed: z.boolean().default(true), createdAt: IsoDateTimeSchema });
export type NewsletterSubscription = z.infer<typeof NewsletterSchema>;

/** Newsletter insert: omits id, timestamps and subscribed. The client only checks for an '@' (spec §5); the server validates. */
export const NewsletterSubscribeSchema = z.object({ email: z.email('Invalid email: Please enter a valid email address').max(LIMITS.emailMax) }).strict();

/**
 * Newsletter double opt-in and one-click unsubscribe (issue 26). A subscription is `pending` from the sign-up until its
 * confirmation link is opened, then `subscribed` (the spec's `subscribed: true`), `unsubscribed` after an unsubscribe.
 */
export const NewsletterStatusSchema = z.enum(['pending', 'subscribed', 'unsubscribed']);
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>;

/** Days a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;

/** The newsletter's texts, shared by the service's answers and the pages. */
export const NEWSLETTER_TEXT = {
  /** Sign-up answer: the same whether the address is new, pending or subscribed already (nothing to enumerate). */
  checkInbox: 'Check your inbox: open the link in our e-mail to confirm your subscription.',
  /** Spec §8, for the signed-in owner of an address that is subscribed already. */
  alreadySubscribed: 'This email is already subscribed to our newsletter.',
  /** Spec §8's sign-up success, now shown once the link confirmed the subscription. */
  confirmed: "Thanks for subscribing! You'll receive updates about the latest listings and events.",
  confirmInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  unsubscribeInvalid: 'This unsubscribe link is invalid. Please use the link in the latest newsletter e-mail.',
} as const;

/** A newsletter link's token: 32 random bytes, base64url (the page tests a link with it before asking). */
export const NEWSLETTER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const newsletterToken = (message: string) => z.string({ error: message }).regex(NEWSLETTER_TOKEN, message);

/** POST /api/newsletter/confirm (the confirmation page). */
export const NewsletterConfirmSchema = z.object({ token: newsletterToken(NEWSLETTER_TEXT.confirmInvalid) }).strict();
/** POST /api/newsletter/unsubscribe with a JSON body (the unsubscribe page). */
export const NewsletterUnsubscribeSchema = z.object({ token: newsletterToken(NEWSLETTER_TEXT.unsubscribeInvalid) }).strict();
/** `?token=` of the List-Unsubscribe URL (the one-click POST and a plain GET of that URL). */
export const NewsletterUnsubscribeQuerySchema = z.object({ token: newsletterToken(NEWSLETTER_TEXT.unsubscribeInvalid) });
/** RFC 8058: the one-click POST's form body (application/x-www-form-urlencoded) is exactly `List-Unsubscribe=One-Click`. */
export const NewsletterOneClickSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: 'Expected the body List-Unsubscribe=One-Click' }) });

/** The sign-up's answer (202): a message, nothing about the address. */
export const NewsletterSubscribeAnswerSchema = z.object({ message: z.string() });
/** The confirm and unsubscribe answers (200). */
export const NewsletterLinkAnswerSchema = z.object({ message: z.string(), status: NewsletterStatusSchema });

/** The mails a subscription gets: the link to confirm, the welcome after it, the notice to an address subscribed already. */
export const NewsletterMailKindSchema = z.enum(['confirmation', 'welcome', 'already-subscribed']);
export type NewsletterMailKind = z.infer<typeof NewsletterMailKindSchema>;
