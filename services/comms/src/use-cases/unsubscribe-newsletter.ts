import { NEWSLETTER_TEXT, NewsletterOneClickSchema, NewsletterUnsubscribed, NewsletterUnsubscribeQuerySchema, NewsletterUnsubscribeSchema, type NewsletterStatus } from '@cp/contracts';
import { badRequest, runInTransaction, type UnsubscribeRequest } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { unsubscribeLinks } from './newsletter-mail.ts';

/**
 * Unsubscribes the subscription an unsubscribe link belongs to, without a login (the link is the proof): `subscribed`
 * false (a pending sign-up stops too, its confirmation links no longer work). Unsubscribing again answers the same; an
 * unknown token is a 400 and changes nothing.
 */
export async function unsubscribeNewsletter(deps: CommsDeps, request: UnsubscribeRequest): Promise<{ message: string; status: NewsletterStatus }> {
  let token: string;
  if (request.kind === 'one-click') {
    token = NewsletterUnsubscribeQuerySchema.parse(request.query).token;
    NewsletterOneClickSchema.parse(request.form);
  } else {
    token = NewsletterUnsubscribeSchema.parse(request.body).token;
  }
  const known = await runInTransaction(deps.conn, async (session, emit) => {
    const before = await deps.newsletter.unsubscribe(token, deps.now(), session);
    if (before?.subscribed) await emit(NewsletterUnsubscribed, { subscriptionId: before._id, email: before.email });
    return Boolean(before ?? (await deps.newsletter.findByUnsubscribeToken(token, session)));
  });
  if (!known) throw badRequest(NEWSLETTER_TEXT.unsubscribeInvalid);
  return { message: NEWSLETTER_TEXT.unsubscribed, status: 'unsubscribed' };
}

/**
 * GET of the List-Unsubscribe URL (a mail client without one-click opens it in a browser): changes nothing, sends the
 * browser to the unsubscribe page, whose button POSTs.
 */
export function unsubscribePageUrl(deps: CommsDeps, query: unknown): string {
  const { token } = NewsletterUnsubscribeQuerySchema.parse(query);
  return unsubscribeLinks(deps.config.PUBLIC_URL, token).page;
}
