import type { SearchListingsPage } from '@cp/contracts';
import { baseApi } from '@cp/web-core';
import type { ServerListingsArgs } from '../lib/listings-server.ts';

/**
 * GET /api/search/listings (the search service, issue 15): one page of listings with the §9 filters and the facet
 * counts. Its own module so that only /listings loads it, never the home sections.
 */
export const searchListingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchListings: build.query<SearchListingsPage, ServerListingsArgs>({
      query: (args) => `/api/search/listings?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)])).toString()}`,
      providesTags: [{ type: 'Listing', id: 'LIST' }],
    }),
  }),
});

export const { useSearchListingsQuery } = searchListingsApi;
