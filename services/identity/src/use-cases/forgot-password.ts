import { randomUUID } from 'node:crypto';
import { ForgotPasswordRequestSchema, PasswordResetRequested, RESET_TOKEN_TTL_MS } from '@cp/contracts';
import { runInTransaction } from '@cp/service-kit';
import type { ThrottleRule } from '../data/login-throttle-repository.ts';
import { hashResetToken, mailLinkToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with this email, a password reset link has been sent.';

/** At most 3 reset e-mails per account per hour; further requests get the same answer and send nothing. */
export const RESET_MAIL_RULE: ThrottleRule = { free: 2, baseDelayMs: 60 * 60_000, maxDelayMs: 60 * 60_000, windowMs: 60 * 60_000 };

/**
 * Same answer whether or not the account exists, and no mail is sent while answering: the token's hash (valid for
 * 1 hour, single use, replacing any earlier link) and identity.password-reset-requested commit in one transaction
 * (the outbox); comms mails the link (its account-mails consumer, which asks identity for the link of the request).
 */
export async function forgotPassword(deps: IdentityDeps, body: unknown): Promise<{ message: string }> {
  const { email } = ForgotPasswordRequestSchema.parse(body);
  const user = await deps.users.findByEmail(email.toLowerCase());
  if (user?.email) {
    const key = `reset:${user._id}`;
    const now = deps.now();
    if ((await deps.throttle.waitMs([key], now)) === 0) {
      await deps.throttle.recordFailure(key, RESET_MAIL_RULE, now);
      const requestId = randomUUID();
      const tokenHash = hashResetToken(mailLinkToken(deps.config.privateKey, 'password-reset', requestId));
      await runInTransaction(deps.conn, async (session, emit) => {
        await deps.users.setResetToken(user._id, tokenHash, new Date(now.getTime() + RESET_TOKEN_TTL_MS), session);
        await emit(PasswordResetRequested, { userId: user._id, requestId });
      });
    } else {
      deps.logger.warn({ userId: user._id }, 'password reset mail rate-limited');
    }
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}
