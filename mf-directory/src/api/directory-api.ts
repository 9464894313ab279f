import { cursorPageOf, LIST_PAGE_SIZES, type Business, type BusinessReview, type BusinessReviewInsert, type CursorPage, type MessageResponse } from '@cp/contracts';
import { baseApi } from '@cp/web-core';
import { yellowPagesQueryString } from '../lib/directory.ts';

/** How many businesses a page of /businesses or of a Yellow Pages category shows (then Load more). */
export const BUSINESSES_PAGE_SIZE = LIST_PAGE_SIZES.businesses.default;
/** How many reviews a page of a business's reviews shows (then Load more). */
export const REVIEWS_PAGE_SIZE = LIST_PAGE_SIZES.reviews.default;

/** The query of a cursor page: the page size, and the cursor of the page (none: the first). */
const pageQuery = (cursor: string | undefined, limit: number = BUSINESSES_PAGE_SIZE) => new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) }).toString();

/**
 * The directory calls (spec §7), injected into the page's one API when this remote loads. The business lists come a
 * page at a time (issue 24 §2: a directory of 10,000 businesses is sent 24 at a time), each page cached under its cursor.
 */
export const directoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusinesses: build.query<CursorPage<Business>, { cursor?: string | undefined }>({
      query: ({ cursor }) => `/api/businesses?${pageQuery(cursor)}`,
      transformResponse: (data: unknown) => cursorPageOf<Business>(data),
      providesTags: [{ type: 'Business', id: 'LIST' }],
    }),
    /** GET /api/businesses/{id}: the business of its page (a review changes its rating: tagged with the lists). */
    getBusiness: build.query<Business, string>({
      query: (id) => `/api/businesses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Business', id }, { type: 'Business', id: 'LIST' }],
    }),
    getYellowPages: build.query<CursorPage<Business>, { mainCategory: string; subCategory?: string; cursor?: string | undefined }>({
      query: ({ cursor, ...args }) => `/api/yellow-pages?${yellowPagesQueryString(args)}&${pageQuery(cursor, LIST_PAGE_SIZES.yellowPages.default)}`,
      transformResponse: (data: unknown) => cursorPageOf<Business>(data),
      // Admin changes to businesses (tag Business) refresh these lists too.
      providesTags: [{ type: 'YellowPages', id: 'LIST' }, { type: 'Business', id: 'LIST' }],
    }),
    /**
     * GET /api/businesses/{id}/reviews: one cursor page of its reviews, newest first (the first without a cursor, then
     * Load more); every page is tagged with the business, so a new review refreshes them all.
     */
    getBusinessReviews: build.query<CursorPage<BusinessReview>, { businessId: string; cursor?: string | undefined }>({
      query: ({ businessId, cursor }) => `/api/businesses/${encodeURIComponent(businessId)}/reviews?${pageQuery(cursor, REVIEWS_PAGE_SIZE)}`,
      transformResponse: (data: unknown) => cursorPageOf<BusinessReview>(data),
      providesTags: (_r, _e, { businessId }) => [{ type: 'BusinessReview', id: businessId }],
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
