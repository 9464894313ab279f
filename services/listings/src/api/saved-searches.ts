import {
  AlertUnsubscribeResultSchema,
  AlertUnsubscribeSchema,
  MessageResponseSchema,
  SavedSearchCreateSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
} from '@cp/contracts';
import { mailLinkToPage, operations, readUnsubscribeRequest, signedIn } from '@cp/service-kit';
import { z } from 'zod';
import { listSavedSearches } from '../use-cases/list-saved-searches.ts';
import { createSavedSearch } from '../use-cases/create-saved-search.ts';
import { updateSavedSearch } from '../use-cases/update-saved-search.ts';
import { deleteSavedSearch } from '../use-cases/delete-saved-search.ts';
import { ALERT_UNSUBSCRIBE_PATH, unsubscribeAlert, unsubscribePagePath } from '../use-cases/unsubscribe-alert.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';


/**
 * Saved searches with alerts (issue 22 §3): the signed-in user's own (another user's is a 404), and the alert mails'
 * unsubscribe link, which needs no login (its signed token is the proof).
 */
export const savedSearchesOperations = operations<ListingsDeps>([
  {
    method: 'post', path: ALERT_UNSUBSCRIBE_PATH, id: 'unsubscribeAlert', summary: 'Stop an alert mail (one-click or the page)', auth: 'none',
    description: 'RFC 8058 one-click (form body, the token in the query) or the page\'s JSON `{ token }`.',
    query: AlertUnsubscribeSchema.partial(), body: AlertUnsubscribeSchema, bodyAlsoForm: true,
    responses: { 200: { description: 'Paused (or gone).', schema: AlertUnsubscribeResultSchema } }, errors: [400, 415],
    handle: async (ctx, deps) => unsubscribeAlert(deps, await readUnsubscribeRequest(ctx)),
  },
  mailLinkToPage({ path: ALERT_UNSUBSCRIBE_PATH, id: 'alertUnsubscribePage', summary: 'The alert mail\'s unsubscribe link: to the page', auth: 'none', query: AlertUnsubscribeSchema, page: unsubscribePagePath }),
  {
    method: 'get', path: '/api/saved-searches', id: 'listSavedSearches', summary: 'The user\'s saved searches', auth: 'user',
    responses: { 200: { description: 'Every saved search of the user (bounded by the cap `max`).', schema: SavedSearchListSchema } }, errors: [],
    handle: (ctx, deps) => listSavedSearches(deps, signedIn(ctx).id),
  },
  {
    method: 'post', path: '/api/saved-searches', id: 'createSavedSearch', summary: 'Save a search with alerts', auth: 'user', body: SavedSearchCreateSchema,
    responses: { 201: { description: 'The saved search.', schema: SavedSearchSchema } }, errors: [400, 409],
    handle: (ctx, deps) => createSavedSearch(deps, signedIn(ctx).id, ctx.request.body),
  },
  {
    method: 'patch', path: '/api/saved-searches/:id', id: 'updateSavedSearch', summary: 'Change a saved search', auth: 'user', params: { id: z.string() },
    body: SavedSearchUpdateSchema, responses: { 200: { description: 'The saved search.', schema: SavedSearchSchema } }, errors: [400, 404],
    handle: (ctx, deps) => updateSavedSearch(deps, signedIn(ctx).id, ctx.params.id ?? '', ctx.request.body),
  },
  {
    method: 'delete', path: '/api/saved-searches/:id', id: 'deleteSavedSearch', summary: 'Delete a saved search', auth: 'user', params: { id: z.string() },
    responses: { 200: { description: 'Deleted.', schema: MessageResponseSchema } }, errors: [400, 404],
    handle: async (ctx, deps) => {
      await deleteSavedSearch(deps, signedIn(ctx).id, ctx.params.id ?? '');
      return { message: 'Saved search deleted' };
    },
  },
]);
