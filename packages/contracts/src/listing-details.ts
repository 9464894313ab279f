/**
 * A listing's optional details (spec §3, §5): the event fields, the employer of a job, and whatever a later feature
 * adds. Each is declared once here, with how people enter and read it; everything else follows from this table:
 * - the schemas (`listings.ts`): the stored listing, the insert and update bodies, their messages, the OpenAPI document;
 * - the listings service: what it stores, returns, clears on an edit and drops when the category does not take it;
 * - the Post Ad and Edit forms (their inputs) and the listing page (its facts).
 * No zod here: the listing page reads the labels without loading the schemas.
 */
import { LIMITS, MAX_LISTING_EMPLOYER, MIN_LISTING_EMPLOYER } from './constants.ts';
import { EVENT_TYPES, type ListingCategory } from './listing-values.ts';

export interface ListingDetailSpec {
  /** The form's label; also the validation messages' subject ("Employer must be at least 2 characters"). */
  readonly label: string;
  /** The listing page's label, when it differs from the form's. */
  readonly fact?: string;
  /** The one category that takes it: other categories never send, store or show it. Absent: every category. */
  readonly category?: ListingCategory;
  /** How it is entered: free text (the default), an ISO date (YYYY-MM-DD), or one of `options`. */
  readonly control?: 'text' | 'date' | 'choice';
  readonly options?: readonly string[];
  /** The empty choice's words (choice only). */
  readonly placeholder?: string;
  /** The hint under the form's input. */
  readonly hint?: string;
  /** Text only: its bounds, after trimming. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The browser's autofill token for the input. */
  readonly autoComplete?: string;
  /** Shown beside the location at the top of the listing page, not among its details. */
  readonly headline?: boolean;
}

/** The optional details, in the API's order. */
export const LISTING_DETAILS = {
  eventDate: { label: 'Event date', fact: 'Date', category: 'Events', control: 'date' },
  eventTime: { label: 'Event time', fact: 'Time', category: 'Events', hint: 'For example 6:00 PM', maxLength: 40 },
  venue: { label: 'Venue', category: 'Events', maxLength: LIMITS.shortTextMax },
  organizer: { label: 'Organizer', category: 'Events', maxLength: LIMITS.shortTextMax },
  eventType: { label: 'Event type', category: 'Events', control: 'choice', options: EVENT_TYPES, placeholder: 'Select an event type' },
  /** The hiring organization's name (JobPosting's hiringOrganization). */
  employer: {
    label: 'Employer',
    category: 'Jobs',
    hint: 'Optional: the business or organization hiring',
    minLength: MIN_LISTING_EMPLOYER,
    maxLength: MAX_LISTING_EMPLOYER,
    autoComplete: 'organization',
    headline: true,
  },
} as const satisfies Record<string, ListingDetailSpec>;

export type ListingDetailKey = keyof typeof LISTING_DETAILS;
export const LISTING_DETAIL_KEYS = Object.keys(LISTING_DETAILS) as ListingDetailKey[];
/** One detail's declaration, read through the common interface. */
export const listingDetail = (key: ListingDetailKey): ListingDetailSpec => LISTING_DETAILS[key];

/** The categories whose details the form groups in one box and the listing page in one card, with its title. */
export const LISTING_DETAIL_GROUPS: Partial<Record<ListingCategory, { form: string; page: string }>> = {
  Events: { form: 'Event details', page: 'Event Details' },
};

/** Whether a listing of this category takes the detail (an unknown category, as in a partial update, takes all). */
export function takesDetail(key: ListingDetailKey, category: ListingCategory | '' | undefined): boolean {
  const only = listingDetail(key).category;
  return only === undefined || category === undefined || only === category;
}

/** The details a listing of this category takes, in order. */
export const detailsOf = (category: ListingCategory | ''): ListingDetailKey[] => LISTING_DETAIL_KEYS.filter((key) => takesDetail(key, category));

/** The details a listing of this category never keeps (dropped from what is sent, removed on an edit). */
export const detailsNotOf = (category: ListingCategory): ListingDetailKey[] => LISTING_DETAIL_KEYS.filter((key) => !takesDetail(key, category));
