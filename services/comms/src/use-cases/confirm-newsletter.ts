import { NEWSLETTER_TEXT, NewsletterConfirmSchema, NewsletterMailRequested, NewsletterSubscribed, type NewsletterStatus } from '@cp/contracts';
import { badRequest, runInTransaction } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { hashNewsletterToken } from './newsletter-tokens.ts';

/**
 * POST /api/newsletter/confirm (the confirmation page; GET of the mailed link never changes anything): the pending
 * subscription with this token, unexpired, becomes subscribed, and a welcome mail (the first newsletter mail) is asked
 * for in the same transaction. A link works once; a used, expired or made-up token is a 400 and changes nothing.
 */
export async function confirmNewsletter(deps: CommsDeps, body: unknown): Promise<{ message: string; status: NewsletterStatus }> {
  const { token } = NewsletterConfirmSchema.parse(body);
  const confirmed = await runInTransaction(deps.conn, async (session, emit) => {
    const subscription = await deps.newsletter.confirm(hashNewsletterToken(token), deps.now(), session);
    if (!subscription) return false;
    const mail = await deps.newsletterMails.create(subscription._id, 'welcome', session);
    await emit(NewsletterSubscribed, { subscriptionId: subscription._id, email: subscription.email });
    await emit(NewsletterMailRequested, { mailId: mail._id, subscriptionId: subscription._id, kind: 'welcome' });
    return true;
  });
  if (!confirmed) throw badRequest(NEWSLETTER_TEXT.confirmInvalid);
  return { message: NEWSLETTER_TEXT.confirmed, status: 'subscribed' };
}
