import { listItems, type Business, type BusinessReview, type BusinessReviewInsert, type MessageResponse } from '@cp/contracts';
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
    /** GET /api/businesses/{id}: the business of its page (a review changes its rating: tagged with the lists). */
    getBusiness: build.query<Business, string>({
      query: (id) => `/api/businesses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Business', id }, { type: 'Business', id: 'LIST' }],
    }),
    getYellowPages: build.query<Business[], { mainCategory: string; subCategory?: string }>({
      query: (args) => `/api/yellow-pages?${yellowPagesQueryString(args)}`,
      transformResponse: (data: unknown) => listItems<Business>(data),
      // Admin changes to businesses (tag Business) refresh these lists too.
      providesTags: [{ type: 'YellowPages', id: 'LIST' }, { type: 'Business', id: 'LIST' }],
    }),
    getBusinessReviews: build.query<BusinessReview[], string>({
      query: (businessId) => `/api/businesses/${encodeURIComponent(businessId)}/reviews`,
      transformResponse: (data: unknown) => listItems<BusinessReview>(data),
      providesTags: (_r, _e, businessId) => [{ type: 'BusinessReview', id: businessId }],
    }),
    reviewBusiness: build.mutation<BusinessReview, { businessId: string; body: BusinessReviewInsert }>({
      query: ({ businessId, body }) => ({ url: `/api/businesses/${encodeURIComponent(businessId)}/reviews`, method: 'POST', body }),
      // The business's rating and review count change: every list showing it refreshes.
      invalidatesTags: (_r, _e, { businessId }) => [{ type: 'BusinessReview', id: businessId }, { type: 'Business', id: 'LIST' }],
    }),
    /** POST /api/auth/resend-verification (identity): a new e-mail verification link, asked for where the review form would be. */
    resendVerification: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/auth/resend-verification', method: 'POST' }),
    }),
  }),
});

export const { useGetBusinessesQuery, useGetBusinessQuery, useGetYellowPagesQuery, useGetBusinessReviewsQuery, useReviewBusinessMutation, useResendVerificationMutation } = directoryApi;
