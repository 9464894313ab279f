import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, LIMITS } from './common.ts';
import { MIN_CONTACT_MESSAGE, MIN_CONTACT_NAME, MIN_CONTACT_SUBJECT } from './constants.ts';

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

/** newsletters (spec §3). */
export const NewsletterSchema = z.object({ id: IdSchema, email: z.string(), subscribed: z.boolean().default(true), createdAt: IsoDateTimeSchema });
export type NewsletterSubscription = z.infer<typeof NewsletterSchema>;

/** Newsletter insert: omits id, timestamps and subscribed. The client only checks for an '@' (spec §5); the server validates. */
export const NewsletterSubscribeSchema = z.object({ email: z.email('Invalid email: Please enter a valid email address').max(LIMITS.emailMax) }).strict();
