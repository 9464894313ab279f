import {
  MessageResponseSchema,
  SaveListingRequestSchema,
  SavedListingIdsResponseSchema,
  SavedListingSchema,
  SavedListingsMergeRequestSchema,
  SavedListingsMergeResponseSchema,
  SavedListingsPageSchema,
  SavedListingsQuerySchema,
} from '@cp/contracts';
import { operations, signedIn } from '@cp/service-kit';
import { z } from 'zod';
import { saveListing } from '../use-cases/save-listing.ts';
import { removeSavedListing } from '../use-cases/remove-saved-listing.ts';
import { mergeSavedListings } from '../use-cases/merge-saved-listings.ts';
import { listSavedListings, savedListingIds } from '../use-cases/list-saved-listings.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

/** The saved listings (issue 22 §2): every operation is the signed-in user's own; their repository is deps.saved (app.ts). */
export const savedListingsOperations = operations<ListingsDeps>([
  {
    method: 'get', path: '/api/saved-listings', id: 'listSavedListings', summary: 'The user\'s saved listings, a page', auth: 'user',
    query: SavedListingsQuerySchema, responses: { 200: { description: 'One page of saved listings with their state.', schema: SavedListingsPageSchema } }, errors: [400],
    handle: (ctx, deps) => listSavedListings(deps, signedIn(ctx).id, ctx.query),
  },
  {
    method: 'get', path: '/api/saved-listings/ids', id: 'savedListingIds', summary: 'The ids of the user\'s saved listings', auth: 'user',
    responses: { 200: { description: 'The ids (bounded by the saved listings cap).', schema: SavedListingIdsResponseSchema } }, errors: [],
    handle: (ctx, deps) => savedListingIds(deps, signedIn(ctx).id),
  },
  {
    method: 'post', path: '/api/saved-listings', id: 'saveListing', summary: 'Save a listing', auth: 'user', body: SaveListingRequestSchema,
    responses: { 201: { description: 'Saved.', schema: SavedListingSchema }, 200: { description: 'Already saved.', schema: SavedListingSchema } }, errors: [400, 404, 409],
    // Two successes (201 saved now, 200 already saved): the status is set here.
    handle: async (ctx, deps) => {
      const { created, saved: save } = await saveListing(deps, signedIn(ctx).id, ctx.request.body);
      ctx.status = created ? 201 : 200;
      ctx.body = save;
    },
  },
  {
    method: 'post', path: '/api/saved-listings/merge', id: 'mergeSavedListings', summary: 'Merge the browser\'s saved listings at login', auth: 'user',
    body: SavedListingsMergeRequestSchema, responses: { 200: { description: 'What was merged.', schema: SavedListingsMergeResponseSchema } }, errors: [400],
    handle: (ctx, deps) => mergeSavedListings(deps, signedIn(ctx).id, ctx.request.body),
  },
  {
    method: 'delete', path: '/api/saved-listings/:listingId', id: 'removeSavedListing', summary: 'Remove a saved listing', auth: 'user', params: { listingId: z.string() },
    responses: { 200: { description: 'Removed (also when it was not saved).', schema: MessageResponseSchema } }, errors: [400],
    handle: async (ctx, deps) => {
      await removeSavedListing(deps, signedIn(ctx).id, ctx.params.listingId ?? '');
      return { message: 'Listing removed from your saved listings' };
    },
  },
]);
