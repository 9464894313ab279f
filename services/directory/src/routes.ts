import { LIST_PAGE_SIZES } from '@cp/contracts';
import { answerList, createRouter, type Auth, type AuthUser } from '@cp/service-kit';
import type { Context } from 'koa';
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

const user = (ctx: Context) => ctx.state.user as AuthUser;

/**
 * The directory calls of spec §7, plus reviews. The admin calls are enforced here (logged out 401, not an admin 403),
 * whatever the screens do.
 */
export function directoryRoutes(deps: DirectoryDeps, auth: Auth) {
  const router = createRouter();

  router.get('/api/businesses', async (ctx) => {
    const { page, bare } = await listBusinesses(deps, ctx.query);
    answerList(ctx, page, bare, LIST_PAGE_SIZES.businesses.max);
  });

  router.get('/api/businesses/:id', async (ctx) => {
    // Public; its creator also gets it while moderation hides it. A session that cannot be checked: as to a visitor.
    const viewer = await auth.verify(ctx).catch(() => null);
    ctx.body = await getBusiness(deps, ctx.params.id ?? '', viewer?.id);
  });

  router.get('/api/yellow-pages', async (ctx) => {
    const { page, bare } = await yellowPages(deps, ctx.query);
    answerList(ctx, page, bare, LIST_PAGE_SIZES.yellowPages.max);
  });

  router.get('/api/businesses/:id/reviews', async (ctx) => {
    // Public; a logged-in viewer also sees their own held review. A session that cannot be checked (identity down)
    // only costs that: the list is answered as to a visitor.
    const viewer = await auth.verify(ctx).catch((err: unknown) => {
      deps.logger.warn({ err: String(err) }, 'session check failed; reviews listed as for a visitor');
      return null;
    });
    if (viewer) ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await listReviews(deps, ctx.params.id ?? '', ctx.query, viewer?.id);
  });

  router.post('/api/businesses/:id/reviews', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await reviewBusiness(deps, user(ctx), ctx.params.id ?? '', ctx.request.body);
  });

  // Internal (the gateway never routes /internal): a business or review as the moderation service describes it.
  router.get('/internal/content/:kind/:id', async (ctx) => {
    ctx.body = await contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '');
  });

  router.post('/api/admin/businesses', auth.requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createBusiness(deps, user(ctx), ctx.request.body);
  });

  router.put('/api/admin/businesses/:id', auth.requireAdmin, async (ctx) => {
    ctx.body = await updateBusiness(deps, ctx.params.id ?? '', ctx.request.body);
  });

  router.delete('/api/admin/businesses/:id', auth.requireAdmin, async (ctx) => {
    await deleteBusiness(deps, ctx.params.id ?? '');
    ctx.status = 204;
  });

  return router;
}
