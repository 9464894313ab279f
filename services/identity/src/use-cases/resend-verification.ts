import { badRequest, conflict, runInTransaction, tooManyRequests, unauthorized } from '@cp/service-kit';
import { randomUUID } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_MS, EmailVerificationRequested } from '@cp/contracts';
import { hashResetToken, mailLinkToken } from './reset-tokens.ts';
import type { ThrottleRule } from '../data/login-throttle-repository.ts';
import type { IdentityDeps } from './deps.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** One link a minute per account... */
export const VERIFICATION_MAIL_MINUTE_RULE: ThrottleRule = { free: 0, baseDelayMs: MINUTE, maxDelayMs: MINUTE, windowMs: MINUTE };
/** ...and five a day (the one mailed at registration is not counted). */
export const VERIFICATION_MAIL_DAY_RULE: ThrottleRule = { free: 4, baseDelayMs: DAY, maxDelayMs: DAY, windowMs: DAY };

export const ALREADY_VERIFIED = 'Your e-mail address is already verified.';
export const NO_EMAIL_TO_VERIFY = 'Your account has no e-mail address to verify.';
export const RESEND_WAIT_MINUTE = 'A link was sent less than a minute ago. Please wait a minute before asking for another.';
export const RESEND_WAIT_DAY = 'You asked for 5 links today. Please try again tomorrow.';

/**
 * POST /api/auth/resend-verification (logged in): a new verification link to the user's address, at most one a minute
 * and five a day per account (counters in MongoDB, so the rule holds across replicas). The new link's hash replaces the
 * earlier one in the transaction of its identity.email-verification-requested event, which comms mails.
 */
export async function resendVerification(deps: IdentityDeps, userId: string): Promise<{ message: string }> {
  const user = await deps.users.findById(userId);
  if (!user) throw unauthorized();
  if (user.emailVerified === true) throw conflict(ALREADY_VERIFIED, 'already_verified');
  if (!user.email) throw badRequest(NO_EMAIL_TO_VERIFY);
  const now = deps.now();
  const minuteKey = `verify-mail:${user._id}`;
  const dayKey = `verify-mail-day:${user._id}`;
  const wait = await deps.throttle.waitMs([minuteKey, dayKey], now);
  if (wait > 0) throw tooManyRequests(wait > MINUTE ? RESEND_WAIT_DAY : RESEND_WAIT_MINUTE, wait / 1000);
  await deps.throttle.recordFailure(minuteKey, VERIFICATION_MAIL_MINUTE_RULE, now);
  await deps.throttle.recordFailure(dayKey, VERIFICATION_MAIL_DAY_RULE, now);
  const requestId = randomUUID();
  const tokenHash = hashResetToken(mailLinkToken(deps.config.privateKey, 'email-verification', requestId));
  const stored = await runInTransaction(deps.conn, async (session, emit) => {
    if (!(await deps.users.setVerificationToken(user._id, tokenHash, new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS), session))) return false;
    await emit(EmailVerificationRequested, { userId: user._id, requestId });
    return true;
  });
  if (!stored) throw conflict(ALREADY_VERIFIED, 'already_verified');
  return { message: `A new verification link is on its way to ${user.email}.` };
}
