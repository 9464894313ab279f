import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, notFound, runInTransaction } from '@cp/service-kit';
import { IdSchema, ListingCreated, ListingDeleted, ListingsQuerySchema, ListingUpdated, type Listing, type ListingsPage } from '@cp/contracts';
import { LISTING_FIELDS, searchTextOf, toListing, type ListingDoc } from '../data/listings-repository.ts';
import { validateListingChange, validateNewListing } from './listing-input.ts';
import type { ListingsDeps } from './deps.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const NOT_OWNER = 'You can only change your own listings';
export const FOREIGN_IMAGE = 'Only images you uploaded can be attached to your listing';

/**
 * A listing shows only images this site stored for its owner (the schema already refuses any other URL shape):
 * each new image must be an upload of this user; images the listing already shows may stay.
 */
async function checkImages(deps: ListingsDeps, userId: string, urls: readonly string[] | undefined, alreadyShown: readonly string[] = []): Promise<void> {
  const added = [...new Set(urls ?? [])].filter((u) => !alreadyShown.includes(u));
  if (added.length === 0) return;
  const owned = await deps.uploads.ownedBy(added, userId);
  if (added.some((u) => !owned.has(u))) throw badRequest(FOREIGN_IMAGE);
}

/** A path id that is not a uuid cannot name a listing: 404 without asking the database. */
function listingId(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw notFound(LISTING_NOT_FOUND);
  return id.data;
}

/** POST /api/listings: the owner is the logged-in user, whatever the body says. */
export async function createListing(deps: ListingsDeps, userId: string, body: unknown): Promise<Listing> {
  const input = validateNewListing(body);
  await checkImages(deps, userId, input.imageUrls);
  const now = deps.now();
  const doc: ListingDoc = {
    _id: randomUUID(),
    userId,
    ...input,
    imageUrls: input.imageUrls ?? [],
    searchText: searchTextOf(input.title, input.description),
    createdAt: now,
    updatedAt: now,
  };
  await runInTransaction(deps.conn, async (session, emit) => {
    await deps.listings.insert(doc, session);
    await emit(ListingCreated, { listingId: doc._id, userId, category: doc.category, tier: doc.tier, title: doc.title });
  });
  return toListing(doc);
}

export async function getListing(deps: ListingsDeps, rawId: string): Promise<Listing> {
  const doc = await deps.listings.findById(listingId(rawId));
  if (!doc) throw notFound(LISTING_NOT_FOUND);
  return toListing(doc);
}

/**
 * GET /api/listings. Without a query: every listing, newest first (spec §7; the client filters). With any query
 * parameter: one page `{ items, total, page, pageSize }` filtered on the server with the same §9 rules.
 */
export async function listListings(deps: ListingsDeps, query: Record<string, unknown>): Promise<Listing[] | ListingsPage> {
  if (Object.keys(query).length === 0) return (await deps.listings.all()).map(toListing);
  // An empty parameter (`?search=&category=`) does not filter, as on the listings page.
  const q = ListingsQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  const { items, total } = await deps.listings.search(q);
  return { items: items.map(toListing), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Tells apart "not yours" (403) and "no such listing" (404) once the owner-scoped write matched nothing.
 * The write itself never runs without the owner in its filter.
 */
async function missingOrForbidden(deps: ListingsDeps, id: string): Promise<never> {
  if (await deps.listings.exists(id)) throw forbidden(NOT_OWNER);
  throw notFound(LISTING_NOT_FOUND);
}

/** The client-settable fields whose value differs between two versions of a listing. */
function changedFields(before: ListingDoc, after: ListingDoc): string[] {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  return LISTING_FIELDS.filter((f) => JSON.stringify(b[f] ?? null) !== JSON.stringify(a[f] ?? null));
}

/** PUT /api/listings/:id, owner only. */
export async function updateListing(deps: ListingsDeps, userId: string, rawId: string, body: unknown): Promise<Listing> {
  const id = listingId(rawId);
  const current = await deps.listings.findOwned(id, userId);
  if (!current) return missingOrForbidden(deps, id);
  const change = validateListingChange(body, current.category);
  await checkImages(deps, userId, change.set.imageUrls as string[] | undefined, current.imageUrls ?? []);
  const updated = await runInTransaction(deps.conn, async (session, emit) => {
    const title = (change.set.title as string | undefined) ?? current.title;
    const description = (change.set.description as string | undefined) ?? current.description;
    const set = { ...change.set, searchText: searchTextOf(title, description), updatedAt: deps.now() };
    const doc = await deps.listings.updateOwned(id, userId, set, change.unset, session);
    if (!doc) return null; // deleted meanwhile
    const changed = changedFields(current, doc);
    // A save without a real change is not an event.
    const removedImageUrls = (current.imageUrls ?? []).filter((u) => !(doc.imageUrls ?? []).includes(u));
    if (changed.length > 0) await emit(ListingUpdated, { listingId: id, userId, category: doc.category, tier: doc.tier, title: doc.title, changed, removedImageUrls });
    return doc;
  });
  if (!updated) return missingOrForbidden(deps, id);
  return toListing(updated);
}

/** DELETE /api/listings/:id, owner only. */
export async function deleteListing(deps: ListingsDeps, userId: string, rawId: string): Promise<void> {
  const id = listingId(rawId);
  const deleted = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.listings.deleteOwned(id, userId, session);
    if (doc) await emit(ListingDeleted, { listingId: id, userId, imageUrls: doc.imageUrls ?? [] });
    return doc;
  });
  if (!deleted) await missingOrForbidden(deps, id);
}
