import { listItems, type Listing } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The listings reads (spec §7), injected into the page's one API when this remote loads. The list is fetched once and
 * shared by every screen and widget (filtering is done on the client); a write (./listing-writes-api.ts) refreshes it.
 */
export const listingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListings: build.query<Listing[], void>({
      query: () => '/api/listings',
      transformResponse: (data: unknown) => listItems<Listing>(data),
      providesTags: (result) => [{ type: 'Listing' as const, id: 'LIST' }, ...(result ?? []).map((l) => ({ type: 'Listing' as const, id: l.id }))],
    }),
    getListing: build.query<Listing, string>({
      query: (id) => `/api/listings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Listing', id }],
    }),
  }),
});

export const { useGetListingsQuery, useGetListingQuery } = listingsApi;
