import { badRequest, runInTransaction } from '@cp/service-kit';
import { ResetPasswordRequestSchema, SessionRevoked } from '@cp/contracts';
import { hashPassword } from '../passwords.ts';
import { hashResetToken } from './reset-tokens.ts';
import type { IdentityDeps } from './deps.ts';

export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or expired.';

/** Sets the new password, burns the token and ends every session of the user. */
export async function resetPassword(deps: IdentityDeps, body: unknown): Promise<{ message: string }> {
  const input = ResetPasswordRequestSchema.parse(body);
  const passwordHash = await hashPassword(input.password);
  const done = await runInTransaction(deps.conn, async (session, emit) => {
    const user = await deps.users.consumeResetToken(hashResetToken(input.token), deps.now(), passwordHash, session);
    if (!user) return false;
    const sids = await deps.sessions.listForUser(user._id, session);
    await deps.sessions.deleteForUser(user._id, session);
    for (const sid of sids) await emit(SessionRevoked, { sid, userId: user._id, reason: 'password-reset' });
    return true;
  });
  if (!done) throw badRequest(INVALID_RESET_TOKEN);
  return { message: RESET_DONE_MESSAGE };
}
