import { randomBytes } from 'node:crypto';
import { ForgotPasswordRequestSchema, RESET_TOKEN_TTL_MS } from '@cp/contracts';
import type { ThrottleRule } from '../data/login-throttle-repository.ts';
import { passwordResetMail } from '../mailer.ts';
import { hashResetToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with this email, a password reset link has been sent.';

/** At most 3 reset e-mails per account per hour; further requests get the same answer and send nothing. */
export const RESET_MAIL_RULE: ThrottleRule = { free: 2, baseDelayMs: 60 * 60_000, maxDelayMs: 60 * 60_000, windowMs: 60 * 60_000 };

/**
 * Same answer whether or not the account exists. The mail goes out after the answer, so the response time
 * does not tell either. The token is random (256 bits), stored hashed, single use and valid for 1 hour.
 */
export async function forgotPassword(deps: IdentityDeps, body: unknown): Promise<{ message: string }> {
  const { email } = ForgotPasswordRequestSchema.parse(body);
  const user = await deps.users.findByEmail(email.toLowerCase());
  if (user?.email) {
    const key = `reset:${user._id}`;
    const now = deps.now();
    if ((await deps.throttle.waitMs([key], now)) === 0) {
      await deps.throttle.recordFailure(key, RESET_MAIL_RULE, now);
      const token = randomBytes(32).toString('base64url');
      await deps.users.setResetToken(user._id, hashResetToken(token), new Date(now.getTime() + RESET_TOKEN_TTL_MS));
      const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, deps.config.PUBLIC_URL).toString();
      const name = user.firstName || user.username;
      void deps.mailer.send(passwordResetMail(user.email, name, link)).catch((err: unknown) => deps.logger.error({ err }, 'password reset mail failed'));
    } else {
      deps.logger.warn({ userId: user._id }, 'password reset mail rate-limited');
    }
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}
