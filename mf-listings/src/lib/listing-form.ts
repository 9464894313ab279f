import {
  contactPreferenceOf,
  DEFAULT_CONTACT_PREFERENCE,
  LISTING_DETAIL_KEYS,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_LISTING,
  normalizeListingInput,
  type ContactPreference,
  type Listing,
  type ListingCategory,
  type ListingDetailKey,
  type ListingTier,
  takesDetail,
} from '@cp/contracts';

/**
 * What the Post Ad and Edit forms hold: text as typed (trimmed and dropped on submit), the tier and the status, and
 * every optional detail (listing-details.ts) as text.
 */
export interface ListingFormValues extends Record<ListingDetailKey, string> {
  category: ListingCategory | '';
  title: string;
  description: string;
  price: string;
  location: string;
  contactPhone: string;
  contactEmail: string;
  /** Issue 23 §2: show the phone and e-mail, or messages through the site only (the inputs stay: the owner keeps them). */
  contactPreference: ContactPreference;
  tier: ListingTier;
  status: Listing['status'];
}

const detailTexts = (textOf: (key: ListingDetailKey) => string) => Object.fromEntries(LISTING_DETAIL_KEYS.map((key) => [key, textOf(key)])) as Record<ListingDetailKey, string>;

/** A fresh Post Ad form: tier free (spec §2), status active. */
export function emptyListingForm(initialCategory?: ListingCategory): ListingFormValues {
  return {
    category: initialCategory ?? '',
    title: '',
    description: '',
    price: '',
    location: '',
    contactPhone: '',
    contactEmail: '',
    contactPreference: DEFAULT_CONTACT_PREFERENCE,
    ...detailTexts(() => ''),
    tier: 'free',
    status: 'active',
  };
}

/** The Edit form of an existing listing. */
export function listingFormFrom(listing: Listing): ListingFormValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    category: listing.category,
    title: listing.title,
    description: listing.description,
    price: typeof listing.price === 'number' && listing.price > 0 ? String(listing.price) : '',
    location: listing.location,
    contactPhone: text(listing.contactPhone),
    contactEmail: text(listing.contactEmail),
    contactPreference: contactPreferenceOf(listing),
    ...detailTexts((key) => text(listing[key])),
    tier: listing.tier,
    status: listing.status,
  };
}

/**
 * The body the form sends (spec §5 "On submit"): trimmed, blank optional text omitted, price only when greater than 0,
 * a detail only for the category that takes it, image URLs when there are some. Validated by the contracts' schema before sending.
 */
export function listingPayload(values: ListingFormValues, imageUrls?: readonly string[]): Record<string, unknown> {
  const price = values.price.trim() === '' ? undefined : Number(values.price);
  const body: Record<string, unknown> = normalizeListingInput({ ...values, price });
  // A price that is not a number is not silently dropped: the schema reports it.
  if (price !== undefined && !Number.isFinite(price)) body.price = values.price;
  if (imageUrls && imageUrls.length > 0) body.imageUrls = [...imageUrls];
  return body;
}

const CLEARABLE = ['price', 'contactPhone', 'contactEmail', ...LISTING_DETAIL_KEYS] as const;
const isDetail = (key: string): key is ListingDetailKey => (LISTING_DETAIL_KEYS as readonly string[]).includes(key);

/**
 * The optional fields an edit empties: set on the listing, blank in the form (or a price of 0). They are sent as
 * null after validation, so the listings service removes them (an edit can take a phone number off a listing).
 */
export function clearedFields(values: ListingFormValues, listing: Listing): string[] {
  const before = listingFormFrom(listing);
  return CLEARABLE.filter((key) => {
    if (before[key].trim() === '') return false;
    // A detail the category does not take is dropped with the category anyway.
    if (isDetail(key) && !takesDetail(key, values.category)) return false;
    if (key === 'price') return !(Number(values.price) > 0);
    return values[key].trim() === '';
  });
}

/**
 * Which picked files the form takes (spec §5 Images): only images, at most the slots left of the 10 per listing (the
 * rest are dropped), each at most 10 MB.
 */
export function pickImages<F extends { type: string; size: number }>(files: readonly F[], alreadyAttached: number) {
  const images = files.filter((f) => f.type.startsWith('image/'));
  const slots = Math.max(0, MAX_IMAGES_PER_LISTING - alreadyAttached);
  const fitting = images.slice(0, slots);
  const accepted = fitting.filter((f) => f.size <= MAX_IMAGE_BYTES);
  return {
    accepted,
    /** More files than slots: the 'Limit Reached' toast. */
    overLimit: images.length > slots,
    notImages: files.length - images.length,
    tooLarge: fitting.length - accepted.length,
  };
}
