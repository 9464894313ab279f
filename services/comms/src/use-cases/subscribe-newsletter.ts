import { NewsletterSubscribed, NewsletterSubscribeSchema, type NewsletterSubscription } from '@cp/contracts';
import { conflict, isDuplicateKey, runInTransaction } from '@cp/service-kit';
import type { NewsletterDoc } from '../data/newsletter-repository.ts';
import { toSubscription } from '../data/newsletter-mapper.ts';
import type { CommsDeps } from './deps.ts';

export const ALREADY_SUBSCRIBED = { message: 'This email is already subscribed to our newsletter.', code: 'already_subscribed' } as const;


/** Subscribes an e-mail address once (409 when it already is); an address that had unsubscribed is subscribed again. */
export async function subscribeNewsletter(deps: CommsDeps, body: unknown): Promise<NewsletterSubscription> {
  const email = NewsletterSubscribeSchema.parse(body).email.toLowerCase();
  const existing = await deps.newsletter.findByEmail(email);
  if (existing?.subscribed) throw conflict(ALREADY_SUBSCRIBED.message, ALREADY_SUBSCRIBED.code);
  let doc: NewsletterDoc | null;
  try {
    doc = await runInTransaction(deps.conn, async (session, emit) => {
      const entry = existing ? await deps.newsletter.resubscribe(email, session) : await deps.newsletter.create(email, session);
      if (entry) await emit(NewsletterSubscribed, { subscriptionId: entry._id, email });
      return entry;
    });
  } catch (err) {
    // Two sign-ups of one address racing past the check above: the unique index decides.
    if (isDuplicateKey(err)) throw conflict(ALREADY_SUBSCRIBED.message, ALREADY_SUBSCRIBED.code);
    throw err;
  }
  if (!doc) throw conflict(ALREADY_SUBSCRIBED.message, ALREADY_SUBSCRIBED.code);
  return toSubscription(doc);
}
