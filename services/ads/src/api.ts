import { AdEventAnswerSchema, AdEventQuerySchema, AdvertisementInsertSchema, AdvertisementPageSchema, AdvertisementSchema, AdvertisementsQuerySchema, IdSchema } from '@cp/contracts';
import { defineServiceApi, LIST_OR_PAGE_DESCRIPTION, listOrPageAnswer } from '@cp/contracts/openapi';

/** The ads service's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const adsApi = defineServiceApi({
  service: 'ads',
  title: 'Advertisements',
  description: 'Sponsored advertisements (spec §5, §7): visitors see active ads inside their dates; impressions and clicks are counted once per visitor; changes by admins only.',
  operations: [
    {
      method: 'get', path: '/api/advertisements', id: 'listAds', summary: 'Advertisements', auth: 'optional', query: AdvertisementsQuerySchema,
      description: `Visitors get the active ads inside their dates; an admin gets every ad (with \`status\` to filter). ${LIST_OR_PAGE_DESCRIPTION}`,
      responses: { 200: { ...listOrPageAnswer('The ads', AdvertisementSchema, AdvertisementPageSchema), description: 'The ads: the bare list or a cursor page, newest first.' } }, errors: [400],
    },
    {
      method: 'post', path: '/api/advertisements', id: 'createAd', summary: 'Add an advertisement', auth: 'admin',
      body: AdvertisementInsertSchema, responses: { 201: { description: 'The new ad.', schema: AdvertisementSchema } }, errors: [400],
    },
    {
      method: 'put', path: '/api/advertisements/:id', id: 'updateAd', summary: 'Edit an advertisement', auth: 'admin', params: { id: IdSchema },
      body: AdvertisementInsertSchema, responses: { 200: { description: 'The ad as saved.', schema: AdvertisementSchema } }, errors: [400, 404],
    },
    {
      method: 'delete', path: '/api/advertisements/:id', id: 'deleteAd', summary: 'Delete an advertisement', auth: 'admin', params: { id: IdSchema },
      responses: { 204: { description: 'Deleted.' } }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/advertisements/:id/impression', id: 'recordImpression', summary: 'An ad was shown', auth: 'none',
      params: { id: IdSchema }, query: AdEventQuerySchema,
      description: 'Accepted once the event is stored; counted once per visitor (the `cp_vid` cookie) per ad per page view (`view`).',
      responses: { 202: { description: 'Accepted; `counted` says whether it counts.', schema: AdEventAnswerSchema } }, errors: [400, 404],
    },
    {
      method: 'post', path: '/api/advertisements/:id/click', id: 'recordClick', summary: 'An ad was clicked', auth: 'none',
      params: { id: IdSchema }, query: AdEventQuerySchema,
      description: 'Accepted once the event is stored; counted once per visitor per ad per click window.',
      responses: { 202: { description: 'Accepted; `counted` says whether it counts.', schema: AdEventAnswerSchema } }, errors: [400, 404],
    },
  ],
});
