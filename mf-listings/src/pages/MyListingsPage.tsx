import { Link } from 'react-router';
import { MapPin, PackageOpen, Pencil, Trash2 } from 'lucide-react';
import { relativeTime, type Listing } from '@cp/contracts';
import { Badge, Button, Card, CardContent, ConfirmButton, createDeferredPart, EmptyState, toast } from '@cp/ui';
import { LoadError, serverErrorText, useAuth } from '@cp/web-core';
import { UnderReviewNotice } from '@cp/web-core/moderation';
import { LoginRequired } from '@cp/web-core/login-button';
import { useDeleteListingMutation } from '../api/listing-writes-api.ts';
import { useGetMyListingsQuery } from '../api/lifecycle-api.ts';
import type { EditListingProps } from '../components/EditListingPart.tsx';
import { ListingGridSkeleton, TierBadge } from '../components/ListingCard.tsx';
import { MarkDoneButton, RenewButton } from '../components/LifecycleActions.tsx';
import { formatPrice } from '../lib/listing-format.ts';
import { doneLabel, expiryText, isExpired } from '../lib/lifecycle.ts';
import { myListingCounters, myListings } from '../lib/my-listings.ts';

const loadListingForm = () => import('../components/ListingForm.tsx');
// The Edit dialog and its form (Radix's dialog, the contracts' zod schemas) and the confirmations (Radix's alert
// dialog) load when their button is first pointed at, focused or pressed: the page itself only lists the listings.
const EditDialog = createDeferredPart<EditListingProps>(
  () => {
    void loadListingForm().catch(() => undefined); // the form too, beside the dialog (its skeleton shows until it is in)
    return import('../components/EditListingPart.tsx').then((m) => m.EditListingPart);
  },
  { openOnPress: true, popup: 'dialog' },
);

function DeleteListing({ listing }: { listing: Listing }) {
  const [remove, { isLoading }] = useDeleteListingMutation();
  async function confirm() {
    try {
      await remove(listing.id).unwrap();
      toast({ title: 'Deleted', description: 'Your listing has been deleted.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: serverErrorText(error) ?? 'Failed to delete listing. Please try again.', variant: 'destructive' });
    }
  }
  return (
    <ConfirmButton
      disabled={isLoading}
      title="Are you sure?"
      description={`This action cannot be undone. This will permanently delete your listing "${listing.title}" and remove it from the site.`}
      action="Delete"
      destructive
      onConfirm={() => void confirm()}
    >
      <Trash2 aria-hidden="true" />
      Delete<span className="sr-only"> {listing.title}</span>
    </ConfirmButton>
  );
}

function EditListing({ listing }: { listing: Listing }) {
  return (
    <EditDialog
      listing={listing}
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {listing.title}</span>
        </Button>
      }
    />
  );
}

function MyListingCard({ listing, now }: { listing: Listing; now: number }) {
  const price = formatPrice(listing.price);
  const expired = isExpired(listing, now);
  const expiry = expiryText(listing, now);
  const done = doneLabel(listing);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <TierBadge tier={listing.tier} />
          <Badge variant={listing.status === 'active' && !expired ? 'success' : 'secondary'}>{done ?? (expired ? 'Expired' : listing.status)}</Badge>
        </div>
        <h2 className="text-lg font-semibold">
          <Link to={`/listing/${listing.id}`} className="underline-offset-4 hover:underline">
            {listing.title}
          </Link>
        </h2>
        <p className="flex flex-wrap gap-3 text-sm text-muted-foreground">
          <span>{listing.category}</span>
          <span className="flex items-center gap-1">
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            {listing.location}
          </span>
          <span>Posted {relativeTime(listing.createdAt)}</span>
        </p>
        <p className="line-clamp-2 text-sm">{listing.description}</p>
        {expiry ? <p className={expiry.soon ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>{expiry.text}</p> : null}
        <UnderReviewNotice moderation={listing.moderation} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-bold text-primary">{price ?? ''}</span>
          <div className="flex flex-wrap gap-2">
            {expired || expiry?.soon ? <RenewButton listing={listing} /> : null}
            {listing.status === 'active' && !expired ? <MarkDoneButton listing={listing} /> : null}
            <EditListing listing={listing} />
            <DeleteListing listing={listing} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** A grid of the user's listings (the current ones, the expired ones), each with its actions. */
function MyListingGrid({ listings, now }: { listings: readonly Listing[]; now: number }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {listings.map((listing) => (
        <li key={listing.id}>
          <MyListingCard listing={listing} now={now} />
        </li>
      ))}
    </ul>
  );
}

/** /my-listings (spec §2 My Listings). */
export function MyListingsPage() {
  const { user, isLoading: authLoading } = useAuth();
  // Every listing of the user, expired ones too (the service's My Listings query; the site's lists leave them out).
  const { data, isLoading, error, refetch } = useGetMyListingsQuery(user?.id ?? '', { skip: !user });
  const now = Date.now();

  if (authLoading) return <ListingGridSkeleton count={3} label="Loading your listings…" />;
  if (!user) {
    return <LoginRequired description="Log in to see and manage your listings." />;
  }

  const mine = myListings(data?.items ?? [], user.id);
  const counters = myListingCounters(mine);
  const expired = mine.filter((l) => isExpired(l, now));
  const current = mine.filter((l) => !isExpired(l, now));
  return (
    <div className="space-y-6">
      <title>My Listings | Central PA Desi Community</title>
      <h1 className="text-3xl font-bold tracking-tight">My Listings</h1>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          ['Total Listings', counters.total],
          ['Active', counters.active],
          ['Featured', counters.featured],
          ['Free Tier', counters.free],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{isLoading ? '–' : value}</dd>
          </div>
        ))}
      </dl>
      {isLoading ? (
        <ListingGridSkeleton count={3} label="Loading your listings…" />
      ) : error ? (
        <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : mine.length === 0 ? (
        <EmptyState icon={<PackageOpen />} title="No Listings Yet" description="Use the Post Ad button in the header to create your first listing." />
      ) : (
        <>
          <MyListingGrid listings={current} now={now} />
          {expired.length > 0 ? (
            <section aria-labelledby="expired-title" className="space-y-3">
              <h2 id="expired-title" className="text-2xl font-bold tracking-tight">
                Expired
              </h2>
              <p className="text-sm text-muted-foreground">Visitors no longer see these. Renew one to show it again.</p>
              <MyListingGrid listings={expired} now={now} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export default MyListingsPage;
