import { NEWSLETTER_TEXT } from '@cp/contracts';
import { useUnsubscribeNewsletterMutation } from '../api/newsletter-links-api.ts';
import { NewsletterLinkPage } from './NewsletterLinkPage.tsx';

/** /newsletter/unsubscribe?token=… — the link in every newsletter mail: a button unsubscribes, no login needed. */
export function NewsletterUnsubscribePage() {
  const [unsubscribe] = useUnsubscribeNewsletterMutation();
  return (
    <NewsletterLinkPage
      texts={{
        title: 'Unsubscribe',
        heading: 'Unsubscribe from the Newsletter',
        description: 'Press the button to stop receiving the Central PA Desi Community newsletter at this address.',
        button: 'Unsubscribe',
        busy: 'Unsubscribing...',
        doneHeading: 'You Have Been Unsubscribed',
        doneFallback: NEWSLETTER_TEXT.unsubscribed,
        doneExtra: <p className="text-sm text-muted-foreground">Changed your mind? You can subscribe again on the home page.</p>,
        invalid: NEWSLETTER_TEXT.unsubscribeInvalid,
      }}
      submit={(token) => unsubscribe({ token }).unwrap()}
    />
  );
}

export default NewsletterUnsubscribePage;
