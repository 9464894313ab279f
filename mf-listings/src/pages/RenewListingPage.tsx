import { SIGNED_LINK_TOKEN } from '@cp/contracts';
import { MailLinkPage } from '@cp/web-core/mail-link';
import { useRenewFromLinkMutation } from '../api/lifecycle-api.ts';

const INVALID = 'This renew link is invalid or has expired';
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /renew-listing?token=… — the Renew link of the expiry reminder (issue 22). Opening it renews nothing (mail scanners
 * open links, and some run the page: issue 41); the button renews the listing the signed token names (no login: the
 * link is the proof; renewing twice only moves the date to the same day), then the page says until when. A bad or
 * expired link says so, and where listings are renewed otherwise.
 */
export function RenewListingPage() {
  const [renew] = useRenewFromLinkMutation();
  return (
    <MailLinkPage
      token={SIGNED_LINK_TOKEN}
      texts={{
        title: 'Renew Listing',
        heading: 'Renew Your Listing',
        description: 'Press the button to keep your listing on the site: its expiry date moves forward.',
        button: 'Renew Listing',
        busy: 'Renewing...',
        doneHeading: 'Listing Renewed',
        invalid: INVALID,
      }}
      links={[{ to: '/my-listings', label: 'My Listings' }]}
      invalidExtra={<p className="text-sm text-muted-foreground">You can also renew your listings from My Listings.</p>}
      submit={async (token) => {
        const data = await renew(token).unwrap();
        return {
          text: `"${data.title}" was renewed until ${longDate(data.expiresAt)}.`,
          links: [
            { to: `/listing/${data.listingId}`, label: 'View the listing' },
            { to: '/my-listings', label: 'My Listings' },
          ],
        };
      }}
    />
  );
}

export default RenewListingPage;
