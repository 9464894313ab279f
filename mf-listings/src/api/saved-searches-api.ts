import type { AlertUnsubscribeResult, SavedSearch, SavedSearchCreate, SavedSearchList, SavedSearchUpdate } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/** The saved searches' cache entry (a Listing tag of its own id: no tag type of their own in the page's one API). */
const SAVED = { type: 'Listing' as const, id: 'SAVED-SEARCHES' };

/**
 * Saved searches with alerts (issue 22 §3): the signed-in user's own (the alerts page, the save dialog) and the alert
 * mails' unsubscribe. Its own module: only the pages and the dialog that use it load it, never /listings' first view.
 */
export const savedSearchesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<SavedSearchList, void>({
      query: () => '/api/saved-searches',
      providesTags: [SAVED],
    }),
    createSavedSearch: build.mutation<SavedSearch, SavedSearchCreate>({
      query: (body) => ({ url: '/api/saved-searches', method: 'POST', body }),
      invalidatesTags: [SAVED],
    }),
    updateSavedSearch: build.mutation<SavedSearch, { id: string; body: SavedSearchUpdate }>({
      query: ({ id, body }) => ({ url: `/api/saved-searches/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [SAVED],
    }),
    deleteSavedSearch: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/saved-searches/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SAVED],
    }),
    unsubscribeAlert: build.mutation<AlertUnsubscribeResult, { token: string }>({
      query: (body) => ({ url: '/api/saved-searches/unsubscribe', method: 'POST', body }),
      invalidatesTags: [SAVED],
    }),
  }),
});

export const { useGetSavedSearchesQuery, useCreateSavedSearchMutation, useUpdateSavedSearchMutation, useDeleteSavedSearchMutation, useUnsubscribeAlertMutation } = savedSearchesApi;
