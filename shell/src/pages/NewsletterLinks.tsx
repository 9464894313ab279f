import { NEWSLETTER_TEXT, NEWSLETTER_TOKEN } from '@cp/contracts';
import { MailLinkPage, UNSUBSCRIBE_TEXTS } from '@cp/web-core/mail-link';
import { useConfirmNewsletterMutation, useUnsubscribeNewsletterMutation } from '../api/newsletter-links-api.ts';

/** The newsletter mails' links (double opt-in confirmation, unsubscribe): a button acts, no login needed. */

/** /newsletter/confirm?token=… — the confirmation mail's link (double opt-in): a button confirms the subscription. */
export function NewsletterConfirmPage() {
  const [confirm] = useConfirmNewsletterMutation();
  return (
    <MailLinkPage
      token={NEWSLETTER_TOKEN}
      texts={{
        title: 'Confirm Subscription',
        heading: 'Confirm Your Subscription',
        description: 'One more step: confirm that you want the Central PA Desi Community newsletter at this address.',
        button: 'Confirm Subscription',
        busy: 'Confirming...',
        doneHeading: 'Subscription Confirmed',
        invalid: NEWSLETTER_TEXT.confirmInvalid,
      }}
      submit={async (token) => (await confirm({ token }).unwrap()).message}
    />
  );
}

/** /newsletter/unsubscribe?token=… — the link in every newsletter mail: a button unsubscribes. */
export function NewsletterUnsubscribePage() {
  const [unsubscribe] = useUnsubscribeNewsletterMutation();
  return (
    <MailLinkPage
      token={NEWSLETTER_TOKEN}
      texts={{
        ...UNSUBSCRIBE_TEXTS,
        title: 'Unsubscribe',
        heading: 'Unsubscribe from the Newsletter',
        description: 'Press the button to stop receiving the Central PA Desi Community newsletter at this address.',
        invalid: NEWSLETTER_TEXT.unsubscribeInvalid,
      }}
      submit={async (token) => (await unsubscribe({ token }).unwrap()).message}
      doneExtra={<p className="text-sm text-muted-foreground">Changed your mind? You can subscribe again on the home page.</p>}
    />
  );
}
