import { SIGNED_LINK_TOKEN } from '@cp/contracts';
import { MailLinkPage } from '@cp/web-core/mail-link';
import { useStopRemindersMutation } from '../api/lifecycle-api.ts';

/**
 * /reminders/unsubscribe?token=… — the "Stop expiry reminders" link of the reminder mail (issue 22 §4): the button
 * POSTs the signed token (opening the page changes nothing); no login needed.
 */
export function StopRemindersPage() {
  const [stop] = useStopRemindersMutation();
  return (
    <MailLinkPage
      token={SIGNED_LINK_TOKEN}
      texts={{
        title: 'Expiry Reminders',
        heading: 'Stop Expiry Reminders',
        description: 'Press the button to stop the e-mails that remind you before your listings expire. Your listings still expire.',
        button: 'Stop reminders',
        busy: 'Stopping…',
        doneHeading: 'Reminders Stopped',
        invalid: 'This unsubscribe link is invalid or has expired',
      }}
      submit={async (token) => (await stop(token).unwrap()).message}
      links={[{ to: '/my-listings', label: 'My Listings' }]}
    />
  );
}

export default StopRemindersPage;
