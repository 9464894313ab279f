import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SIGNED_LINK_TOKEN } from '@cp/contracts';
import { Button, Skeleton } from '@cp/ui';
import { isApiError, serverErrorText } from '@cp/web-core';
import { MailLinkCard, MailLinkFrame, MailLinkWays } from '@cp/web-core/mail-link';
import { useRenewFromLinkMutation } from '../api/lifecycle-api.ts';

const INVALID = 'This renew link is invalid or has expired';
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /renew-listing?token=… — the one-click Renew link of the expiry reminder (issue 22): opening the page renews the
 * listing the signed token names (no login: the link is the proof; renewing twice only moves the date to the same
 * day) and says until when. A bad or expired link says so.
 */
export function RenewListingPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [renew, { data, error, isUninitialized }] = useRenewFromLinkMutation();
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);
  const wellFormed = SIGNED_LINK_TOKEN.test(token);
  useEffect(() => {
    if (!wellFormed || asked.current) return;
    asked.current = true;
    renew(token)
      .unwrap()
      .catch(() => setFailed(true));
  }, [renew, token, wellFormed]);

  let content: React.ReactNode;
  if (data) {
    content = (
      <MailLinkCard ok title="Listing Renewed" text={`"${data.title}" was renewed until ${longDate(data.expiresAt)}.`}>
        <Button asChild>
          <Link to={`/listing/${data.listingId}`}>View the listing</Link>
        </Button>
        <MailLinkWays ways={[{ to: '/my-listings', label: 'My Listings' }]} />
      </MailLinkCard>
    );
  } else if (!wellFormed || (failed && isApiError(error) && typeof error.status === 'number' && error.status < 500)) {
    content = (
      <MailLinkCard ok={false} title="Link Not Valid" text={(error && serverErrorText(error)) || INVALID}>
        <p className="text-sm">
          You can renew your listings from{' '}
          <Link to="/my-listings" className="text-primary underline-offset-4 hover:underline">
            My Listings
          </Link>
          .
        </p>
      </MailLinkCard>
    );
  } else if (failed) {
    content = <MailLinkCard ok={false} title="Something Went Wrong" text="The listing could not be renewed. Please try again later." />;
  } else {
    content = (
      <div role="status" className="space-y-3">
        <span className="sr-only">{isUninitialized ? 'Opening the link…' : 'Renewing your listing…'}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return <MailLinkFrame title="Renew Listing">{content}</MailLinkFrame>;
}

export default RenewListingPage;
