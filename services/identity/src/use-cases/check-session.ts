import type { IdentityDeps } from './deps.ts';

/** Used by every other service (through the internal endpoint) to honour logout and password reset. */
export async function checkSession(deps: IdentityDeps, sid: string): Promise<{ userId: string; isAdmin: boolean; username: string } | null> {
  const s = await deps.sessions.findActive(sid, deps.now());
  if (!s) return null;
  const user = await deps.users.findById(s.sess.userId);
  if (!user) return null;
  return { userId: user._id, isAdmin: user.isAdmin, username: user.username };
}
