import { jsonObject } from '@cp/service-kit';
import { detailsNotOf, LISTING_DETAIL_KEYS, ListingInsertSchema, ListingUpdateSchema, normalizeListingInput, type ListingCategory } from '@cp/contracts';
import type { ListingField } from '../data/listings-repository.ts';

/** Fields the server sets; a client that sends them (e.g. the whole listing back on edit) has them ignored. */
const SERVER_SET = ['id', '_id', 'userId', 'createdAt', 'updatedAt'] as const;
/** Fields that may be absent; blank text, null, an empty list or a price of 0 mean "none". */
const OPTIONAL_FIELDS: readonly string[] = ['price', 'imageUrls', 'contactPhone', 'contactEmail', ...LISTING_DETAIL_KEYS];

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0) || v === 0;

/** Splits a body into the values to validate and the optional fields it clears (blank, null, 0 price, empty list). */
function prepare(body: unknown): { values: Record<string, unknown>; cleared: Set<string> } {
  const values: Record<string, unknown> = {};
  const cleared = new Set<string>();
  for (const [key, value] of Object.entries(jsonObject(body))) {
    if ((SERVER_SET as readonly string[]).includes(key)) continue;
    if (OPTIONAL_FIELDS.includes(key) && isBlank(value)) {
      cleared.add(key);
      continue;
    }
    values[key] = typeof value === 'string' ? value.trim() : value;
  }
  return { values, cleared };
}

export type NewListingValues = ReturnType<typeof validateNewListing>;

/**
 * POST body → the listing fields (spec §5): validated with the contract (its messages), trimmed, blank optional
 * fields omitted, price kept only when > 0, a detail only for the category that takes it; tier defaults to free, status
 * to active.
 */
export function validateNewListing(body: unknown) {
  const { values } = prepare(body);
  const input = ListingInsertSchema.parse(values);
  return normalizeListingInput(input) as typeof input;
}

export interface ListingChange {
  set: Partial<Record<ListingField, unknown>>;
  unset: ListingField[];
}

/**
 * PUT body → a change (every field optional, spec §5): a given field replaces the stored one; an optional field
 * sent blank, null, 0 (price) or [] (images) is removed, so an edit can clear a phone number or a price. A detail is
 * removed when the resulting category does not take it (listing-details.ts).
 */
export function validateListingChange(body: unknown, currentCategory: ListingCategory): ListingChange {
  const { values, cleared } = prepare(body);
  const input = ListingUpdateSchema.parse(values);
  const normalized = normalizeListingInput(input) as Record<string, unknown>;
  const category = (input.category ?? currentCategory) as ListingCategory;
  const set: Record<string, unknown> = {};
  const unset = new Set<ListingField>([...cleared] as ListingField[]);
  for (const [key, value] of Object.entries(normalized)) set[key] = value;
  // The edit form sends the status back (spec §7); an edit never changes it (issue 22: mark done, renew, expiry do).
  delete set.status;
  // A price that normalisation dropped (not > 0) is a removal.
  if (input.price !== undefined && set.price === undefined) unset.add('price');
  for (const key of detailsNotOf(category)) {
    delete set[key];
    unset.add(key);
  }
  for (const key of Object.keys(set)) unset.delete(key as ListingField);
  return { set: set as ListingChange['set'], unset: [...unset] };
}
