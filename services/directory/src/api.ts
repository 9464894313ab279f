import {
  BusinessesQuerySchema,
  BusinessInsertSchema,
  BusinessPageSchema,
  BusinessReviewInsertSchema,
  BusinessReviewPageSchema,
  BusinessReviewSchema,
  BusinessReviewsQuerySchema,
  BusinessSchema,
  IdSchema,
  LIST_PAGE_SIZES,
  YellowPagesQuerySchema,
} from '@cp/contracts';
import { listOrPageAnswer } from '@cp/contracts/openapi';
import { contentSnapshotOperation, defineOperations, listOrPageOperation, signedIn, viewerOf } from '@cp/service-kit';
import type { DirectoryDeps } from './use-cases/deps.ts';
import { listBusinesses } from './use-cases/list-businesses.ts';
import { getBusiness } from './use-cases/get-business.ts';
import { yellowPages } from './use-cases/yellow-pages.ts';
import { createBusiness } from './use-cases/create-business.ts';
import { updateBusiness } from './use-cases/update-business.ts';
import { deleteBusiness } from './use-cases/delete-business.ts';
import { listReviews } from './use-cases/list-reviews.ts';
import { reviewBusiness } from './use-cases/review-business.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';

/**
 * The directory calls of spec §7, plus reviews: its router, its OpenAPI document and the route test (service-kit
 * operations.ts). The admin calls are enforced here (logged out 401, not an admin 403), whatever the screens do.
 */
export const directoryApi = defineOperations<DirectoryDeps>({
  service: 'directory',
  title: 'Directory',
  description: 'The business directory and the Yellow Pages (spec §3, §5, §7), reviews and ratings; changes by admins only.',
  operations: [
    listOrPageOperation({
      method: 'get', path: '/api/businesses', id: 'listBusinesses', summary: 'Businesses (premium first, then the newest)', auth: 'none', query: BusinessesQuerySchema,
      answer: listOrPageAnswer('The businesses', BusinessSchema, BusinessPageSchema), maxLimit: LIST_PAGE_SIZES.businesses.max,
      list: (ctx, deps) => listBusinesses(deps, ctx.query),
    }),
    {
      method: 'get', path: '/api/businesses/:id', id: 'getBusiness', summary: 'One business', auth: 'optional', params: { id: IdSchema },
      description: 'An id that is not a UUID is a 400; an unknown one (or one moderation hides, but for its creator) a 404.',
      responses: { 200: { description: 'The business.', schema: BusinessSchema } }, errors: [400, 404],
      handle: async (ctx, deps, auth) => {
        // Public; its creator also gets it while moderation hides it. A session that cannot be checked: as to a visitor.
        const viewer = await viewerOf(auth, ctx);
        return getBusiness(deps, ctx.params.id ?? '', viewer?.id);
      },
    },
    listOrPageOperation({
      method: 'get', path: '/api/yellow-pages', id: 'yellowPages', summary: 'Yellow Pages: businesses of a category', auth: 'none', query: YellowPagesQuerySchema,
      answer: listOrPageAnswer('The businesses of the category (all without one)', BusinessSchema, BusinessPageSchema), maxLimit: LIST_PAGE_SIZES.yellowPages.max,
      list: (ctx, deps) => yellowPages(deps, ctx.query),
    }),
    {
      method: 'get', path: '/api/businesses/:id/reviews', id: 'listReviews', summary: 'A business\'s reviews, newest first', auth: 'optional', params: { id: IdSchema }, query: BusinessReviewsQuerySchema,
      description: `Always one cursor page \`{ items, nextCursor }\` of at most \`limit\` reviews (default ${LIST_PAGE_SIZES.reviews.default}, at most ${LIST_PAGE_SIZES.reviews.max}); pass \`nextCursor\` back as \`cursor\` for the next one (null on the last). The business's rating and review count are on the business.`,
      responses: { 200: { description: 'A page of the reviews (the caller\'s own held or hidden review included).', schema: BusinessReviewPageSchema } }, errors: [400, 404],
      handle: async (ctx, deps, auth) => {
        // Public; a logged-in viewer also sees their own held review. A session that cannot be checked (identity down)
        // only costs that: the list is answered as to a visitor.
        const viewer = await viewerOf(auth, ctx, (err) => deps.logger.warn({ err: String(err) }, 'session check failed; reviews listed as for a visitor'));
        if (viewer) ctx.set('Cache-Control', 'private, no-store');
        return listReviews(deps, ctx.params.id ?? '', ctx.query, viewer?.id);
      },
    },
    {
      method: 'post', path: '/api/businesses/:id/reviews', id: 'reviewBusiness', summary: 'Review a business (once per user)', auth: 'user', postingLimit: 'review', params: { id: IdSchema },
      description: 'Only verified accounts, never the business\'s owner; a day-old account\'s review is held until then.',
      body: BusinessReviewInsertSchema, responses: { 201: { description: 'The review.', schema: BusinessReviewSchema } }, errors: [400, 403, 404, 409],
      handle: (ctx, deps) => reviewBusiness(deps, signedIn(ctx), ctx.params.id ?? '', ctx.request.body),
    },
    {
      method: 'post', path: '/api/admin/businesses', id: 'createBusiness', summary: 'Add a business', auth: 'admin',
      body: BusinessInsertSchema, responses: { 201: { description: 'The new business.', schema: BusinessSchema } }, errors: [400],
      handle: (ctx, deps) => createBusiness(deps, signedIn(ctx), ctx.request.body),
    },
    {
      method: 'put', path: '/api/admin/businesses/:id', id: 'updateBusiness', summary: 'Edit a business', auth: 'admin', params: { id: IdSchema },
      body: BusinessInsertSchema, responses: { 200: { description: 'The business as saved.', schema: BusinessSchema } }, errors: [400, 404],
      handle: (ctx, deps) => updateBusiness(deps, ctx.params.id ?? '', ctx.request.body),
    },
    {
      method: 'delete', path: '/api/admin/businesses/:id', id: 'deleteBusiness', summary: 'Delete a business', auth: 'admin', params: { id: IdSchema },
      responses: { 204: { description: 'Deleted.' } }, errors: [400, 404],
      handle: (ctx, deps) => deleteBusiness(deps, ctx.params.id ?? ''),
    },
    contentSnapshotOperation('A reported business or review as moderation describes it', (ctx, deps) => contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '')),
  ],
});
