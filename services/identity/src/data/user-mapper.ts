import type { PublicUser } from '@cp/contracts';
import type { UserDoc } from './users-repository.ts';

/** A stored user as the API shows it: never the password hash, the reset or verification token, or lower-cased lookup fields. */
export function toPublicUser(u: UserDoc): PublicUser {
  return {
    id: u._id,
    username: u.username,
    email: u.email ?? null,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.profileImageUrl ?? null,
    isAdmin: u.isAdmin,
    termsAccepted: u.termsAccepted,
    termsAcceptedAt: u.termsAcceptedAt ? u.termsAcceptedAt.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    emailVerified: u.emailVerified === true,
  };
}
