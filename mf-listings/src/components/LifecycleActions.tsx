import { CheckCircle2, RefreshCw } from 'lucide-react';
import { DONE_STATUS_LABELS, LISTING_EXPIRED_MESSAGE, type Listing } from '@cp/contracts';
import { Button, ConfirmButton, toast } from '@cp/ui';
import { serverErrorText, useAuth } from '@cp/web-core';
import { useMarkListingDoneMutation, useRenewListingMutation } from '../api/lifecycle-api.ts';
import { doneStatusOf } from '../lib/lifecycle.ts';

const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverErrorText(error) ?? fallback, variant: 'destructive' });

/** The owner's "Mark as Sold/Rented/Filled" (the category's word), after a confirmation. */
export function MarkDoneButton({ listing }: { listing: Listing }) {
  const [mark, { isLoading }] = useMarkListingDoneMutation();
  const status = doneStatusOf(listing);
  const word = DONE_STATUS_LABELS[status];
  async function confirm() {
    try {
      await mark({ id: listing.id, status }).unwrap();
      toast({ title: `Marked as ${word}`, description: 'Visitors see it with that badge for a week, then it is hidden.', variant: 'success' });
    } catch (error) {
      failed(error, 'The listing could not be marked. Please try again.');
    }
  }
  return (
    <ConfirmButton
      disabled={isLoading}
      title={`Mark as ${word}?`}
      description={`"${listing.title}" will show a ${word} badge for a week, then visitors no longer see it. This cannot be undone.`}
      action={`Mark as ${word}`}
      onConfirm={() => void confirm()}
    >
      <CheckCircle2 aria-hidden="true" />
      Mark as {word}
      <span className="sr-only"> {listing.title}</span>
    </ConfirmButton>
  );
}

/** The owner's Renew: shown again for LISTING_TTL_DAYS from now. */
export function RenewButton({ listing }: { listing: Listing }) {
  const [renew, { isLoading }] = useRenewListingMutation();
  async function onClick() {
    try {
      const renewed = await renew(listing.id).unwrap();
      const until = renewed.expiresAt ? ` until ${new Date(renewed.expiresAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}` : '';
      toast({ title: 'Renewed', description: `Your listing is shown again${until}.`, variant: 'success' });
    } catch (error) {
      failed(error, 'The listing could not be renewed. Please try again.');
    }
  }
  return (
    <Button size="sm" onClick={() => void onClick()} disabled={isLoading}>
      <RefreshCw aria-hidden="true" />
      Renew<span className="sr-only"> {listing.title}</span>
    </Button>
  );
}

/**
 * The listing page's owner actions: Mark as Sold/Rented/Filled for an active listing, Renew for an expired one. A
 * component of its own: the session's answer re-renders only it, never the page while it hydrates (the server's render
 * is made for nobody).
 */
export function OwnerLifecycleActions({ listing, expired }: { listing: Listing; expired: boolean }) {
  const { user } = useAuth();
  if (!user || user.id !== listing.userId || (!expired && listing.status !== 'active')) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
      {expired ? (
        <>
          <span>{LISTING_EXPIRED_MESSAGE}: visitors no longer see it.</span>
          <RenewButton listing={listing} />
        </>
      ) : (
        <MarkDoneButton listing={listing} />
      )}
    </div>
  );
}
