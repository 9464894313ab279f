import type { Listing } from '@cp/contracts';
import { baseApi } from '@cp/web-core';
import { normalizeListings } from '../lib/listings.ts';

/**
 * The listings calls (spec §7), injected into the page's one API when this remote loads. The list is fetched once and
 * shared by every screen and widget (filtering is done on the client); a deletion refreshes it.
 */
export const listingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListings: build.query<Listing[], void>({
      query: () => '/api/listings',
      transformResponse: normalizeListings,
      providesTags: (result) => [{ type: 'Listing' as const, id: 'LIST' }, ...(result ?? []).map((l) => ({ type: 'Listing' as const, id: l.id }))],
    }),
    getListing: build.query<Listing, string>({
      query: (id) => `/api/listings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Listing', id }],
    }),
    deleteListing: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/listings/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Listing', id: 'LIST' }, { type: 'Listing', id }],
    }),
  }),
});

export const { useGetListingsQuery, useGetListingQuery, useDeleteListingMutation } = listingsApi;
