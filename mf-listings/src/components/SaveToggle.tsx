import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Button, cn } from '@cp/ui';
import { useSaveToggle } from '../lib/use-saved.ts';

/** The card's Save toggle (spec §2 Listings; issue 22 §2: the account's saves when signed in, this browser's otherwise). */
export function CardSaveToggle({ listingId, title }: { listingId: string; title: string }) {
  const { saved, toggle } = useSaveToggle(listingId);
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={toggle}
      className="absolute right-2 top-2 z-10 inline-flex items-center gap-1 rounded-full bg-background/90 px-2.5 py-1 text-xs font-medium shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className={cn('h-3.5 w-3.5', saved && 'text-primary')} aria-hidden="true" />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {title}</span>
    </button>
  );
}

/** The listing page's Save button (spec §2 Listing detail). */
export function SaveButton({ listingId }: { listingId: string }) {
  const { saved, toggle } = useSaveToggle(listingId);
  return (
    <Button variant="outline" size="sm" aria-pressed={saved} onClick={toggle}>
      {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}

/** For ListingGrid's `toggle`: a card's Save toggle. */
export const cardSaveToggle = (listing: { id: string; title: string }) => <CardSaveToggle listingId={listing.id} title={listing.title} />;
