import type { SessionCheckAnswer } from '@cp/contracts';
import type { IdentityDeps } from './deps.ts';
import { isBanned } from './apply-ban.ts';

/**
 * Used by every other service (through the internal endpoint) to honour logout and password reset, with what they
 * need to know of the user: role, name, and the account's standing (e-mail verified, created when) for reviews.
 * A banned user has no active session.
 */
export async function checkSession(deps: IdentityDeps, sid: string): Promise<Required<SessionCheckAnswer> | null> {
  const s = await deps.sessions.findActive(sid, deps.now());
  if (!s) return null;
  const user = await deps.users.findById(s.sess.userId);
  // A banned user's sessions are ended with the ban; one that survived anyway (made in the same instant) counts for nothing.
  if (!user || isBanned(user)) return null;
  return { userId: user._id, isAdmin: user.isAdmin, username: user.username, emailVerified: user.emailVerified === true, createdAt: user.createdAt.toISOString() };
}
