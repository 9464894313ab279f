import {
  BusinessesQuerySchema,
  BusinessInsertSchema,
  BusinessPageSchema,
  BusinessReviewInsertSchema,
  BusinessReviewPageSchema,
  BusinessReviewSchema,
  BusinessReviewsQuerySchema,
  BusinessSchema,
  ContentSnapshotSchema,
  IdSchema,
  LIST_PAGE_SIZES,
  YellowPagesQuerySchema,
} from '@cp/contracts';
import { defineServiceApi, LIST_OR_PAGE_DESCRIPTION, listOrPageAnswer } from '@cp/contracts/openapi';
import { z } from 'zod';

/** The directory's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const directoryApi = defineServiceApi({
  service: 'directory',
  title: 'Directory',
  description: 'The business directory and the Yellow Pages (spec §3, §5, §7), reviews and ratings; changes by admins only.',
  operations: [
    {
      method: 'get', path: '/api/businesses', id: 'listBusinesses', summary: 'Businesses (premium first, then the newest)', auth: 'none', query: BusinessesQuerySchema,
      description: LIST_OR_PAGE_DESCRIPTION,
      responses: { 200: listOrPageAnswer('The businesses', BusinessSchema, BusinessPageSchema) }, errors: [400],
    },
    {
      method: 'get', path: '/api/businesses/:id', id: 'getBusiness', summary: 'One business', auth: 'optional', params: { id: IdSchema },
      description: 'An id that is not a UUID is a 400; an unknown one (or one moderation hides, but for its creator) a 404.',
      responses: { 200: { description: 'The business.', schema: BusinessSchema } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/api/yellow-pages', id: 'yellowPages', summary: 'Yellow Pages: businesses of a category', auth: 'none', query: YellowPagesQuerySchema,
      description: LIST_OR_PAGE_DESCRIPTION,
      responses: { 200: listOrPageAnswer('The businesses of the category (all without one)', BusinessSchema, BusinessPageSchema) }, errors: [400],
    },
    {
      method: 'get', path: '/api/businesses/:id/reviews', id: 'listReviews', summary: 'A business\'s reviews, newest first', auth: 'optional', params: { id: IdSchema }, query: BusinessReviewsQuerySchema,
      description: `Always one cursor page \`{ items, nextCursor }\` of at most \`limit\` reviews (default ${LIST_PAGE_SIZES.reviews.default}, at most ${LIST_PAGE_SIZES.reviews.max}); pass \`nextCursor\` back as \`cursor\` for the next one (null on the last). The business's rating and review count are on the business.`,
      responses: { 200: { description: 'A page of the reviews (the caller\'s own held or hidden review included).', schema: BusinessReviewPageSchema } }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/businesses/:id/reviews', id: 'reviewBusiness', summary: 'Review a business (once per user)', auth: 'user', postingLimit: 'review', params: { id: IdSchema },
      description: 'Only verified accounts, never the business\'s owner; a day-old account\'s review is held until then.',
      body: BusinessReviewInsertSchema, responses: { 201: { description: 'The review.', schema: BusinessReviewSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'post', path: '/api/admin/businesses', id: 'createBusiness', summary: 'Add a business', auth: 'admin',
      body: BusinessInsertSchema, responses: { 201: { description: 'The new business.', schema: BusinessSchema } }, errors: [400],
    },
    {
      method: 'put', path: '/api/admin/businesses/:id', id: 'updateBusiness', summary: 'Edit a business', auth: 'admin', params: { id: IdSchema },
      body: BusinessInsertSchema, responses: { 200: { description: 'The business as saved.', schema: BusinessSchema } }, errors: [400, 404],
    },
    {
      method: 'delete', path: '/api/admin/businesses/:id', id: 'deleteBusiness', summary: 'Delete a business', auth: 'admin', params: { id: IdSchema },
      responses: { 204: { description: 'Deleted.' } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/internal/content/:kind/:id', id: 'contentSnapshot', summary: 'A reported business or review as moderation describes it', auth: 'internal',
      params: { kind: z.string(), id: z.string() }, responses: { 200: { description: 'The snapshot.', schema: ContentSnapshotSchema } }, errors: [400, 404],
    },
  ],
});
