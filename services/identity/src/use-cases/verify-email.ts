import { badRequest, runInTransaction } from '@cp/service-kit';
import { EMAIL_VERIFIED_MESSAGE, EmailVerified, INVALID_VERIFICATION_LINK, VerifyEmailRequestSchema } from '@cp/contracts';
import { hashResetToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

/**
 * POST /api/auth/verify-email `{ token }` (no login needed: the link may be opened in another browser). The token is
 * consumed atomically with the user marked verified and an identity.email-verified event (other services drop the
 * user's cached session answers, so they can review at once). A used, expired, replaced or forged token is a 400 that
 * changes nothing.
 */
export async function verifyEmail(deps: IdentityDeps, body: unknown): Promise<{ message: string }> {
  const { token } = VerifyEmailRequestSchema.parse(body);
  const now = deps.now();
  const verified = await runInTransaction(deps.conn, async (session, emit) => {
    const user = await deps.users.consumeVerificationToken(hashResetToken(token), now, session);
    if (user) await emit(EmailVerified, { userId: user._id });
    return user !== null;
  });
  if (!verified) throw badRequest(INVALID_VERIFICATION_LINK);
  return { message: EMAIL_VERIFIED_MESSAGE };
}
