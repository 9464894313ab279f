import {
  contactPreferenceOf,
  DEFAULT_CONTACT_PREFERENCE,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_LISTING,
  normalizeListingInput,
  type ContactPreference,
  type Listing,
  type ListingCategory,
  type ListingTier,
} from '@cp/contracts';

/** What the Post Ad and Edit forms hold: text as typed (trimmed and dropped on submit), the tier and the status. */
export interface ListingFormValues {
  category: ListingCategory | '';
  title: string;
  description: string;
  price: string;
  location: string;
  contactPhone: string;
  contactEmail: string;
  /** Issue 23 §2: show the phone and e-mail, or messages through the site only (the inputs stay: the owner keeps them). */
  contactPreference: ContactPreference;
  eventDate: string;
  eventTime: string;
  venue: string;
  organizer: string;
  eventType: string;
  /** Jobs only: the hiring organization. */
  employer: string;
  tier: ListingTier;
  status: Listing['status'];
}

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
    eventDate: '',
    eventTime: '',
    venue: '',
    organizer: '',
    eventType: '',
    employer: '',
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
    eventDate: text(listing.eventDate),
    eventTime: text(listing.eventTime),
    venue: text(listing.venue),
    organizer: text(listing.organizer),
    eventType: text(listing.eventType),
    employer: text(listing.employer),
    tier: listing.tier,
    status: listing.status,
  };
}

/**
 * The body the form sends (spec §5 "On submit"): trimmed, blank optional text omitted, price only when greater than 0,
 * event fields only for Events, the employer only for Jobs, image URLs when there are some. Validated by the contracts' schema before sending.
 */
export function listingPayload(values: ListingFormValues, imageUrls?: readonly string[]): Record<string, unknown> {
  const price = values.price.trim() === '' ? undefined : Number(values.price);
  const body: Record<string, unknown> = normalizeListingInput({ ...values, price });
  // A price that is not a number is not silently dropped: the schema reports it.
  if (price !== undefined && !Number.isFinite(price)) body.price = values.price;
  if (imageUrls && imageUrls.length > 0) body.imageUrls = [...imageUrls];
  return body;
}

const CLEARABLE = ['price', 'contactPhone', 'contactEmail', 'eventDate', 'eventTime', 'venue', 'organizer', 'eventType', 'employer'] as const;

/**
 * The optional fields an edit empties: set on the listing, blank in the form (or a price of 0). They are sent as
 * null after validation, so the listings service removes them (an edit can take a phone number off a listing).
 */
export function clearedFields(values: ListingFormValues, listing: Listing): string[] {
  const before = listingFormFrom(listing);
  const isEvent = values.category === 'Events';
  return CLEARABLE.filter((key) => {
    if (before[key].trim() === '') return false;
    if (!isEvent && key.startsWith('event')) return false; // dropped with the category anyway
    if (key === 'employer' && values.category !== 'Jobs') return false; // likewise
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
