import { Star } from 'lucide-react';
import { HOME_COUNTS } from '@cp/contracts';
import { EmptyState } from '@cp/ui';
import { featuredListings } from '../lib/listings.ts';
import { ListingsHomeSection } from './ListingsHomeSection.tsx';

/** Featured Listings (spec §2 Home): the first 3 listings in tier silver, gold or platinum. */
export function FeaturedListings() {
  return (
    <ListingsHomeSection
      id="featured-listings"
      title="Featured Listings"
      count={HOME_COUNTS.featuredListings}
      loadingLabel="Loading featured listings…"
      pick={featuredListings}
      empty={<EmptyState headingLevel={3} icon={<Star />} title="No featured listings yet" description="Silver, Gold and Platinum listings are shown here." />}
    />
  );
}

export default FeaturedListings;
