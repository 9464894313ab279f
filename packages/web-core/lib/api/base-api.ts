import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { HYDRATE_ACTION, isServer, type DehydratedApiState } from '../ssr.ts';
import { createBaseQuery } from './base-query.ts';

/**
 * On the server the hooks start their queries while rendering (there are no effects there): the renderer renders
 * once to learn what a page asks for, waits for the answers, and renders again with them (issue 20). In a browser
 * they start in effects, as usual.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: isServer }));

/** Cache tags of the lists; a mutation invalidates a tag and the lists that provide it refresh. */
export const TAG_TYPES = ['CurrentUser', 'Listing', 'ForumPost', 'ForumReply', 'Business', 'BusinessReview', 'YellowPages', 'Advertisement', 'SavedListing'] as const;
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
  // The answers the server rendered the page with (ssr.ts): taken once, before the browser's first render.
  extractRehydrationInfo(action, { reducerPath }) {
    if (action.type !== HYDRATE_ACTION) return undefined;
    const payload = (action as unknown as { payload: DehydratedApiState }).payload;
    return { queries: payload.queries, mutations: {}, provided: payload.provided ?? { tags: {}, keys: {} }, reducerPath } as never;
  },
  endpoints: () => ({}),
});

export type BaseApi = typeof baseApi;
