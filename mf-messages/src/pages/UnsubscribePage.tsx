import { ID_PATTERN, MESSAGE_MAIL_MESSAGES } from '@cp/contracts';
import { MailLinkPage, UNSUBSCRIBE_TEXTS } from '@cp/web-core/mail-link';
import { useUnsubscribeMessageMailsMutation } from '../api/messages-api.ts';
import '../styles.css';

/**
 * /messages/unsubscribe?token=… (issue 23 §5): the page of the unread-message mail's unsubscribe link. Opening it
 * changes nothing (mail scanners open links, and some run the page); its button POSTs the token to comms, then it says
 * what happened. No login needed: the link is the proof.
 */
export default function UnsubscribePage() {
  const [unsubscribe] = useUnsubscribeMessageMailsMutation();
  return (
    <MailLinkPage
      token={ID_PATTERN}
      texts={{
        ...UNSUBSCRIBE_TEXTS,
        title: 'Message E-mails',
        heading: 'E-mails About New Messages',
        description: 'Stop the e-mails that tell you a message is waiting for you on the site. Your messages stay on the site.',
        invalid: MESSAGE_MAIL_MESSAGES.invalidLink,
      }}
      submit={async (token) => (await unsubscribe(token).unwrap()).message}
    />
  );
}
