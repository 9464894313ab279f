import { lazy, Suspense } from 'react';
import type { Listing } from '@cp/contracts';
import { LoadingState, type DeferredPartProps } from '@cp/ui';
import { DeferredDialog } from '@cp/ui/dialog';

// The edit form (with the contracts' zod schemas): My Listings starts fetching it together with this part.
const ListingForm = lazy(() => import('./ListingForm.tsx').then((m) => ({ default: m.ListingForm })));

function FormSkeleton() {
  return <LoadingState label="Loading the form…" bars={['h-10 w-full', 'h-24 w-full', 'h-10 w-full']} className="space-y-4" />;
}

export interface EditListingProps {
  listing: Listing;
}

/**
 * My Listings' Edit dialog on its trigger. Loaded by My Listings' Edit button when the button is first pointed at, focused or
 * pressed (createDeferredPart), with the form fetched alongside: the dialog opens as soon as this part is there, the
 * form's skeleton stands in until the form is.
 */
export function EditListingPart({ listing, ...part }: EditListingProps & DeferredPartProps) {
  return (
    <DeferredDialog {...part} className="max-w-2xl" title="Edit Listing" description="Update the details of your listing.">
      {({ open, close }) =>
        open ? (
          <Suspense fallback={<FormSkeleton />}>
            <ListingForm mode="edit" listing={listing} onDone={close} />
          </Suspense>
        ) : null
      }
    </DeferredDialog>
  );
}
