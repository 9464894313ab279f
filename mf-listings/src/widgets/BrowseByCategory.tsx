import { Link } from 'react-router';
import { Briefcase, Building, CalendarDays, Home, ShoppingBag, Wrench, type LucideIcon } from 'lucide-react';
import type { ListingCategory } from '@cp/contracts';
import { Skeleton } from '@cp/ui';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { categoryCounts, HOME_CATEGORIES } from '../lib/listings.ts';
import { HomeSection } from '@cp/web-core';

const ICONS: Record<string, LucideIcon> = {
  Jobs: Briefcase,
  'Real Estate': Building,
  'Home Rentals': Home,
  Services: Wrench,
  'Buy & Sell': ShoppingBag,
  Events: CalendarDays,
};

function countText(category: ListingCategory, counts: Map<string, number> | undefined): string {
  if (!counts) return '';
  const n = counts.get(category) ?? 0;
  return `${n} ${n === 1 ? 'listing' : 'listings'}`;
}

/** Browse by Category (spec §2 Home): six cards with per-category counts, each opening the filtered list. */
export function BrowseByCategory() {
  const { data, isLoading } = useGetListingsQuery();
  const counts = data ? categoryCounts(data) : undefined;
  return (
    <HomeSection id="browse-by-category" title="Browse by Category">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {HOME_CATEGORIES.map((category) => {
          const Icon = ICONS[category] ?? ShoppingBag;
          return (
            <li key={category}>
              <Link
                to={`/listings?category=${encodeURIComponent(category)}`}
                className="flex h-full flex-col items-center gap-2 rounded-lg border bg-card p-4 text-center transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="h-7 w-7 text-primary" aria-hidden="true" />
                <span className="font-medium">{category}</span>
                {isLoading ? <Skeleton className="h-3 w-16" /> : <span className="text-xs text-muted-foreground">{countText(category, counts)}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}

export default BrowseByCategory;
