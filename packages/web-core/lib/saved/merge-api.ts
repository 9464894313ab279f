import type { SavedListingsMergeResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';
import type { AppDispatch } from '../store.ts';
import { mergeLocalSaves, type MergeOutcome } from './local-saves.ts';

/**
 * POST /api/saved-listings/merge as an endpoint of the page's one API: a merge refreshes whatever shows saved
 * listings (the `SavedListing` tag). Injected by the sign-in page and by mf-listings' Save toggles alike, the same
 * definition (overrideExisting: whichever bundle loads second replaces it with the same thing).
 */
export const savedMergeApi = baseApi.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    mergeSavedListings: build.mutation<SavedListingsMergeResponse, string[]>({
      query: (listingIds) => ({ url: '/api/saved-listings/merge', method: 'POST', body: { listingIds } }),
      invalidatesTags: [{ type: 'SavedListing', id: 'LIST' }],
    }),
  }),
});

/** Merges this browser's local saves into the signed-in account (mergeLocalSaves), through the page's API. */
export function mergeLocalSavesIntoAccount(dispatch: AppDispatch): Promise<MergeOutcome> {
  return mergeLocalSaves((ids) => dispatch(savedMergeApi.endpoints.mergeSavedListings.initiate(ids)).unwrap());
}
