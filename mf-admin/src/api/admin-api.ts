import { cursorPageOf, LIST_PAGE_SIZES, type Advertisement, type AdvertisementInsert, type Business, type BusinessInsert, type CursorPage } from '@cp/contracts';
import { baseApi } from '@cp/web-core';

/**
 * How many ads and businesses a page of the admin's tabs holds (then Load more): the endpoints' largest page, since an
 * admin works through the whole collection (issue 24 §2: every list is bounded and paged, however many items it has).
 */
export const ADMIN_ADS_PAGE_SIZE = LIST_PAGE_SIZES.advertisements.max;
export const ADMIN_BUSINESSES_PAGE_SIZE = LIST_PAGE_SIZES.businesses.max;

/** The query of a cursor page: its size, and the cursor of the page (none: the first). */
const pageQuery = (limit: number, cursor: string | undefined) => new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) }).toString();

/**
 * The admin calls (spec §7), injected into the page's one API when this remote loads. The lists come a cursor page at
 * a time (`{ items, nextCursor }`), each page cached under its cursor and tagged like the directory's and the ads'
 * lists, so a change made here refetches every page shown (and every list of the page that shows the same data).
 */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/advertisements?limit=&cursor=: one page of every ad (an admin's), newest first. */
    getAdminAdvertisements: build.query<CursorPage<Advertisement>, { cursor?: string | undefined }>({
      query: ({ cursor }) => `/api/advertisements?${pageQuery(ADMIN_ADS_PAGE_SIZE, cursor)}`,
      transformResponse: (data: unknown) => cursorPageOf<Advertisement>(data),
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
    /** GET /api/businesses?limit=&cursor=: one page of the businesses, premium first, then the newest. */
    getAdminBusinesses: build.query<CursorPage<Business>, { cursor?: string | undefined }>({
      query: ({ cursor }) => `/api/businesses?${pageQuery(ADMIN_BUSINESSES_PAGE_SIZE, cursor)}`,
      transformResponse: (data: unknown) => cursorPageOf<Business>(data),
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
