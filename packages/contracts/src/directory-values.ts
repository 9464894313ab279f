/**
 * The directory's review texts and limits and its category text, without zod: a page that only shows reviews or
 * business cards (the business's page, /business/{id}, home's featured businesses) does not load the schemas with them;
 * directory.ts builds its schemas from these and re-exports them.
 */

export const OWN_BUSINESS_REVIEW = "You can't review your own business.";
export const REVIEW_PENDING = 'Your review is waiting: it will count and show to others once your account is a day old.';

export const REVIEW_COMMENT_MAX = 2000;

/** A business's category as the site shows it: "Food & Dining › Indian Restaurants" (main category, subcategory). */
export function businessCategoryText(business: { category: string; mainCategory?: string | null | undefined; subCategory?: string | null | undefined }): string {
  return [business.mainCategory ?? business.category, business.subCategory].filter(Boolean).join(' › ');
}
