import { createHmac } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import { EMAIL_VERIFICATION_TTL_MS } from '@cp/contracts';
import { verificationMail } from '../mailer.ts';
import { hashResetToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

/**
 * The link's token for one request (one event): an HMAC of the event's id under identity's private key — 256 bits no
 * one else can compute, and the same on every run of the handler for that event. MongoDB may run a transaction's body
 * again (a transient error, an unknown commit result), and each run mails: a random token per run would leave the
 * first mail's link dead once the second run replaced it. A new request (a resend) is a new event, so a new token.
 */
export function verificationToken(deps: Pick<IdentityDeps, 'config'>, eventId: string): string {
  return createHmac('sha256', deps.config.privateKey).update(`email-verification\n${eventId}`).digest('base64url');
}

/**
 * Mails a user a new verification link (identity.email-verification-requested, from registration or a resend): the
 * event's token (verificationToken) stored hashed with its expiry, replacing any earlier link, in the caller's
 * transaction, then the mail. A failed send throws, so the transaction stores nothing and the event is tried again.
 * Nothing is sent to a user who is gone, has no e-mail address or is verified meanwhile.
 */
export async function sendVerificationMail(deps: IdentityDeps, userId: string, eventId: string, session: ClientSession): Promise<'sent' | 'skipped'> {
  const user = await deps.users.findById(userId, session);
  if (!user?.email || user.emailVerified === true) return 'skipped';
  const token = verificationToken(deps, eventId);
  const expiry = new Date(deps.now().getTime() + EMAIL_VERIFICATION_TTL_MS);
  if (!(await deps.users.setVerificationToken(user._id, hashResetToken(token), expiry, session))) return 'skipped';
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, deps.config.PUBLIC_URL).toString();
  await deps.mailer.send(verificationMail(user.email, user.firstName || user.username, link));
  return 'sent';
}
