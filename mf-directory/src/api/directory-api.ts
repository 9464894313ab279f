import { listItems, type Business } from '@cp/contracts';
import { baseApi } from '@cp/web-core';
import { yellowPagesQueryString } from '../lib/directory.ts';

/** The directory calls (spec §7), injected into the page's one API when this remote loads. */
export const directoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusinesses: build.query<Business[], void>({
      query: () => '/api/businesses',
      transformResponse: (data: unknown) => listItems<Business>(data),
      providesTags: [{ type: 'Business', id: 'LIST' }],
    }),
    getYellowPages: build.query<Business[], { mainCategory: string; subCategory?: string }>({
      query: (args) => `/api/yellow-pages?${yellowPagesQueryString(args)}`,
      transformResponse: (data: unknown) => listItems<Business>(data),
      // Admin changes to businesses (tag Business) refresh these lists too.
      providesTags: [{ type: 'YellowPages', id: 'LIST' }, { type: 'Business', id: 'LIST' }],
    }),
  }),
});

export const { useGetBusinessesQuery, useGetYellowPagesQuery } = directoryApi;
