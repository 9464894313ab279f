import { listItems, type Listing, type ListingInsert, type ListingUpdate, type UploadResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The listings calls (spec §7), injected into the page's one API when this remote loads. The list is fetched once and
 * shared by every screen and widget (filtering is done on the client); a deletion refreshes it.
 */
export const listingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListings: build.query<Listing[], void>({
      query: () => '/api/listings',
      transformResponse: (data: unknown) => listItems<Listing>(data),
      providesTags: (result) => [{ type: 'Listing' as const, id: 'LIST' }, ...(result ?? []).map((l) => ({ type: 'Listing' as const, id: l.id }))],
    }),
    getListing: build.query<Listing, string>({
      query: (id) => `/api/listings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Listing', id }],
    }),
    createListing: build.mutation<Listing, ListingInsert>({
      query: (body) => ({ url: '/api/listings', method: 'POST', body }),
      invalidatesTags: [{ type: 'Listing', id: 'LIST' }],
    }),
    /** PUT /api/listings/:id: the given fields replace the stored ones; an optional field sent as null is removed. */
    updateListing: build.mutation<Listing, { id: string; body: ListingUpdate | Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/api/listings/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Listing', id: 'LIST' }, { type: 'Listing', id }],
    }),
    /** POST /api/upload (spec §7): a multipart form with one file field per image; answers `{ url }`. */
    uploadImage: build.mutation<UploadResponse, File>({
      query: (file) => {
        const form = new FormData();
        form.append('images', file, file.name);
        return { url: '/api/upload', method: 'POST', body: form };
      },
    }),
    deleteListing: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/listings/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Listing', id: 'LIST' }, { type: 'Listing', id }],
    }),
  }),
});

export const { useGetListingsQuery, useGetListingQuery, useCreateListingMutation, useUpdateListingMutation, useUploadImageMutation, useDeleteListingMutation } = listingsApi;
