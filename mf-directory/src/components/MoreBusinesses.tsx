import { useState } from 'react';
import type { Business, CursorPage } from '@cp/contracts';
import { Button } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { BusinessGrid, BusinessGridSkeleton } from './BusinessCard.tsx';

/** What a page of businesses is asked with: its cursor, and the hook of the list's endpoint (RTK Query, skip until asked). */
type PageHook = (cursor: string, options: { skip: boolean }) => { data?: CursorPage<Business> | undefined; isLoading: boolean; error?: unknown; refetch: () => unknown };

/**
 * The pages of a business list after the first (issue 24 §2: the list is paged from the server): a Load more button,
 * then the page asked with the cursor of the one before, and so on until the last page (`nextCursor` null).
 */
export function MoreBusinesses({ cursor, usePage, grid }: { cursor: string; usePage: PageHook; grid: Omit<Parameters<typeof BusinessGrid>[0], 'businesses'> }) {
  const [more, setMore] = useState(false);
  const { data, isLoading, error, refetch } = usePage(cursor, { skip: !more });
  if (!more) {
    return (
      <div className="flex justify-center">
        <Button variant="outline" onClick={() => setMore(true)}>
          Load more businesses
        </Button>
      </div>
    );
  }
  if (error) return <LoadError title="More businesses could not be loaded" error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <BusinessGridSkeleton count={2} />;
  return (
    <>
      <BusinessGrid businesses={data.items} {...grid} />
      {data.nextCursor ? <MoreBusinesses cursor={data.nextCursor} usePage={usePage} grid={grid} /> : null}
    </>
  );
}
