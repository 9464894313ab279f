import type { SearchHitType, SearchResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

export interface SiteSearchArgs {
  q: string;
  type?: SearchHitType;
  page: number;
}

/** GET /api/search (issue 15): a page of hits across listings, businesses and forum posts, with the count of each. */
export const siteSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    siteSearch: build.query<SearchResponse, SiteSearchArgs>({
      query: ({ q, type, page }) => `/api/search?${new URLSearchParams({ q, ...(type ? { type } : {}), page: String(page) }).toString()}`,
    }),
  }),
});

export const { useSiteSearchQuery } = siteSearchApi;
