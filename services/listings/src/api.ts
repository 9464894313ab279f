import {
  AlertUnsubscribeResultSchema,
  AlertUnsubscribeSchema,
  IdSchema,
  LinkTokenSchema,
  ListingInsertSchema,
  ListingSchema,
  ListingsPageSchema,
  FullListQuerySchema,
  MyListingsQuerySchema,
  ListingUpdateSchema,
  ListResponseSchema,
  MarkDoneBodySchema,
  MessageResponseSchema,
  MessagingListingSchema,
  ContentSnapshotSchema,
  RenewLinkResultSchema,
  SaveListingRequestSchema,
  SavedListingIdsResponseSchema,
  SavedListingSchema,
  SavedListingsMergeRequestSchema,
  SavedListingsMergeResponseSchema,
  SavedListingsPageSchema,
  SavedListingsQuerySchema,
  SavedSearchCreateSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
  UploadResponseSchema,
} from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';
import { z } from 'zod';

const WEBP = { type: 'image/webp', description: 'The stored image (WebP), cacheable for a year (immutable).' };

/**
 * The listings service's operations: routes.ts, lifecycle-routes.ts, saved-listings-routes.ts and
 * saved-search-routes.ts. Read by the OpenAPI generator and the route test (scripts/openapi).
 */
export const listingsApi = defineServiceApi({
  service: 'listings',
  title: 'Listings',
  description: 'Classified listings (spec §5, §7, §9), image uploads and /uploads, saved listings, saved searches with alerts, and the listing lifecycle (renew, done, expiry reminders).',
  operations: [
    {
      method: 'get', path: '/api/listings', id: 'listListings', summary: 'Listings: the whole list', auth: 'optional',
      description: 'The active listings as a bare array, newest first, bounded by FULL_LIST_MAX (spec §7: the client filters, §9). No query parameter (any is a 400): pages, search and filters are GET /api/search/listings.',
      query: FullListQuerySchema,
      responses: {
        200: {
          description: 'The list (at most FULL_LIST_MAX, the newest).',
          schema: ListResponseSchema(ListingSchema),
          headers: { Link: 'Past FULL_LIST_MAX listings, the list stops there and `</api/search/listings?page=…&pageSize=…>; rel="next"` names the search service\'s page after them.' },
        },
      },
      errors: [400],
    },
    {
      method: 'get', path: '/api/listings/mine', id: 'listMyListings', summary: 'My Listings: one\'s own listings, by page', auth: 'user',
      description: 'Every listing of the signed-in user, newest first: expired, retired and under moderation too (marked). One page (`items`, `total`, `page`, `pageSize`).',
      query: MyListingsQuerySchema,
      responses: { 200: { description: 'One page of the user\'s listings.', schema: ListingsPageSchema } },
      errors: [400],
    },
    {
      method: 'get', path: '/api/listings/:id', id: 'getListing', summary: 'One listing', auth: 'optional', params: { id: z.string() },
      responses: { 200: { description: 'The listing (its contacts hidden when its owner chose messages only).', schema: ListingSchema } }, errors: [404, 410],
    },
    {
      method: 'post', path: '/api/listings', id: 'createListing', summary: 'Post a listing', auth: 'user', postingLimit: 'listing',
      body: ListingInsertSchema, responses: { 201: { description: 'The new listing.', schema: ListingSchema } }, errors: [400, 403],
    },
    {
      method: 'put', path: '/api/listings/:id', id: 'updateListing', summary: 'Edit one\'s own listing', auth: 'user', params: { id: z.string() },
      body: ListingUpdateSchema, responses: { 200: { description: 'The listing as saved.', schema: ListingSchema } }, errors: [400, 403, 404],
    },
    {
      method: 'delete', path: '/api/listings/:id', id: 'deleteListing', summary: 'Delete one\'s own listing', auth: 'user', params: { id: z.string() },
      responses: { 200: { description: 'Deleted.', schema: MessageResponseSchema } }, errors: [400, 403, 404],
    },
    {
      method: 'post', path: '/api/upload', id: 'uploadImages', summary: 'Upload listing images', auth: 'user', rateLimit: 'upload',
      description: 'Multipart form data with one or more image files (JPEG, PNG, WebP, GIF); each is re-encoded to WebP and stored. Use the answered URLs in a listing.',
      bodyContent: { type: 'multipart/form-data', description: 'Image files (any field name).' },
      responses: { 201: { description: 'The stored images.', schema: UploadResponseSchema } }, errors: [400, 413, 415],
    },
    {
      method: 'get', path: '/uploads/*key', id: 'getImage', summary: 'A stored image', auth: 'none', params: { key: z.string() },
      description: 'Also HEAD. The key is `img/<uuid>.webp` (or its thumbnail); any other key is a 404.',
      responses: { 200: { description: 'The image.', content: WEBP }, 304: { description: 'Not modified (If-None-Match).' } }, errors: [404],
    },
    {
      method: 'post', path: '/api/listings/renew-link', id: 'renewFromLink', summary: 'Renew a listing from the reminder mail\'s signed link (no login)', auth: 'none',
      body: LinkTokenSchema, responses: { 200: { description: 'Renewed (or already renewed).', schema: RenewLinkResultSchema } }, errors: [400, 404, 410],
    },
    {
      method: 'post', path: '/api/listings/reminders/unsubscribe', id: 'unsubscribeReminders', summary: 'Stop expiry reminder mails (one-click or the page)', auth: 'none',
      description: 'RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, the token in the query) or the page\'s JSON `{ token }`.',
      query: LinkTokenSchema.partial(), body: LinkTokenSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Opted out.', schema: MessageResponseSchema } }, errors: [400, 413],
    },
    {
      method: 'get', path: '/api/listings/reminders/unsubscribe', id: 'remindersUnsubscribePage', summary: 'The reminder mail\'s unsubscribe link: to the page', auth: 'none',
      query: LinkTokenSchema, responses: { 303: { description: 'To the unsubscribe page, which asks before anything changes.', headers: { Location: 'The page.' } } }, errors: [400],
    },
    {
      method: 'post', path: '/api/listings/:id/renew', id: 'renewListing', summary: 'Renew one\'s own listing', auth: 'user', params: { id: z.string() },
      responses: { 200: { description: 'The renewed listing.', schema: ListingSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'post', path: '/api/listings/:id/done', id: 'markListingDone', summary: 'Mark one\'s own listing sold, rented or done', auth: 'user', params: { id: z.string() },
      body: MarkDoneBodySchema, responses: { 200: { description: 'The listing.', schema: ListingSchema } }, errors: [400, 403, 404, 409],
    },
    {
      method: 'get', path: '/api/saved-listings', id: 'listSavedListings', summary: 'The user\'s saved listings, a page', auth: 'user',
      query: SavedListingsQuerySchema, responses: { 200: { description: 'One page of saved listings with their state.', schema: SavedListingsPageSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/saved-listings/ids', id: 'savedListingIds', summary: 'The ids of the user\'s saved listings', auth: 'user',
      responses: { 200: { description: 'The ids (bounded by the saved listings cap).', schema: SavedListingIdsResponseSchema } }, errors: [],
    },
    {
      method: 'post', path: '/api/saved-listings', id: 'saveListing', summary: 'Save a listing', auth: 'user', body: SaveListingRequestSchema,
      responses: { 201: { description: 'Saved.', schema: SavedListingSchema }, 200: { description: 'Already saved.', schema: SavedListingSchema } }, errors: [400, 404, 409],
    },
    {
      method: 'post', path: '/api/saved-listings/merge', id: 'mergeSavedListings', summary: 'Merge the browser\'s saved listings at login', auth: 'user',
      body: SavedListingsMergeRequestSchema, responses: { 200: { description: 'What was merged.', schema: SavedListingsMergeResponseSchema } }, errors: [400],
    },
    {
      method: 'delete', path: '/api/saved-listings/:listingId', id: 'removeSavedListing', summary: 'Remove a saved listing', auth: 'user', params: { listingId: z.string() },
      responses: { 200: { description: 'Removed (also when it was not saved).', schema: MessageResponseSchema } }, errors: [400],
    },
    {
      method: 'post', path: '/api/saved-searches/unsubscribe', id: 'unsubscribeAlert', summary: 'Stop an alert mail (one-click or the page)', auth: 'none',
      description: 'RFC 8058 one-click (form body, the token in the query) or the page\'s JSON `{ token }`.',
      query: AlertUnsubscribeSchema.partial(), body: AlertUnsubscribeSchema, bodyAlsoForm: true,
      responses: { 200: { description: 'Paused (or gone).', schema: AlertUnsubscribeResultSchema } }, errors: [400, 415],
    },
    {
      method: 'get', path: '/api/saved-searches/unsubscribe', id: 'alertUnsubscribePage', summary: 'The alert mail\'s unsubscribe link: to the page', auth: 'none',
      query: AlertUnsubscribeSchema, responses: { 303: { description: 'To the unsubscribe page.', headers: { Location: 'The page.' } } }, errors: [400],
    },
    {
      method: 'get', path: '/api/saved-searches', id: 'listSavedSearches', summary: 'The user\'s saved searches', auth: 'user',
      responses: { 200: { description: 'Every saved search of the user (bounded by the cap `max`).', schema: SavedSearchListSchema } }, errors: [],
    },
    {
      method: 'post', path: '/api/saved-searches', id: 'createSavedSearch', summary: 'Save a search with alerts', auth: 'user', body: SavedSearchCreateSchema,
      responses: { 201: { description: 'The saved search.', schema: SavedSearchSchema } }, errors: [400, 409],
    },
    {
      method: 'patch', path: '/api/saved-searches/:id', id: 'updateSavedSearch', summary: 'Change a saved search', auth: 'user', params: { id: z.string() },
      body: SavedSearchUpdateSchema, responses: { 200: { description: 'The saved search.', schema: SavedSearchSchema } }, errors: [400, 404],
    },
    {
      method: 'delete', path: '/api/saved-searches/:id', id: 'deleteSavedSearch', summary: 'Delete a saved search', auth: 'user', params: { id: z.string() },
      responses: { 200: { description: 'Deleted.', schema: MessageResponseSchema } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/internal/content/:kind/:id', id: 'contentSnapshot', summary: 'A reported listing as moderation describes it', auth: 'internal',
      params: { kind: z.string(), id: z.string() }, responses: { 200: { description: 'The snapshot.', schema: ContentSnapshotSchema } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/internal/listings/:id/messaging', id: 'messagingListing', summary: 'What messages keeps of a listing', auth: 'internal',
      params: { id: IdSchema }, responses: { 200: { description: 'The listing\'s messaging view.', schema: MessagingListingSchema } }, errors: [400, 404],
    },
  ],
});
