import type { NewsletterStatus } from '@cp/contracts';
import type { NewsletterDoc } from './newsletter-repository.ts';

/** A stored subscription's status: subscribed (the spec's `subscribed`), pending its confirmation link, or unsubscribed. */
export function newsletterStatus(doc: Pick<NewsletterDoc, 'subscribed' | 'pendingSince'>): NewsletterStatus {
  if (doc.subscribed) return 'subscribed';
  return doc.pendingSince ? 'pending' : 'unsubscribed';
}
