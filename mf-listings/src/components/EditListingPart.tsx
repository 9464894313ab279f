import { lazy, Suspense } from 'react';
import type { Listing } from '@cp/contracts';
import { LoadingState, useDeferredPartState, type DeferredPartProps } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@cp/ui/dialog';

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
export function EditListingPart({ listing, trigger, autoFocus, defaultOpen }: EditListingProps & DeferredPartProps) {
  const { open, setOpen, ref } = useDeferredPartState({ autoFocus, defaultOpen });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild ref={ref}>
        {trigger}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Listing</DialogTitle>
          <DialogDescription>Update the details of your listing.</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<FormSkeleton />}>
            <ListingForm mode="edit" listing={listing} onDone={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
