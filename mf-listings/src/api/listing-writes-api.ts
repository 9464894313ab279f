import type { Listing, ListingInsert, ListingUpdate, UploadResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The listings writes (spec §7): create, update, upload an image, delete. Apart from the reads (./listings-api.ts), so
 * a page or widget that only shows listings does not carry them: the form and My Listings import these. Each
 * invalidates the reads' tags (the list, the listing).
 */
export const listingWritesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useCreateListingMutation, useUpdateListingMutation, useUploadImageMutation, useDeleteListingMutation } = listingWritesApi;
