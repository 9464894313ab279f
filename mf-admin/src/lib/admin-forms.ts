import type { AD_PLACEMENTS, AD_PRICING_TIERS, AD_SIZES, AD_STATUSES, Advertisement, Business, YellowPagesMainCategory } from '@cp/contracts';

/** The admin forms' values and payloads (the form dialogs', loaded on intent; admin.ts has what the page needs). */

// ---------------------------------------------------------------- advertisements

export interface AdFormValues {
  title: string;
  description: string;
  imageUrl: string;
  ctaText: string;
  ctaUrl: string;
  placement: (typeof AD_PLACEMENTS)[number];
  size: (typeof AD_SIZES)[number];
  pricingTier: (typeof AD_PRICING_TIERS)[number];
  status: (typeof AD_STATUSES)[number];
  /** yyyy-mm-dd from a date input, or '' */
  startDate: string;
  endDate: string;
}

/** The create form's defaults (spec §5): placement homepage-top, size large, pricingTier banner, status active. */
export function emptyAdForm(): AdFormValues {
  return { title: '', description: '', imageUrl: '', ctaText: '', ctaUrl: '', placement: 'homepage-top', size: 'large', pricingTier: 'banner', status: 'active', startDate: '', endDate: '' };
}

const dateOnly = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** The edit form of an ad: its stored status, not the one shown (an ad past its end date shows expired; spec §4). */
export function adFormFrom(ad: Advertisement): AdFormValues {
  return {
    title: ad.title,
    description: ad.description,
    imageUrl: ad.imageUrl ?? '',
    ctaText: ad.ctaText,
    ctaUrl: ad.ctaUrl,
    placement: ad.placement,
    size: ad.size,
    pricingTier: ad.pricingTier ?? 'banner',
    status: ad.storedStatus ?? ad.status,
    startDate: dateOnly(ad.startDate),
    endDate: dateOnly(ad.endDate),
  };
}

/**
 * The body of POST/PUT /api/advertisements (spec §7): trimmed; optional imageUrl and dates omitted when blank. A
 * start date is the start of that day (UTC), an end date its end, so an ad running one day has start ≤ end.
 */
export function adPayload(v: AdFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: v.title.trim(),
    description: v.description.trim(),
    ctaText: v.ctaText.trim(),
    ctaUrl: v.ctaUrl.trim(),
    placement: v.placement,
    size: v.size,
    pricingTier: v.pricingTier,
    status: v.status,
  };
  if (v.imageUrl.trim()) body.imageUrl = v.imageUrl.trim();
  if (v.startDate) body.startDate = `${v.startDate}T00:00:00.000Z`;
  if (v.endDate) body.endDate = `${v.endDate}T23:59:59.999Z`;
  return body;
}

// ---------------------------------------------------------------- businesses

export interface BusinessFormValues {
  name: string;
  category: string;
  mainCategory: YellowPagesMainCategory | '';
  subCategory: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  logoUrl: string;
  premium: boolean;
}

export function emptyBusinessForm(): BusinessFormValues {
  return { name: '', category: '', mainCategory: '', subCategory: '', description: '', address: '', phone: '', email: '', website: '', logoUrl: '', premium: false };
}

export function businessFormFrom(b: Business): BusinessFormValues {
  return {
    name: b.name,
    category: b.category,
    mainCategory: (b.mainCategory ?? '') as YellowPagesMainCategory | '',
    subCategory: b.subCategory ?? '',
    description: b.description,
    address: b.address,
    phone: b.phone,
    email: b.email ?? '',
    website: b.website ?? '',
    logoUrl: b.logoUrl ?? '',
    premium: b.premium,
  };
}

/** Changing the main category clears the subcategory and sets category to the main category (spec §5). */
export function withMainCategory(v: BusinessFormValues, main: YellowPagesMainCategory): BusinessFormValues {
  return { ...v, mainCategory: main, subCategory: '', category: main };
}

/** The body of POST/PUT /api/admin/businesses (spec §7): every field of the form, trimmed; blank optionals omitted. */
export function businessPayload(v: BusinessFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    category: (v.category || v.mainCategory).trim() || undefined,
    mainCategory: v.mainCategory || undefined,
    description: v.description.trim(),
    address: v.address.trim(),
    phone: v.phone.trim(),
    premium: v.premium,
  };
  if (v.subCategory) body.subCategory = v.subCategory;
  for (const key of ['email', 'website', 'logoUrl'] as const) if (v[key].trim()) body[key] = v[key].trim();
  for (const [k, value] of Object.entries(body)) if (value === undefined) delete body[k];
  return body;
}
