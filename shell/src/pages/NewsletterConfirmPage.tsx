import { NEWSLETTER_TEXT } from '@cp/contracts';
import { useConfirmNewsletterMutation } from '../api/newsletter-links-api.ts';
import { NewsletterLinkPage } from './NewsletterLinkPage.tsx';

/** /newsletter/confirm?token=… — the confirmation mail's link (double opt-in): a button confirms the subscription. */
export function NewsletterConfirmPage() {
  const [confirm] = useConfirmNewsletterMutation();
  return (
    <NewsletterLinkPage
      texts={{
        title: 'Confirm Subscription',
        heading: 'Confirm Your Subscription',
        description: 'One more step: confirm that you want the Central PA Desi Community newsletter at this address.',
        button: 'Confirm Subscription',
        busy: 'Confirming...',
        doneHeading: 'Subscription Confirmed',
        doneFallback: NEWSLETTER_TEXT.confirmed,
        invalid: NEWSLETTER_TEXT.confirmInvalid,
      }}
      submit={(token) => confirm({ token }).unwrap()}
    />
  );
}

export default NewsletterConfirmPage;
