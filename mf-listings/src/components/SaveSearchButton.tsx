import { lazy, Suspense, useState } from 'react';
import { BellPlus } from 'lucide-react';
import { Button } from '@cp/ui';
import { useAuth } from '@cp/web-core';
import type { ListingFilters } from '../lib/listing-filters.ts';

// The dialog (its form, the saved-search calls) loads on intent: a pointer over the button, focus, or the press.
const loadDialog = () => import('./SaveSearchDialog.tsx');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

/** "Save this search" on /listings, for a signed-in reader: the current filters, named, with instant or daily alerts. */
export function SaveSearchButton({ filters }: { filters: ListingFilters }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} onPointerEnter={prefetch} onFocus={prefetch}>
        <BellPlus aria-hidden="true" />
        Save this search
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
