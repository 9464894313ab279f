import { createHash, randomBytes } from 'node:crypto';

/** A link's token: 32 bytes from the CSPRNG, base64url (43 characters; NewsletterConfirmSchema checks the form). */
export const newNewsletterToken = (): string => randomBytes(32).toString('base64url');

/** Confirmation tokens are stored as this hash only: the database alone gives no working link. */
export const hashNewsletterToken = (token: string): string => createHash('sha256').update(token).digest('hex');
