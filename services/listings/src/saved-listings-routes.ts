import { createRouter, type Auth, type AuthUser } from '@cp/service-kit';
import type { Context } from 'koa';
import { SavedListingsRepository } from './data/saved-listings-repository.ts';
import { saveListing } from './use-cases/save-listing.ts';
import { removeSavedListing } from './use-cases/remove-saved-listing.ts';
import { mergeSavedListings } from './use-cases/merge-saved-listings.ts';
import { listSavedListings, savedListingIds } from './use-cases/list-saved-listings.ts';
import type { SavedListingsDeps } from './use-cases/saved-listing-rules.ts';
import type { ListingsDeps } from './use-cases/deps.ts';

const userId = (ctx: Context) => (ctx.state.user as AuthUser).id;

/** The saved listings (issue 22 §2): every route is the signed-in user's own; its repository is made and indexed here. */
export async function savedListingsRoutes(listingsDeps: ListingsDeps, auth: Auth) {
  const saved = new SavedListingsRepository(listingsDeps.conn);
  await saved.init();
  const deps: SavedListingsDeps = { ...listingsDeps, saved };
  const router = createRouter();

  router.get('/api/saved-listings', auth.requireUser, async (ctx) => {
    ctx.body = await listSavedListings(deps, userId(ctx), ctx.query);
  });

  router.get('/api/saved-listings/ids', auth.requireUser, async (ctx) => {
    ctx.body = await savedListingIds(deps, userId(ctx));
  });

  router.post('/api/saved-listings', auth.requireUser, async (ctx) => {
    const { created, saved: save } = await saveListing(deps, userId(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = save;
  });

  router.post('/api/saved-listings/merge', auth.requireUser, async (ctx) => {
    ctx.body = await mergeSavedListings(deps, userId(ctx), ctx.request.body);
  });

  router.delete('/api/saved-listings/:listingId', auth.requireUser, async (ctx) => {
    await removeSavedListing(deps, userId(ctx), ctx.params.listingId ?? '');
    ctx.body = { message: 'Listing removed from your saved listings' };
  });

  return router;
}
