import { AdEventAnswerSchema, AdEventQuerySchema, AdvertisementInsertSchema, AdvertisementPageSchema, AdvertisementSchema, AdvertisementsQuerySchema, IdSchema, LIST_PAGE_SIZES } from '@cp/contracts';
import { LIST_OR_PAGE_DESCRIPTION, listOrPageAnswer } from '@cp/contracts/openapi';
import { defineOperations, listOrPageOperation, viewerOf, visitorRequest } from '@cp/service-kit';
import type { AdsDeps } from './use-cases/deps.ts';
import { listAds } from './use-cases/list-ads.ts';
import { createAd } from './use-cases/create-ad.ts';
import { updateAd } from './use-cases/update-ad.ts';
import { deleteAd } from './use-cases/delete-ad.ts';
import { recordAdEvent } from './use-cases/record-ad-event.ts';

/**
 * The advertisement calls of spec §7: the ads service's router, its OpenAPI document and the route test (service-kit
 * operations.ts). Changes are for admins only, enforced by the table (logged out 401, not an admin 403); the list
 * depends on who asks; impressions and clicks are for anyone.
 */
export const adsApi = defineOperations<AdsDeps>({
  service: 'ads',
  title: 'Advertisements',
  description: 'Sponsored advertisements (spec §5, §7): visitors see active ads inside their dates; impressions and clicks are counted once per visitor; changes by admins only.',
  operations: [
    listOrPageOperation({
      method: 'get', path: '/api/advertisements', id: 'listAds', summary: 'Advertisements', auth: 'optional', query: AdvertisementsQuerySchema,
      description: `Visitors get the active ads inside their dates; an admin gets every ad (with \`status\` to filter). ${LIST_OR_PAGE_DESCRIPTION}`,
      answer: { ...listOrPageAnswer('The ads', AdvertisementSchema, AdvertisementPageSchema), description: 'The ads: the bare list or a cursor page, newest first.' }, maxLimit: LIST_PAGE_SIZES.advertisements.max,
      // An admin sees every ad; anyone else (or a session that cannot be checked) what visitors see.
      list: async (ctx, deps, auth) => {
        const viewer = await viewerOf(auth, ctx);
        return listAds(deps, viewer, ctx.query);
      },
    }),
    {
      method: 'post', path: '/api/advertisements', id: 'createAd', summary: 'Add an advertisement', auth: 'admin',
      body: AdvertisementInsertSchema, responses: { 201: { description: 'The new ad.', schema: AdvertisementSchema } }, errors: [400],
      handle: (ctx, deps) => createAd(deps, ctx.request.body),
    },
    {
      method: 'put', path: '/api/advertisements/:id', id: 'updateAd', summary: 'Edit an advertisement', auth: 'admin', params: { id: IdSchema },
      body: AdvertisementInsertSchema, responses: { 200: { description: 'The ad as saved.', schema: AdvertisementSchema } }, errors: [400, 404],
      handle: (ctx, deps) => updateAd(deps, ctx.params.id ?? '', ctx.request.body),
    },
    {
      method: 'delete', path: '/api/advertisements/:id', id: 'deleteAd', summary: 'Delete an advertisement', auth: 'admin', params: { id: IdSchema },
      responses: { 204: { description: 'Deleted.' } }, errors: [400, 404],
      handle: (ctx, deps) => deleteAd(deps, ctx.params.id ?? ''),
    },
    {
      method: 'post', path: '/api/advertisements/:id/impression', id: 'recordImpression', summary: 'An ad was shown', auth: 'none',
      params: { id: IdSchema }, query: AdEventQuerySchema,
      description: 'Accepted once the event is stored; counted once per visitor (the `cp_vid` cookie) per ad per page view (`view`).',
      responses: { 202: { description: 'Accepted; `counted` says whether it counts.', schema: AdEventAnswerSchema } }, errors: [400, 404],
      handle: (ctx, deps) => recordAdEvent(deps, 'impression', ctx.params.id ?? '', ctx.query, visitorRequest(ctx)),
    },
    {
      method: 'post', path: '/api/advertisements/:id/click', id: 'recordClick', summary: 'An ad was clicked', auth: 'none',
      params: { id: IdSchema }, query: AdEventQuerySchema,
      description: 'Accepted once the event is stored; counted once per visitor per ad per click window.',
      responses: { 202: { description: 'Accepted; `counted` says whether it counts.', schema: AdEventAnswerSchema } }, errors: [400, 404],
      handle: (ctx, deps) => recordAdEvent(deps, 'click', ctx.params.id ?? '', ctx.query, visitorRequest(ctx)),
    },
  ],
});
