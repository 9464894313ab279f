import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query.ts';

/** Cache tags of the lists; a mutation invalidates a tag and the lists that provide it refresh. */
export const TAG_TYPES = ['CurrentUser', 'Listing', 'ForumPost', 'ForumReply', 'Business', 'BusinessReview', 'YellowPages', 'Advertisement'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query API of the page. It has no endpoints of its own: web-core injects the auth endpoints and every
 * remote injects its own with `baseApi.injectEndpoints(...)` when it loads. Client data rules (spec §7): no retry, no
 * refetch on focus or reconnect, no polling, and data never goes stale (kept while the page lives).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

export type BaseApi = typeof baseApi;
