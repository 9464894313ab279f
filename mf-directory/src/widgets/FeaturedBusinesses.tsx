import { Link } from 'react-router';
import { ArrowRight, Building2 } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { Button, EmptyState } from '@cp/ui';
import { useGetBusinessesQuery } from '../api/directory-api.ts';
import { BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { featuredBusinesses } from '../lib/directory.ts';
import { LoadError } from '@cp/web-core';

/** Featured Businesses on home (spec §2 Home): the first 3 businesses. */
export function FeaturedBusinesses() {
  const { data, isLoading, error, refetch } = useGetBusinessesQuery();
  let body;
  if (isLoading) body = <BusinessGridSkeleton count={HOME_COUNTS.businesses} label="Loading featured businesses…" />;
  else if (error) body = <LoadError title="Businesses could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />;
  else {
    const list = featuredBusinesses(data ?? []);
    body =
      list.length > 0 ? (
        <BusinessGrid businesses={list} headingLevel={3} />
      ) : (
        <EmptyState
          headingLevel={3}
          icon={<Building2 />}
          title="No featured businesses yet"
          description="Local businesses will appear here once they are listed in the directory."
          action={
            <Button asChild variant="outline">
              <Link to="/businesses">Browse Businesses</Link>
            </Button>
          }
        />
      );
  }
  return (
    <section aria-labelledby="home-businesses">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="home-businesses" className="text-2xl font-bold tracking-tight">
          Featured Businesses
        </h2>
        <Link to="/businesses" className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          View all
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {body}
    </section>
  );
}

export default FeaturedBusinesses;
