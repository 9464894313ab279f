import { IdSchema, type UserContact } from '@cp/contracts';
import type { IdentityDeps } from './deps.ts';
import { isBanned } from './apply-ban.ts';

/** Internal (never routed by the gateway): how other services address a user's notices, e.g. a reply to their post. */
export async function userContact(deps: IdentityDeps, rawId: string): Promise<UserContact | null> {
  const id = IdSchema.safeParse(rawId);
  if (!id.success) return null;
  const user = await deps.users.findById(id.data);
  if (!user) return null;
  return { id: user._id, username: user.username, email: user.email ?? null, firstName: user.firstName ?? null, isAdmin: user.isAdmin, banned: isBanned(user), emailVerified: user.emailVerified === true };
}
