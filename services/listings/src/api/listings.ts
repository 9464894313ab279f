import type { Context } from 'koa';
import {
  FullListQuerySchema,
  IdSchema,
  IMAGE_NOT_FOUND,
  ListingInsertSchema,
  ListingSchema,
  ListingsPageSchema,
  ListingUpdateSchema,
  ListResponseSchema,
  MessageResponseSchema,
  MessagingListingSchema,
  MyListingsQuerySchema,
  UploadResponseSchema,
} from '@cp/contracts';
import { contentSnapshotOperation, notFound, operations, signedIn, viewerOf, type Auth } from '@cp/service-kit';
import { z } from 'zod';
import { createListing } from '../use-cases/create-listing.ts';
import { getListing } from '../use-cases/get-listing.ts';
import { listListings, listMyListings } from '../use-cases/list-listings.ts';
import { updateListing } from '../use-cases/update-listing.ts';
import { deleteListing } from '../use-cases/delete-listing.ts';
import { uploadImages } from '../use-cases/upload-images.ts';
import { contentSnapshot } from '../use-cases/content-snapshot.ts';
import { messagingListing } from '../use-cases/messaging-listing.ts';
import { IMAGE_KEY } from '../images/storage-keys.ts';
import { readImageFiles } from '../images/multipart.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

const WEBP = { type: 'image/webp', description: 'The stored image (WebP), cacheable for a year (immutable).' };

/**
 * The signed-in reader of a public GET, if any: their own listings under moderation are shown to them. An
 * invalid or revoked session, or identity not answering, reads as anonymous (the public answer), never an error.
 */
async function viewerId(ctx: Context, deps: ListingsDeps, auth: Auth): Promise<string | undefined> {
  const found = await viewerOf(auth, ctx, (err) => deps.logger.warn({ err }, 'session not checked: read as anonymous'));
  return found?.id;
}

/** The listings themselves (spec §5, §7, §9), their image uploads and /uploads, and the internal views of a listing. */
export const listingsOperations = operations<ListingsDeps>([
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
    handle: async (ctx, deps, auth) => {
      const { body, next } = await listListings(deps, ctx.query, await viewerId(ctx, deps, auth));
      if (next) ctx.set('Link', `<${next}>; rel="next"`);
      return body;
    },
  },
  {
    // My Listings: before /:id, which would take "mine" for an id.
    method: 'get', path: '/api/listings/mine', id: 'listMyListings', summary: 'My Listings: one\'s own listings, by page', auth: 'user',
    description: 'Every listing of the signed-in user, newest first: expired, retired and under moderation too (marked). One page (`items`, `total`, `page`, `pageSize`).',
    query: MyListingsQuerySchema,
    responses: { 200: { description: 'One page of the user\'s listings.', schema: ListingsPageSchema } },
    errors: [400],
    handle: (ctx, deps) => listMyListings(deps, signedIn(ctx).id, ctx.query),
  },
  {
    method: 'get', path: '/api/listings/:id', id: 'getListing', summary: 'One listing', auth: 'optional', params: { id: z.string() },
    responses: { 200: { description: 'The listing (its contacts hidden when its owner chose messages only).', schema: ListingSchema } }, errors: [404, 410],
    handle: async (ctx, deps, auth) => getListing(deps, ctx.params.id ?? '', await viewerId(ctx, deps, auth)),
  },
  contentSnapshotOperation('A reported listing as moderation describes it', (ctx, deps) => contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '')),
  {
    // Internal: what the messages service keeps of a listing a conversation is about (issue 23).
    method: 'get', path: '/internal/listings/:id/messaging', id: 'messagingListing', summary: 'What messages keeps of a listing', auth: 'internal',
    params: { id: IdSchema }, responses: { 200: { description: 'The listing\'s messaging view.', schema: MessagingListingSchema } }, errors: [400, 404],
    handle: (ctx, deps) => messagingListing(deps, ctx.params.id ?? ''),
  },
  {
    method: 'post', path: '/api/listings', id: 'createListing', summary: 'Post a listing', auth: 'user', postingLimit: 'listing',
    body: ListingInsertSchema, responses: { 201: { description: 'The new listing.', schema: ListingSchema } }, errors: [400, 403],
    handle: (ctx, deps) => createListing(deps, signedIn(ctx), ctx.request.body),
  },
  {
    method: 'put', path: '/api/listings/:id', id: 'updateListing', summary: 'Edit one\'s own listing', auth: 'user', params: { id: z.string() },
    body: ListingUpdateSchema, responses: { 200: { description: 'The listing as saved.', schema: ListingSchema } }, errors: [400, 403, 404],
    handle: (ctx, deps) => updateListing(deps, signedIn(ctx).id, ctx.params.id ?? '', ctx.request.body),
  },
  {
    method: 'delete', path: '/api/listings/:id', id: 'deleteListing', summary: 'Delete one\'s own listing', auth: 'user', params: { id: z.string() },
    responses: { 200: { description: 'Deleted.', schema: MessageResponseSchema } }, errors: [400, 403, 404],
    handle: async (ctx, deps) => {
      await deleteListing(deps, signedIn(ctx).id, ctx.params.id ?? '');
      return { message: 'Listing deleted' };
    },
  },
  {
    method: 'post', path: '/api/upload', id: 'uploadImages', summary: 'Upload listing images', auth: 'user',
    description: 'Multipart form data with one or more image files (JPEG, PNG, WebP, GIF); each is re-encoded to WebP and stored. Use the answered URLs in a listing.',
    bodyContent: { type: 'multipart/form-data', description: 'Image files (any field name).' },
    responses: { 201: { description: 'The stored images.', schema: UploadResponseSchema } }, errors: [400, 413, 415],
    // After the session check, the upload waits for one of the app's slots (deps.uploadSlots) before its body is read.
    handle: (ctx, deps) =>
      deps.uploadSlots(ctx, async () => {
        const files = await readImageFiles(ctx.req);
        ctx.status = 201;
        ctx.body = await uploadImages(deps, signedIn(ctx).id, files);
      }),
  },
  {
    /**
     * Stored images, streamed from S3. Keys are random and never reused, so the answer is cacheable for a year;
     * only keys of the upload format are served, always as image/webp with nosniff.
     */
    method: 'get', path: '/uploads/*key', id: 'getImage', summary: 'A stored image', auth: 'none', params: { key: z.string() },
    description: 'Also HEAD. The key is `img/<uuid>.webp` (or its thumbnail); any other key is a 404.',
    responses: { 200: { description: 'The image.', content: WEBP }, 304: { description: 'Not modified (If-None-Match).' } }, errors: [404],
    handle: async (ctx, deps) => {
      const key = ctx.path.slice('/uploads/'.length);
      if (!IMAGE_KEY.test(key)) throw notFound(IMAGE_NOT_FOUND);
      const object = await deps.store.get(key);
      if (!object || object.contentType !== 'image/webp') {
        object?.stream.destroy();
        throw notFound(IMAGE_NOT_FOUND);
      }
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('ETag', `"${object.etag.replace(/"/g, '')}"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      ctx.type = 'image/webp';
      ctx.status = 200;
      if (ctx.fresh) {
        object.stream.destroy();
        ctx.status = 304;
        return;
      }
      ctx.length = object.size;
      if (ctx.method === 'HEAD') {
        object.stream.destroy();
        return; // Koa sends the headers only
      }
      ctx.body = object.stream;
    },
  },
]);
