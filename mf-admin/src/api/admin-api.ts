import { listItems, type Advertisement, type AdvertisementInsert, type Business, type BusinessInsert } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * The admin calls (spec §7), injected into the page's one API when this remote loads. Lists are tagged like the
 * directory's and the ads', so a change made here refreshes every list of the page that shows the same data.
 */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminAdvertisements: build.query<Advertisement[], void>({
      query: () => '/api/advertisements',
      transformResponse: (data: unknown) => listItems<Advertisement>(data),
      providesTags: [{ type: 'Advertisement', id: 'LIST' }],
    }),
    createAdvertisement: build.mutation<unknown, AdvertisementInsert>({
      query: (body) => ({ url: '/api/advertisements', method: 'POST', body }),
      invalidatesTags: [{ type: 'Advertisement', id: 'LIST' }],
    }),
    updateAdvertisement: build.mutation<unknown, { id: string; body: AdvertisementInsert }>({
      query: ({ id, body }) => ({ url: `/api/advertisements/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Advertisement', id: 'LIST' }],
    }),
    deleteAdvertisement: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/advertisements/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Advertisement', id: 'LIST' }],
    }),
    getAdminBusinesses: build.query<Business[], void>({
      query: () => '/api/businesses',
      transformResponse: (data: unknown) => listItems<Business>(data),
      providesTags: [{ type: 'Business', id: 'LIST' }],
    }),
    createBusiness: build.mutation<unknown, BusinessInsert>({
      query: (body) => ({ url: '/api/admin/businesses', method: 'POST', body }),
      invalidatesTags: [{ type: 'Business', id: 'LIST' }],
    }),
    updateBusiness: build.mutation<unknown, { id: string; body: BusinessInsert }>({
      query: ({ id, body }) => ({ url: `/api/admin/businesses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Business', id: 'LIST' }],
    }),
    deleteBusiness: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/admin/businesses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Business', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetAdminAdvertisementsQuery,
  useCreateAdvertisementMutation,
  useUpdateAdvertisementMutation,
  useDeleteAdvertisementMutation,
  useGetAdminBusinessesQuery,
  useCreateBusinessMutation,
  useUpdateBusinessMutation,
  useDeleteBusinessMutation,
} = adminApi;
