import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Info, SearchX, X } from 'lucide-react';
import { LISTING_CATEGORIES, LOCATIONS, PRICE_BUCKETS, type ListingCategory, type PriceBucketId } from '@cp/contracts';
import { Badge, Button, EmptyState, Field, Input } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { ListingGrid, ListingGridSkeleton } from '../components/ListingCard.tsx';
import { activeFilterCount, CATEGORY_DISCLAIMERS, filterListings, type ListingFilters } from '../lib/listings.ts';
import { LoadError } from '@cp/web-core';

const isCategory = (value: string | null): value is ListingCategory => (LISTING_CATEGORIES as readonly string[]).includes(value ?? '');
const isBucket = (value: string | null): value is PriceBucketId => PRICE_BUCKETS.some((b) => b.id === value);

const CATEGORY_OPTIONS = [{ value: 'all' as const, label: 'All Categories' }, ...LISTING_CATEGORIES];
const LOCATION_OPTIONS = [{ value: 'all', label: 'All Locations' }, ...LOCATIONS];
const PRICE_OPTIONS = [{ value: 'all' as const, label: 'Any Price' }, ...PRICE_BUCKETS.map((b) => ({ value: b.id, label: b.label }))];

/** The filters live in the URL (?search=&category=&location=&price=), so a filtered list can be shared. */
function useFilters(): [ListingFilters, (patch: Partial<ListingFilters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const price = params.get('price');
  const filters: ListingFilters = {
    search: params.get('search') ?? '',
    category: isCategory(category) ? category : 'all',
    location: params.get('location') ?? 'all',
    price: isBucket(price) ? price : 'all',
  };
  const update = (patch: Partial<ListingFilters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.category !== 'all') out.set('category', next.category);
    if (next.location !== 'all') out.set('location', next.location);
    if (next.price !== 'all') out.set('price', next.price);
    setParams(out, { replace: true });
  };
  return [filters, update, () => setParams(new URLSearchParams(), { replace: true })];
}

/** /listings (spec §2): search, category, location and price filters over the full list, on the client. */
export function ListingsPage() {
  const { data, isLoading, error, refetch } = useGetListingsQuery();
  const [filters, update, clear] = useFilters();
  const results = useMemo(() => filterListings(data ?? [], filters), [data, filters]);
  const active = activeFilterCount(filters);
  const disclaimer = CATEGORY_DISCLAIMERS[filters.category === 'all' ? 'default' : filters.category];

  return (
    <div className="space-y-6">
      <title>{`${filters.category === 'all' ? 'Browse Listings' : filters.category} | Central PA Desi Community`}</title>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{filters.category === 'all' ? 'Browse Listings' : filters.category}</h1>
        <p className="mt-1 text-muted-foreground">Classifieds from the Central PA Desi community.</p>
      </header>

      <section aria-label="Filters" className="grid gap-4 rounded-lg border bg-card p-4 md:grid-cols-2 lg:grid-cols-4">
        <Field label="Search">
          <Input type="search" placeholder="Search title or description" value={filters.search} onChange={(e) => update({ search: e.target.value })} />
        </Field>
        <SelectField label="Category" value={filters.category} options={CATEGORY_OPTIONS} onChange={(category) => update({ category })} />
        <SelectField label="Location" value={filters.location} options={LOCATION_OPTIONS} onChange={(location) => update({ location })} />
        <SelectField label="Price range" value={filters.price} options={PRICE_OPTIONS} onChange={(price) => update({ price })} />
        <div className="flex flex-wrap items-center justify-between gap-2 md:col-span-2 lg:col-span-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {isLoading ? 'Loading listings…' : error ? 'Listings unavailable' : `${results.length} ${results.length === 1 ? 'listing' : 'listings'} found`}
            {active > 0 ? (
              <Badge variant="secondary" className="ml-2">
                {active} {active === 1 ? 'filter' : 'filters'} active
              </Badge>
            ) : null}
          </p>
          <Button variant="ghost" size="sm" onClick={clear} disabled={active === 0}>
            <X aria-hidden="true" />
            Clear All
          </Button>
        </div>
      </section>

      <aside aria-label="Safety notice" className="flex gap-3 rounded-lg border border-primary/30 bg-accent/40 p-4 text-sm">
        <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <p>{disclaimer}</p>
      </aside>

      {isLoading ? (
        <ListingGridSkeleton />
      ) : error ? (
        <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : results.length === 0 ? (
        <EmptyState icon={<SearchX />} title="No listings found" description="Try other words or clear the filters." />
      ) : (
        <ListingGrid listings={results} headingLevel={2} saveable />
      )}
    </div>
  );
}

export default ListingsPage;
