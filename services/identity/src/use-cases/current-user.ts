import { unauthorized } from '@cp/service-kit';
import type { PublicUser } from '@cp/contracts';
import { toPublicUser } from '../data/user-mapper.ts';
import type { IdentityDeps } from './deps.ts';

/** GET /api/auth/user: the logged-in user; a session whose user was deleted meanwhile is a 401. */
export async function currentUser(deps: IdentityDeps, userId: string): Promise<PublicUser> {
  const user = await deps.users.findById(userId);
  if (!user) throw unauthorized();
  return toPublicUser(user);
}
