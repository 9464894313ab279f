import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AccountMailPurposeSchema, IdSchema, type AccountMailLink } from '@cp/contracts';
import { hashResetToken, MAIL_LINK_PAGES, mailLinkToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

const sameHash = (a: string | undefined, b: string) => a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Internal (never routed by the gateway; the mailer, comms, asks it): the link of one account-mail request — the
 * address, the name to greet and `PUBLIC_URL/<page>?token=…` — while it still works: the user's stored hash is this
 * request's (not replaced by a newer one, not used) and not expired; a verification link only while the user is not
 * verified. Null otherwise (and for malformed input): there is nothing to mail.
 */
export async function mailLink(deps: IdentityDeps, rawUserId: string, rawPurpose: string, rawRequestId: string): Promise<AccountMailLink | null> {
  const userId = IdSchema.safeParse(rawUserId);
  const purpose = AccountMailPurposeSchema.safeParse(rawPurpose);
  const requestId = z.uuid().safeParse(rawRequestId);
  if (!userId.success || !purpose.success || !requestId.success) return null;
  const user = await deps.users.findById(userId.data);
  if (!user?.email) return null;
  const token = mailLinkToken(deps.config.privateKey, purpose.data, requestId.data);
  const hash = hashResetToken(token);
  const now = deps.now().getTime();
  const valid =
    purpose.data === 'password-reset'
      ? sameHash(user.resetToken, hash) && (user.resetTokenExpiry?.getTime() ?? 0) > now
      : user.emailVerified !== true && sameHash(user.emailVerifyToken, hash) && (user.emailVerifyExpiry?.getTime() ?? 0) > now;
  if (!valid) return null;
  const link = new URL(`${MAIL_LINK_PAGES[purpose.data]}?token=${encodeURIComponent(token)}`, deps.config.PUBLIC_URL).toString();
  return { to: user.email, name: user.firstName || user.username, link };
}
