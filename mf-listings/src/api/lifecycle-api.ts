import type { Listing, ListingDoneStatus, ListingsPage, RenewLinkResult } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * Issue 22's calls (My Listings, the listing page's owner actions, the mail links' pages): their own file, loaded with
 * those pages only, never with home.
 */
export const lifecycleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * My Listings: every listing of the signed-in user (expired and retired too), GET /api/listings/mine. The argument
     * is the user's id: the cache key, so another user signing in in this tab never sees the previous one's answer.
     */
    getMyListings: build.query<ListingsPage, string>({
      query: () => '/api/listings/mine?pageSize=100',
      providesTags: (result) => [{ type: 'Listing' as const, id: 'LIST' }, ...(result?.items ?? []).map((l) => ({ type: 'Listing' as const, id: l.id }))],
    }),
    renewListing: build.mutation<Listing, string>({
      query: (id) => ({ url: `/api/listings/${encodeURIComponent(id)}/renew`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Listing', id: 'LIST' }, { type: 'Listing', id }],
    }),
    markListingDone: build.mutation<Listing, { id: string; status: ListingDoneStatus }>({
      query: ({ id, status }) => ({ url: `/api/listings/${encodeURIComponent(id)}/done`, method: 'POST', body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Listing', id: 'LIST' }, { type: 'Listing', id }],
    }),
    renewFromLink: build.mutation<RenewLinkResult, string>({
      query: (token) => ({ url: '/api/listings/renew-link', method: 'POST', body: { token } }),
    }),
    stopReminders: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: '/api/listings/reminders/unsubscribe', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useGetMyListingsQuery, useRenewListingMutation, useMarkListingDoneMutation, useRenewFromLinkMutation, useStopRemindersMutation } = lifecycleApi;
