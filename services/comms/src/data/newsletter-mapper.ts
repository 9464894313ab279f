import type { NewsletterSubscription } from '@cp/contracts';
import type { NewsletterDoc } from './newsletter-repository.ts';

/** A stored subscription as the API answers it (spec §3 newsletter_subscriptions). */
export function toSubscription(doc: NewsletterDoc): NewsletterSubscription {
  return { id: doc._id, email: doc.email, subscribed: doc.subscribed, createdAt: doc.createdAt.toISOString() };
}
