import { createHash, createHmac } from 'node:crypto';
import type { AccountMailPurpose } from '@cp/contracts';

/** Link tokens (password reset, e-mail verification) are stored hashed: a database leak gives no usable link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The token of one account-mail request: an HMAC of the request's id under identity's private key — 256 bits no one
 * else can compute. Identity stores its hash when the request is made (with the event, in one transaction); the mailer
 * (comms) gets the link from identity's internal mail-links endpoint, which computes it again from the event's
 * `requestId`. So the token never travels in an event and is the same on every attempt to send that request's mail.
 */
export function mailLinkToken(privateKey: string, purpose: AccountMailPurpose, requestId: string): string {
  return createHmac('sha256', privateKey).update(`${purpose}\n${requestId}`).digest('base64url');
}

/** The site's page each account mail links to (the shell's routes). */
export const MAIL_LINK_PAGES: Record<AccountMailPurpose, string> = { 'password-reset': '/reset-password', 'email-verification': '/verify-email' };
