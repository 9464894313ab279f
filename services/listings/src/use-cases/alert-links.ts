import { createSignedLinks, type SignedLinks } from '@cp/service-kit';
import { ALERT_UNSUBSCRIBE_LINK_DAYS, AlertDigestUnsubscribeLinkSchema, AlertUnsubscribeLinkSchema, SAVED_SEARCH_MESSAGES } from '@cp/contracts';

/**
 * The signed links of alert mails (the kit's signed links, this service's LINK_SIGNING_KEY): `alert` pauses one saved
 * search (purpose 'unsubscribe-alert', the link of an instant alert and of each entry of a digest), `digest` pauses
 * every daily saved search of a user (purpose 'unsubscribe-alert-digest', a digest's List-Unsubscribe: one mail, one
 * list). Both good for ALERT_UNSUBSCRIBE_LINK_DAYS; any bad token is the same 400.
 */
export interface AlertLinks {
  alert: SignedLinks<{ savedSearchId: string }>;
  digest: SignedLinks<{ userId: string }>;
  /** When a link signed now stops working. */
  expiresAt(now: Date): Date;
}

export function createAlertLinks(key: string): AlertLinks {
  return {
    alert: createSignedLinks({ key, purpose: 'unsubscribe-alert', schema: AlertUnsubscribeLinkSchema, invalid: SAVED_SEARCH_MESSAGES.invalidLink }),
    digest: createSignedLinks({ key, purpose: 'unsubscribe-alert-digest', schema: AlertDigestUnsubscribeLinkSchema, invalid: SAVED_SEARCH_MESSAGES.invalidLink }),
    expiresAt: (now) => new Date(now.getTime() + ALERT_UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60_000),
  };
}
