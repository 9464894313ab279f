import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@cp/ui';
import { isApiError, serverErrorText } from '@cp/web-core';
import { useStopRemindersMutation } from '../api/lifecycle-api.ts';
import { LINK_TOKEN, LinkCard } from './RenewListingPage.tsx';

const INVALID = 'This unsubscribe link is invalid or has expired';

/**
 * /reminders/unsubscribe?token=… — the "Stop expiry reminders" link of the reminder mail (issue 22 §4). Opening it
 * changes nothing (mail scanners open links); the button POSTs the signed token; no login needed.
 */
export function StopRemindersPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [stop, { data, error, isLoading }] = useStopRemindersMutation();
  const [failed, setFailed] = useState(false);
  const home = (
    <p className="text-sm">
      <Link to="/my-listings" className="text-primary underline-offset-4 hover:underline">
        My Listings
      </Link>
    </p>
  );
  let content: React.ReactNode;
  if (data) content = <LinkCard ok title="Reminders Stopped" text={data.message}>{home}</LinkCard>;
  else if (!LINK_TOKEN.test(token) || (failed && isApiError(error) && error.status === 400)) content = <LinkCard ok={false} title="Link Not Valid" text={(error && serverErrorText(error)) || INVALID}>{home}</LinkCard>;
  else {
    content = (
      <LinkCard ok title="Stop Expiry Reminders" text="Press the button to stop the e-mails that remind you before your listings expire. Your listings still expire.">
        <Button onClick={() => void stop(token).unwrap().catch(() => setFailed(true))} disabled={isLoading}>
          {isLoading ? 'Stopping…' : 'Stop reminders'}
        </Button>
        {failed ? <p role="alert" className="text-sm text-destructive">An error occurred. Please try again later.</p> : null}
        {home}
      </LinkCard>
    );
  }
  return (
    <div className="mx-auto max-w-md py-6">
      <title>Expiry Reminders | Central PA Desi Community</title>
      {content}
    </div>
  );
}

export default StopRemindersPage;
