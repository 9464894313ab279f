import type { ReactNode } from 'react';
import type { Listing } from '@cp/contracts';
import { HomeSection, LoadError } from '@cp/web-core';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { ListingGrid, ListingGridSkeleton } from '../components/ListingCard.tsx';

/**
 * A home section of listings (Featured, Recent; spec §2 Home): the ones `pick` takes from the listings (one query,
 * shared by every section) as a grid, `count` skeleton cards while loading, the error with Retry, or its empty state.
 */
export function ListingsHomeSection({
  id,
  title,
  count,
  loadingLabel,
  pick,
  empty,
}: {
  id: string;
  title: string;
  count: number;
  loadingLabel: string;
  pick: (listings: readonly Listing[]) => Listing[];
  empty: ReactNode;
}) {
  const { data, isLoading, error, refetch } = useGetListingsQuery();
  let body;
  if (isLoading) body = <ListingGridSkeleton count={count} label={loadingLabel} />;
  else if (error) body = <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const listings = pick(data ?? []);
    body = listings.length > 0 ? <ListingGrid listings={listings} /> : empty;
  }
  return (
    <HomeSection id={id} title={title} viewAll={{ to: '/listings', label: 'View all' }}>
      {body}
    </HomeSection>
  );
}
