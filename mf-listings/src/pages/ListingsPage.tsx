import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Info, SearchX, X } from 'lucide-react';
import { LISTING_CATEGORIES, LOCATIONS, PRICE_BUCKETS, QUERY_TEXT_MAX, type ListingCategory, type ListingFacets, type PriceBucketId } from '@cp/contracts';
import { Badge, Button, EmptyState, Field, Input } from '@cp/ui';
import { SelectField } from '@cp/ui/select-field';
import { LoadError, siteSettings } from '@cp/web-core';
import { useGetListingsQuery } from '../api/listings-api.ts';
import { useSearchListingsQuery } from '../api/search-listings-api.ts';
import { ListingGrid, ListingGridSkeleton } from '../components/ListingCard.tsx';
import { SaveSearchButton } from '../components/SaveSearchButton.tsx';
import { cardSaveToggle } from '../components/SaveToggle.tsx';
import { Pagination, usePastLastPage } from '../components/Pagination.tsx';
import { activeFilterCount, CATEGORY_DISCLAIMERS, filterListings, type ListingFilters } from '../lib/listing-filters.ts';
import { listingsMode, pageOf, PROBE_ARGS, SERVER_PAGE_SIZE, SERVER_SEARCH_DEBOUNCE_MS, serverListingsArgs, withCount } from '../lib/listings-server.ts';

const isCategory = (value: string | null): value is ListingCategory => (LISTING_CATEGORIES as readonly string[]).includes(value ?? '');
const isBucket = (value: string | null): value is PriceBucketId => PRICE_BUCKETS.some((b) => b.id === value);

/** The filter options; in server mode each label carries its facet count (counted with the other filters applied). */
function filterOptions(facets: ListingFacets | undefined) {
  return {
    category: [{ value: 'all' as const, label: 'All Categories' }, ...LISTING_CATEGORIES.map((c) => ({ value: c, label: withCount(c, facets?.category[c]) }))],
    location: [{ value: 'all', label: 'All Locations' }, ...LOCATIONS.map((l) => ({ value: l, label: withCount(l, facets?.location[l]) }))],
    price: [{ value: 'all' as const, label: 'Any Price' }, ...PRICE_BUCKETS.map((b) => ({ value: b.id, label: withCount(b.label, facets?.priceRange[b.id]) }))],
  };
}

/**
 * The filters live in the URL (?search=&category=&location=&price=, and &page= in server mode), so a filtered list can
 * be shared. A changed filter starts again at page 1.
 */
function useFilters(): [ListingFilters, number, (patch: Partial<ListingFilters>) => void, () => void] {
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
  return [filters, pageOf(params.get('page')), update, () => setParams(new URLSearchParams(), { replace: true })];
}

/** The value once it has stayed the same for `ms` (the first value at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /listings (spec §2, §9; issue 15). Up to the threshold (the page's site settings, else LISTINGS_SERVER_SEARCH_THRESHOLD)
 * listings it is the spec's page: the full list, filtered in the browser. Past it, the search service's pages with the
 * same filters, counts and texts, and pages. The unfiltered first page of the search service tells which (its `total`); when the search service fails,
 * the spec's client mode (see README).
 */
export function ListingsPage() {
  const [filters, page, update, clear] = useFilters();
  const probe = useSearchListingsQuery(PROBE_ARGS);
  const mode = listingsMode(probe, siteSettings().listingsServerSearchThreshold);

  const client = useGetListingsQuery(undefined, { skip: mode !== 'client' });
  const clientResults = useMemo(() => filterListings(client.data ?? [], filters), [client.data, filters]);

  const search = useSettled(filters.search, SERVER_SEARCH_DEBOUNCE_MS);
  const server = useSearchListingsQuery(serverListingsArgs({ ...filters, search }, page), { skip: mode !== 'server' });

  const view =
    mode === 'client'
      ? { isLoading: client.isLoading, error: client.error, items: clientResults, total: clientResults.length, refetch: client.refetch }
      : mode === 'server'
        ? { isLoading: server.isLoading, error: server.error, items: server.data?.items ?? [], total: server.data?.total ?? 0, refetch: server.refetch }
        : { isLoading: true, error: undefined, items: [], total: 0, refetch: () => undefined };
  // A `?page=` past the last page goes to the last one (its answer is empty but its total is not).
  const pastLast = usePastLastPage(page, mode === 'server' ? server.currentData : undefined, SERVER_PAGE_SIZE);
  const options = filterOptions(mode === 'server' ? server.data?.facets : undefined);
  const active = activeFilterCount(filters);
  const disclaimer = CATEGORY_DISCLAIMERS[filters.category === 'all' ? 'default' : filters.category];

  let body;
  if (view.isLoading || pastLast) body = <ListingGridSkeleton />;
  else if (view.error) body = <LoadError title="Listings could not be loaded" error={view.error} onRetry={() => void view.refetch()} />;
  else if (view.items.length === 0) body = <EmptyState icon={<SearchX />} title="No listings found" description="Try other words or clear the filters." />;
  else
    body = (
      <div className="space-y-6" aria-busy={mode === 'server' && server.isFetching}>
        <ListingGrid listings={view.items} headingLevel={2} toggle={cardSaveToggle} />
        {mode === 'server' ? <Pagination page={page} total={view.total} pageSize={SERVER_PAGE_SIZE} label="Listing pages" /> : null}
      </div>
    );

  return (
    <div className="space-y-6">
      <title>{`${filters.category === 'all' ? 'Browse Listings' : filters.category} | Central PA Desi Community`}</title>
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{filters.category === 'all' ? 'Browse Listings' : filters.category}</h1>
        <p className="mt-1 text-muted-foreground">Classifieds from the Central PA Desi community.</p>
      </header>

      <section aria-label="Filters" className="grid gap-4 rounded-lg border bg-card p-4 md:grid-cols-2 lg:grid-cols-4">
        <Field label="Search">
          <Input type="search" placeholder="Search title or description" maxLength={QUERY_TEXT_MAX} value={filters.search} onChange={(e) => update({ search: e.target.value })} />
        </Field>
        <SelectField label="Category" value={filters.category} options={options.category} onChange={(category) => update({ category })} />
        <SelectField label="Location" value={filters.location} options={options.location} onChange={(location) => update({ location })} />
        <SelectField label="Price range" value={filters.price} options={options.price} onChange={(price) => update({ price })} />
        <div className="flex flex-wrap items-center justify-between gap-2 md:col-span-2 lg:col-span-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {view.isLoading ? 'Loading listings…' : view.error ? 'Listings unavailable' : `${view.total} ${view.total === 1 ? 'listing' : 'listings'} found`}
            {active > 0 ? (
              <Badge variant="secondary" className="ml-2">
                {active} {active === 1 ? 'filter' : 'filters'} active
              </Badge>
            ) : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <SaveSearchButton filters={filters} />
            <Button variant="ghost" size="sm" onClick={clear} disabled={active === 0}>
              <X aria-hidden="true" />
              Clear All
            </Button>
          </div>
        </div>
      </section>

      <aside aria-label="Safety notice" className="flex gap-3 rounded-lg border border-primary/30 bg-accent/40 p-4 text-sm">
        <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <p>{disclaimer}</p>
      </aside>

      {body}
    </div>
  );
}

export default ListingsPage;
