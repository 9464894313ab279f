import { randomBytes } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import { EMAIL_VERIFICATION_TTL_MS } from '@cp/contracts';
import { verificationMail } from '../mailer.ts';
import { hashResetToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

/**
 * Mails a user a new verification link (identity.email-verification-requested, from registration or a resend): a
 * random token (256 bits) stored hashed with its expiry, replacing any earlier link, in the caller's transaction, then
 * the mail. A failed send throws, so the transaction stores nothing and the event is tried again. Nothing is sent to a
 * user who is gone, has no e-mail address or is verified meanwhile.
 */
export async function sendVerificationMail(deps: IdentityDeps, userId: string, session: ClientSession): Promise<'sent' | 'skipped'> {
  const user = await deps.users.findById(userId, session);
  if (!user?.email || user.emailVerified === true) return 'skipped';
  const token = randomBytes(32).toString('base64url');
  const expiry = new Date(deps.now().getTime() + EMAIL_VERIFICATION_TTL_MS);
  if (!(await deps.users.setVerificationToken(user._id, hashResetToken(token), expiry, session))) return 'skipped';
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, deps.config.PUBLIC_URL).toString();
  await deps.mailer.send(verificationMail(user.email, user.firstName || user.username, link));
  return 'sent';
}
