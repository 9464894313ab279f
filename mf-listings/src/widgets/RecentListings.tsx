import { Inbox } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { recentListings } from '../lib/listings.ts';
import { ListingsHomeSection } from './ListingsHomeSection.tsx';

/** Recent Listings (spec §2 Home): the first 6 listings. */
export function RecentListings() {
  return (
    <ListingsHomeSection
      id="recent-listings"
      title="Recent Listings"
      count={HOME_COUNTS.recentListings}
      loadingLabel="Loading recent listings…"
      pick={recentListings}
      empty={<EmptyState headingLevel={3} icon={<Inbox />} title="No listings found" description="Be the first to post an ad with the Post Ad button." />}
    />
  );
}

export default RecentListings;
