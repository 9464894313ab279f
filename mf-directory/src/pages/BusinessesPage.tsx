import { Building2, Plus } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { useGetBusinessesQuery } from '../api/directory-api.ts';
import { BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { LoadError } from '@cp/web-core';

/** /businesses (spec §2 Businesses): the card list. The Add Business button has no action in the product. */
export function BusinessesPage() {
  const { data, isLoading, error, refetch } = useGetBusinessesQuery();
  let body;
  if (isLoading) body = <BusinessGridSkeleton />;
  else if (error) body = <LoadError title="Businesses could not be loaded" error={error} onRetry={() => void refetch()} />;
  else if ((data ?? []).length === 0)
    body = <EmptyState icon={<Building2 />} title="No businesses yet" description="Local businesses will appear here once they are listed in the directory." />;
  else body = <BusinessGrid businesses={data ?? []} />;
  return (
    <div className="space-y-6">
      <title>Business Directory | Central PA Desi Community</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Business Directory</h1>
          <p className="text-muted-foreground">Desi-owned and community-recommended businesses in Central Pennsylvania.</p>
        </div>
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Business
        </Button>
      </div>
      {body}
    </div>
  );
}

export default BusinessesPage;
