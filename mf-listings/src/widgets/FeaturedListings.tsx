import { Star } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { ListingGrid, ListingGridSkeleton } from '../components/ListingCard.tsx';
import { featuredListings } from '../lib/listings.ts';
import { HomeSection, LoadError } from '@cp/web-core';

/** Featured Listings (spec §2 Home): the first 3 listings in tier silver, gold or platinum. */
export function FeaturedListings() {
  const { data, isLoading, error, refetch } = useGetListingsQuery();
  let body;
  if (isLoading) body = <ListingGridSkeleton count={HOME_COUNTS.featuredListings} label="Loading featured listings…" />;
  else if (error) body = <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const featured = featuredListings(data ?? []);
    body =
      featured.length > 0 ? (
        <ListingGrid listings={featured} />
      ) : (
        <EmptyState headingLevel={3} icon={<Star />} title="No featured listings yet" description="Silver, Gold and Platinum listings are shown here." />
      );
  }
  return (
    <HomeSection id="featured-listings" title="Featured Listings" viewAll={{ to: '/listings', label: 'View all' }}>
      {body}
    </HomeSection>
  );
}

export default FeaturedListings;
