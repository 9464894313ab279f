import { SUGGEST_LIMIT_DEFAULT, type SuggestResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** GET /api/search/suggest (issue 15): typo-tolerant prefix suggestions across listings, businesses and posts. */
export const suggestApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    suggest: build.query<SuggestResponse, string>({
      query: (q) => `/api/search/suggest?${new URLSearchParams({ q, limit: String(SUGGEST_LIMIT_DEFAULT) }).toString()}`,
    }),
  }),
});
