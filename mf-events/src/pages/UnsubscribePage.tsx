import { SIGNED_LINK_TOKEN } from '@cp/contracts';
import { MailLinkPage, UNSUBSCRIBE_TEXTS } from '@cp/web-core/mail-link';
import { INVALID_UNSUBSCRIBE_LINK } from '@cp/events/values';
import { useUnsubscribeFromMailMutation } from '../api/events-api.ts';

/**
 * /events/unsubscribe?token=… — the visible unsubscribe link of the event reminder and change mails. Opening it changes
 * nothing (mail scanners open links, and some run the page); its button stops the kind of mail the signed token names
 * and says which. No login: the link is the proof. (The mails' RFC 8058 one-click header posts to the API directly.)
 */
export function UnsubscribePage() {
  const [unsubscribe] = useUnsubscribeFromMailMutation();
  return (
    <MailLinkPage
      token={SIGNED_LINK_TOKEN}
      texts={{
        ...UNSUBSCRIBE_TEXTS,
        title: 'Event Reminders',
        heading: 'Stop Event E-mails',
        description: 'Press the button to stop this kind of e-mail about the community events you answered.',
        invalid: INVALID_UNSUBSCRIBE_LINK,
      }}
      links={[{ to: '/events', label: 'Community Events' }]}
      submit={async (token) => (await unsubscribe(token).unwrap()).message}
    />
  );
}

export default UnsubscribePage;
