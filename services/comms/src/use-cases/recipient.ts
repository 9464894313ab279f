import type { CommsDeps } from './deps.ts';

/** Why a notice, alert or reminder goes to nobody. */
export type NoRecipient = 'unknown-user' | 'no-address' | 'unverified';

/**
 * Who a user's notice, alert, reminder or batched mail goes to: their address and the name to greet, read from identity
 * at send time. Nobody when identity does not know the user, when they have no address, or when they never verified it
 * (issue 41): anyone can register with someone else's address, and that address must then receive nothing but its
 * verification mail (identity's account mails, which do not come here), however many alerts the account saves.
 */
export async function recipientOf(deps: Pick<CommsDeps, 'users'>, userId: string): Promise<{ email: string; name: string } | NoRecipient> {
  const contact = await deps.users.contact(userId);
  if (!contact) return 'unknown-user';
  if (!contact.email) return 'no-address';
  if (contact.emailVerified !== true) return 'unverified';
  return { email: contact.email, name: contact.firstName || contact.username };
}
