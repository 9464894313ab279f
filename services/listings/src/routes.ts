import { createRouter, notFound, type Auth, type AuthUser } from '@cp/service-kit';
import type { Context } from 'koa';
import { IMAGE_NOT_FOUND } from '@cp/contracts';
import { createListing } from './use-cases/create-listing.ts';
import { getListing } from './use-cases/get-listing.ts';
import { listListings, listMyListings } from './use-cases/list-listings.ts';
import { updateListing } from './use-cases/update-listing.ts';
import { deleteListing } from './use-cases/delete-listing.ts';
import { uploadImages } from './use-cases/upload-images.ts';
import { contentSnapshot } from './use-cases/content-snapshot.ts';
import { messagingListing } from './use-cases/messaging-listing.ts';
import { IMAGE_KEY } from './images/storage-keys.ts';
import { readImageFiles } from './images/multipart.ts';
import { concurrencyLimit } from './images/concurrency.ts';
import type { ListingsDeps } from './use-cases/deps.ts';

const user = (ctx: Context) => ctx.state.user as AuthUser;

export function listingsRoutes(deps: ListingsDeps, auth: Auth) {
  const router = createRouter();

  /**
   * The signed-in reader of a public GET, if any: their own listings under moderation are shown to them. An
   * invalid or revoked session, or identity not answering, reads as anonymous (the public answer), never an error.
   */
  const viewerId = async (ctx: Context): Promise<string | undefined> => {
    const found = await auth.verify(ctx).catch((err: unknown) => {
      deps.logger.warn({ err }, 'session not checked: read as anonymous');
      return null;
    });
    return found?.id;
  };

  router.get('/api/listings', async (ctx) => {
    const { body, next } = await listListings(deps, ctx.query, await viewerId(ctx));
    if (next) ctx.set('Link', `<${next}>; rel="next"`);
    ctx.body = body;
  });

  // My Listings: before /:id, which would take "mine" for an id.
  router.get('/api/listings/mine', auth.requireUser, async (ctx) => {
    ctx.body = await listMyListings(deps, user(ctx).id, ctx.query);
  });

  router.get('/api/listings/:id', async (ctx) => {
    ctx.body = await getListing(deps, ctx.params.id ?? '', await viewerId(ctx));
  });

  // Internal (the gateway never routes /internal): moderation's view of a reported listing.
  router.get('/internal/content/:kind/:id', async (ctx) => {
    ctx.body = await contentSnapshot(deps, ctx.params.kind ?? '', ctx.params.id ?? '');
  });

  // Internal: what the messages service keeps of a listing a conversation is about (issue 23).
  router.get('/internal/listings/:id/messaging', async (ctx) => {
    ctx.body = await messagingListing(deps, ctx.params.id ?? '');
  });

  router.post('/api/listings', auth.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createListing(deps, user(ctx), ctx.request.body);
  });

  router.put('/api/listings/:id', auth.requireUser, async (ctx) => {
    ctx.body = await updateListing(deps, user(ctx).id, ctx.params.id ?? '', ctx.request.body);
  });

  router.delete('/api/listings/:id', auth.requireUser, async (ctx) => {
    await deleteListing(deps, user(ctx).id, ctx.params.id ?? '');
    ctx.body = { message: 'Listing deleted' };
  });

  const uploadSlots = concurrencyLimit(deps.images.concurrentUploads ?? 4, 100);
  router.post('/api/upload', auth.requireUser, uploadSlots, async (ctx) => {
    const files = await readImageFiles(ctx.req);
    ctx.status = 201;
    ctx.body = await uploadImages(deps, user(ctx).id, files);
  });

  /**
   * Stored images, streamed from S3. Keys are random and never reused, so the answer is cacheable for a year;
   * only keys of the upload format are served, always as image/webp with nosniff.
   */
  router.get('/uploads/*key', async (ctx) => {
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
  });

  return router;
}
