import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@cp/ui';
import { isApiError, serverErrorText } from '@cp/web-core';
import { useRenewFromLinkMutation } from '../api/lifecycle-api.ts';

/** A signed link's token as the listings service makes it (`<payload>.<signature>`, base64url): else not worth a request. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{20,100}$/;
const INVALID = 'This renew link is invalid or has expired';
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The card of a mail link's page: a heading, what happened, a way on. */
export function LinkCard({ ok, title, text, children }: { ok: boolean; title: string; text: string; children?: React.ReactNode }) {
  const Icon = ok ? CheckCircle2 : MailX;
  return (
    <Card>
      <CardHeader className="items-center text-center" role={ok ? 'status' : 'alert'}>
        <Icon className={ok ? 'h-10 w-10 text-success' : 'h-10 w-10 text-destructive'} aria-hidden="true" />
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-center">{children}</CardContent>
    </Card>
  );
}

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
  const wellFormed = LINK_TOKEN.test(token);
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
      <LinkCard ok title="Listing Renewed" text={`"${data.title}" was renewed until ${longDate(data.expiresAt)}.`}>
        <Button asChild>
          <Link to={`/listing/${data.listingId}`}>View the listing</Link>
        </Button>
        <p className="text-sm">
          <Link to="/my-listings" className="text-primary underline-offset-4 hover:underline">
            My Listings
          </Link>
        </p>
      </LinkCard>
    );
  } else if (!wellFormed || (failed && isApiError(error) && typeof error.status === 'number' && error.status < 500)) {
    content = (
      <LinkCard ok={false} title="Link Not Valid" text={(error && serverErrorText(error)) || INVALID}>
        <p className="text-sm">
          You can renew your listings from{' '}
          <Link to="/my-listings" className="text-primary underline-offset-4 hover:underline">
            My Listings
          </Link>
          .
        </p>
      </LinkCard>
    );
  } else if (failed) {
    content = <LinkCard ok={false} title="Something Went Wrong" text="The listing could not be renewed. Please try again later." />;
  } else {
    content = (
      <div role="status" className="space-y-3">
        <span className="sr-only">{isUninitialized ? 'Opening the link…' : 'Renewing your listing…'}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md py-6">
      <title>Renew Listing | Central PA Desi Community</title>
      {content}
    </div>
  );
}

export default RenewListingPage;
