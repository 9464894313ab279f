import { HOME_COUNTS, whatsappDigits, type Business } from '@cp/contracts';

// No zod here: the home section (FeaturedBusinesses) imports this module, and the contracts' schemas (with zod)
// must stay off the home page. The Yellow Pages' helpers live in ./yellow-pages.ts.

/** Featured Businesses on home: the first 3 (spec §2 Home, §9). */
export function featuredBusinesses(list: readonly Business[], count: number = HOME_COUNTS.businesses): Business[] {
  return list.slice(0, count);
}

export function yellowPagesQueryString(args: { mainCategory: string; subCategory?: string }): string {
  const q = new URLSearchParams({ mainCategory: args.mainCategory });
  if (args.subCategory) q.set('subCategory', args.subCategory);
  return q.toString();
}

/** WhatsApp chat link: the phone's digits, a 10-digit number with the country code 1 (spec §2). */
export function whatsappHref(phone: string): string | null {
  const digits = whatsappDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/** tel: link keeping a leading + and the digits. */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return digits ? `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}` : null;
}

/** A business website as a link: http(s) kept, a bare domain gets https://, anything else (javascript:, mailto:) none. */
export function websiteHref(website: string | null | undefined): string | null {
  const w = website?.trim();
  if (!w) return null;
  if (/^https?:\/\//i.test(w)) return w;
  if (/^[a-z][a-z0-9+.-]*:/i.test(w)) return null;
  return `https://${w}`;
}

/** "4.5" for a rating out of 5 (one decimal, none for whole numbers). */
export function ratingText(rating: number): string {
  const r = Math.max(0, Math.min(5, rating));
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}
