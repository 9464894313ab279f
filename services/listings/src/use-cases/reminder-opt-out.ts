import { LIFECYCLE_MESSAGES } from '@cp/contracts';
import type { ListingsDeps } from './deps.ts';

/**
 * POST /api/listings/reminders/unsubscribe?token= (the reminder mail's List-Unsubscribe one-click, RFC 8058) or with
 * JSON { token } (its page): the user the signed token (purpose 'unsubscribe-reminders') names gets no more expiry
 * reminders; their listings still expire. No login: the token is the proof. Again: the same answer. A bad token: 400.
 */
export async function optOutOfReminders(deps: ListingsDeps, token: unknown): Promise<{ message: string }> {
  const { userId } = deps.lifecycle.optOutLinks.verify(token, deps.now());
  await deps.optOuts.add(userId, deps.now());
  return { message: LIFECYCLE_MESSAGES.optedOut };
}
