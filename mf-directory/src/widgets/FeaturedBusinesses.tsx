import { Building2 } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { useGetBusinessesQuery } from '../api/directory-api.ts';
import { BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { featuredBusinesses } from '../lib/directory.ts';
import { HomeSection, LoadError } from '@cp/web-core';

/** Featured Businesses on home (spec §2 Home): the first 3 businesses. */
export function FeaturedBusinesses() {
  // The directory's first page (shared with /businesses): home shows its first 3.
  const { data, isLoading, error, refetch } = useGetBusinessesQuery({});
  let body;
  if (isLoading) body = <BusinessGridSkeleton count={HOME_COUNTS.businesses} label="Loading featured businesses…" />;
  else if (error) body = <LoadError title="Businesses could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const list = featuredBusinesses(data?.items ?? []);
    body =
      list.length > 0 ? (
        <BusinessGrid businesses={list} headingLevel={3} />
      ) : (
        <EmptyState
          headingLevel={3}
          icon={<Building2 />}
          title="No featured businesses yet"
          description="Local businesses will appear here once they are listed in the directory."
          links={[{ to: '/businesses', label: 'Browse Businesses', variant: 'outline' }]}
        />
      );
  }
  return (
    <HomeSection id="home-businesses" title="Featured Businesses" viewAll={{ to: '/businesses', label: 'View all' }}>
      {body}
    </HomeSection>
  );
}

export default FeaturedBusinesses;
