import { LIST_PAGE_SIZES } from '@cp/contracts';
import { answerList, createRouter, type Auth } from '@cp/service-kit';
import type { Context } from 'koa';
import type { AdsDeps } from './use-cases/deps.ts';
import { listAds } from './use-cases/list-ads.ts';
import { createAd } from './use-cases/create-ad.ts';
import { updateAd } from './use-cases/update-ad.ts';
import { deleteAd } from './use-cases/delete-ad.ts';
import { recordAdEvent } from './use-cases/record-ad-event.ts';

/**
 * The advertisement calls of spec §7. Changes are for admins only, enforced here (logged out 401, not an admin 403);
 * the list depends on who asks; impressions and clicks are for anyone.
 */
export function adsRoutes(deps: AdsDeps, auth: Auth) {
  const router = createRouter();
  // Who sends an impression or a click: the visitor id cookie (the gateway's cp_vid), else address and browser.
  const visitor = (ctx: Context) => ({ cookie: ctx.get('cookie') || undefined, ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined });

  router.get('/api/advertisements', async (ctx) => {
    // An admin sees every ad; anyone else (or a session that cannot be checked) what visitors see.
    const viewer = await auth.verify(ctx).catch(() => null);
    const { page, bare } = await listAds(deps, viewer, ctx.query);
    answerList(ctx, page, bare, LIST_PAGE_SIZES.advertisements.max);
  });

  router.post('/api/advertisements', auth.requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createAd(deps, ctx.request.body);
  });

  router.put('/api/advertisements/:id', auth.requireAdmin, async (ctx) => {
    ctx.body = await updateAd(deps, ctx.params.id ?? '', ctx.request.body);
  });

  router.delete('/api/advertisements/:id', auth.requireAdmin, async (ctx) => {
    await deleteAd(deps, ctx.params.id ?? '');
    ctx.status = 204;
  });

  router.post('/api/advertisements/:id/impression', async (ctx) => {
    ctx.status = 202;
    ctx.body = await recordAdEvent(deps, 'impression', ctx.params.id ?? '', ctx.query, visitor(ctx));
  });

  router.post('/api/advertisements/:id/click', async (ctx) => {
    ctx.status = 202;
    ctx.body = await recordAdEvent(deps, 'click', ctx.params.id ?? '', ctx.query, visitor(ctx));
  });

  return router;
}
