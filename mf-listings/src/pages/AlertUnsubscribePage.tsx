import { BellOff } from 'lucide-react';
import { SAVED_SEARCH_MESSAGES, SIGNED_LINK_TOKEN } from '@cp/contracts';
import { BACK_TO_HOME, MailLinkPage } from '@cp/web-core/mail-link';
import { useUnsubscribeAlertMutation } from '../api/saved-searches-api.ts';

/**
 * /alerts/unsubscribe?token=… — the stop link of an alert mail: the button POSTs the signed token (opening the page
 * changes nothing; no login: the link is the proof), then the page says what happened. Private (noindex).
 */
export function AlertUnsubscribePage() {
  const [unsubscribe] = useUnsubscribeAlertMutation();
  return (
    <MailLinkPage
      token={SIGNED_LINK_TOKEN}
      icon={BellOff}
      texts={{
        title: 'Stop an Alert',
        heading: 'Stop This Alert',
        description: 'Press the button to stop the e-mails of this saved search. No login needed; you can resume it later on the alerts page.',
        button: 'Stop e-mails',
        busy: 'Stopping…',
        doneHeading: 'Alert Stopped',
        invalid: SAVED_SEARCH_MESSAGES.invalidLink,
      }}
      submit={async (token) => {
        const answer = await unsubscribe({ token }).unwrap();
        return answer.name ? `“${answer.name}”: ${answer.message}` : answer.message;
      }}
      links={[{ to: '/alerts', label: 'My alerts' }, BACK_TO_HOME]}
    />
  );
}

export default AlertUnsubscribePage;
