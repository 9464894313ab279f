import { LIST_PAGE_SIZES, type SavedListing, type SavedListingIdsResponse, type SavedListingsPage } from '@cp/contracts';
import { baseApi, isApiError } from '@cp/web-core';

/** Pages of /saved. */
export const SAVED_PAGE_SIZE = LIST_PAGE_SIZES.savedListings.default;

/**
 * The signed-in user's saved listings (issue 22 §2), injected into the page's one API when a page with Save toggles
 * loads. The toggles read the ids (one small request, bounded by the account's cap); saving and removing change them
 * at once (optimistic) and undo the change when the service refuses it. Every change refreshes /saved's pages.
 */
export const savedListingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSavedListingIds: build.query<readonly string[], void>({
      query: () => '/api/saved-listings/ids',
      transformResponse: (data: SavedListingIdsResponse) => data.listingIds,
      providesTags: [{ type: 'SavedListing', id: 'LIST' }],
    }),
    getSavedListings: build.query<SavedListingsPage, number>({
      query: (page) => `/api/saved-listings?page=${page}&pageSize=${SAVED_PAGE_SIZE}`,
      providesTags: [{ type: 'SavedListing', id: 'LIST' }],
    }),
    saveListing: build.mutation<SavedListing, string>({
      query: (listingId) => ({ url: '/api/saved-listings', method: 'POST', body: { listingId } }),
      async onQueryStarted(listingId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedListingsApi.util.updateQueryData('getSavedListingIds', undefined, (ids) => (ids.includes(listingId) ? ids : [listingId, ...ids])),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'SavedListing', id: 'LIST' }]),
    }),
    removeSavedListing: build.mutation<unknown, string>({
      query: (listingId) => ({ url: `/api/saved-listings/${encodeURIComponent(listingId)}`, method: 'DELETE' }),
      async onQueryStarted(listingId, { dispatch, queryFulfilled }) {
        const patch = dispatch(savedListingsApi.util.updateQueryData('getSavedListingIds', undefined, (ids) => ids.filter((id) => id !== listingId)));
        // 404: it was not saved (any more), which is what was asked.
        await queryFulfilled.catch(({ error }: { error: unknown }) => {
          if (!isApiError(error) || error.status !== 404) patch.undo();
        });
      },
      invalidatesTags: [{ type: 'SavedListing', id: 'LIST' }],
    }),
  }),
});

export const { useGetSavedListingIdsQuery, useGetSavedListingsQuery, useSaveListingMutation, useRemoveSavedListingMutation } = savedListingsApi;
