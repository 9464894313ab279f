import { DEMO_ACCOUNTS } from '@cp/contracts';
import { hashPassword } from '../passwords.ts';
import type { IdentityDeps } from '../use-cases/deps.ts';

/**
 * Creates the demo accounts (contracts' DEMO_ACCOUNTS, the owners of the demo listings and a demo admin) that do not
 * exist yet, all with `password`, their e-mail verified (their fictional addresses receive nothing, and a newcomer
 * trying the site as one can review). Local dev stack only (config refuses it in production). An account that exists
 * is left as it is (its password may have been changed), but marked verified when it is not yet (made before e-mail
 * verification existed); a username someone else took is skipped with a warning. Returns the usernames created.
 */
export async function seedDemoAccounts(deps: Pick<IdentityDeps, 'users' | 'logger'>, password: string): Promise<string[]> {
  const created: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (await deps.users.findById(account.id)) {
      await deps.users.markVerified(account.id, new Date());
      continue;
    }
    if (await deps.users.findByUsername(account.username)) {
      deps.logger.warn({ username: account.username }, 'demo account skipped: the username belongs to another user');
      continue;
    }
    await deps.users.create({
      _id: account.id,
      username: account.username,
      usernameLower: account.username.toLowerCase(),
      password: await hashPassword(password),
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      isAdmin: account.isAdmin,
      emailVerified: true,
      emailVerifiedAt: new Date(),
      termsAccepted: true,
      termsAcceptedAt: new Date(),
    });
    created.push(account.username);
  }
  return created;
}
