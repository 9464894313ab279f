import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { BookmarkX, Trash2 } from 'lucide-react';
import { SAVED_LISTING_STATE_LABELS, type SavedListingItem } from '@cp/contracts';
import { Badge, Button, Card, CardContent, EmptyState, toast } from '@cp/ui';
import { LoadError, serverErrorText, useAuth } from '@cp/web-core';
import { localSavesSnapshot, serverLocalSaves, subscribeLocalSaves } from '@cp/web-core/saved-listings';
import { LoginRequired } from '@cp/web-core/login-button';
import { SAVED_PAGE_SIZE, useGetSavedListingsQuery, useRemoveSavedListingMutation } from '../api/saved-listings-api.ts';
import { ListingCard, ListingGridSkeleton } from '../components/ListingCard.tsx';
import { cardSaveToggle } from '../components/SaveToggle.tsx';
import { Pagination, usePastLastPage } from '../components/Pagination.tsx';

const TITLE = 'Saved Listings';

/** A saved listing that visitors no longer see: what became of it, and Remove. */
function UnavailableCard({ item }: { item: SavedListingItem }) {
  const [remove, { isLoading }] = useRemoveSavedListingMutation();
  const state = item.state === 'available' ? 'unavailable' : item.state;
  const name = item.title ?? 'A saved listing';
  async function drop() {
    try {
      await remove(item.listingId).unwrap();
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === 404) return;
      toast({ title: 'Error', description: serverErrorText(error) ?? 'The listing could not be removed. Please try again.', variant: 'destructive' });
    }
  }
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3 pt-6">
        <Badge variant="secondary" className="self-start">
          {state === 'expired' ? 'Expired' : state === 'removed' ? 'Removed' : 'Unavailable'}
        </Badge>
        <h2 className="font-semibold leading-snug">{name}</h2>
        <p className="text-sm text-muted-foreground">{SAVED_LISTING_STATE_LABELS[state]}</p>
        <Button variant="outline" size="sm" className="mt-auto self-start" disabled={isLoading} onClick={() => void drop()}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {name} from your saved listings</span>
        </Button>
      </CardContent>
    </Card>
  );
}

function SignedOut() {
  const local = useSyncExternalStore(subscribeLocalSaves, localSavesSnapshot, serverLocalSaves);
  const count = local.length;
  return (
    <LoginRequired
      description={
        count > 0
          ? `Log in to see your saved listings on every device. The ${count === 1 ? 'listing' : `${count} listings`} you saved in this browser will be added to your account.`
          : 'Log in to see your saved listings on every device.'
      }
    />
  );
}

/** /saved (issue 22 §2): the signed-in user's saved listings, newest first, a page at a time. */
export function SavedListingsPage() {
  const { user, isLoading: authLoading } = useAuth();
  const [params] = useSearchParams();
  const page = Math.min(1000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { data, isLoading, error, refetch } = useGetSavedListingsQuery(page, { skip: !user });
  const past = usePastLastPage(page, user ? data : undefined, SAVED_PAGE_SIZE);

  if (authLoading) return <ListingGridSkeleton count={3} label="Loading your saved listings…" />;
  if (!user) return <SignedOut />;
  return (
    <div className="space-y-6">
      <title>{`${TITLE} | Central PA Desi Community`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{TITLE}</h1>
      {isLoading || past ? (
        <ListingGridSkeleton count={3} label="Loading your saved listings…" />
      ) : error ? (
        <LoadError title="Saved listings could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          icon={<BookmarkX />}
          title="No Saved Listings"
          description="Tap Save on a listing to keep it here, on every device you log in on."
          links={[{ to: '/listings', label: 'Browse listings' }]}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{data.total === 1 ? '1 saved listing' : `${data.total} saved listings`}</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((item) => (
              <li key={item.listingId}>{item.state === 'available' && item.listing ? <ListingCard listing={item.listing} headingLevel={2} toggle={cardSaveToggle} /> : <UnavailableCard item={item} />}</li>
            ))}
          </ul>
          <Pagination page={page} total={data.total} pageSize={SAVED_PAGE_SIZE} label="Saved listing pages" />
        </>
      )}
    </div>
  );
}

export default SavedListingsPage;
