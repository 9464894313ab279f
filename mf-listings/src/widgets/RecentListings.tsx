import { Inbox } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { ListingGrid, ListingGridSkeleton } from '../components/ListingCard.tsx';
import { recentListings } from '../lib/listings.ts';
import { HomeSection, LoadError } from '@cp/web-core';

/** Recent Listings (spec §2 Home): the first 6 listings. */
export function RecentListings() {
  const { data, isLoading, error, refetch } = useGetListingsQuery();
  let body;
  if (isLoading) body = <ListingGridSkeleton count={HOME_COUNTS.recentListings} label="Loading recent listings…" />;
  else if (error) body = <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const recent = recentListings(data ?? []);
    body =
      recent.length > 0 ? (
        <ListingGrid listings={recent} />
      ) : (
        <EmptyState headingLevel={3} icon={<Inbox />} title="No listings found" description="Be the first to post an ad with the Post Ad button." />
      );
  }
  return (
    <HomeSection id="recent-listings" title="Recent Listings" viewAll={{ to: '/listings', label: 'View all' }}>
      {body}
    </HomeSection>
  );
}

export default RecentListings;
