import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Building2, Plus } from 'lucide-react';
import { Button, EmptyState } from '@cp/ui';
import { useGetBusinessesQuery } from '../api/directory-api.ts';
import { businessAnchor, BusinessGrid, BusinessGridSkeleton } from '../components/BusinessCard.tsx';
import { MoreBusinesses } from '../components/MoreBusinesses.tsx';
import { LoadError } from '@cp/web-core';

/** The contact form's subject when a visitor suggests a business (the directory is kept by the admins). */
export const SUGGEST_BUSINESS_SUBJECT = 'Suggest a business for the directory';

/**
 * /businesses (spec §2 Businesses): the card list, each with its reviews. The spec's Add Business button has no action
 * shown; businesses are added by the admins, so it opens the contact form with the subject set to suggest one.
 */
export function BusinessesPage() {
  // The first page; Load more asks the next ones (issue 24 §2: the list is paged from the server).
  const { data, isLoading, error, refetch } = useGetBusinessesQuery({});
  // /businesses#business-{id} (an older link to a business): once the cards are there, that card is scrolled to and outlined.
  // The fragment never reaches the server: it is read after the first render, so hydration matches the server's markup.
  const { hash: locationHash } = useLocation();
  const [hash, setHash] = useState('');
  useEffect(() => setHash(locationHash), [locationHash]);
  const highlightId = data?.items.find((b) => `#${businessAnchor(b.id)}` === hash)?.id;
  useEffect(() => {
    if (highlightId) document.getElementById(businessAnchor(highlightId))?.scrollIntoView({ block: 'center' });
  }, [highlightId]);
  let body;
  if (isLoading) body = <BusinessGridSkeleton />;
  else if (error) body = <LoadError title="Businesses could not be loaded" error={error} onRetry={() => void refetch()} />;
  else if ((data?.items ?? []).length === 0)
    body = <EmptyState icon={<Building2 />} title="No businesses yet" description="Local businesses will appear here once they are listed in the directory." />;
  else
    body = (
      <div className="space-y-6">
        <BusinessGrid businesses={data?.items ?? []} reviews anchors highlightId={highlightId} />
        {data?.nextCursor ? <MoreBusinesses cursor={data.nextCursor} usePage={(cursor, o) => useGetBusinessesQuery({ cursor }, o)} grid={{ reviews: true, anchors: true }} /> : null}
      </div>
    );
  return (
    <div className="space-y-6">
      <title>Business Directory | Central PA Desi Community</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Business Directory</h1>
          <p className="text-muted-foreground">Desi-owned and community-recommended businesses in Central Pennsylvania.</p>
        </div>
        <Button asChild>
          <Link to={`/contact?subject=${encodeURIComponent(SUGGEST_BUSINESS_SUBJECT)}`}>
            <Plus aria-hidden="true" />
            Add Business
          </Link>
        </Button>
      </div>
      {body}
    </div>
  );
}

export default BusinessesPage;
