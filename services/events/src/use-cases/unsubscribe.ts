import type { EventsDeps } from './deps.ts';
import { TOPICS } from './notices.ts';

/**
 * POST /api/events/reminders/unsubscribe (RFC 8058 one-click, or the unsubscribe page's button): the user and topic the signed token names
 * (event reminders, or event change notices) get no more of those mails. No login: the token is the proof. Again: the
 * same answer. A bad, altered or expired token: 400.
 */
export async function unsubscribe(deps: EventsDeps, token: unknown): Promise<{ message: string }> {
  const { userId, topic } = deps.unsubscribeLinks.verify(token, deps.now());
  await (topic === 'event-reminders' ? deps.reminderOptOuts : deps.changeOptOuts).add(userId, deps.now());
  return { message: `You will get no more ${TOPICS[topic].label}.` };
}
