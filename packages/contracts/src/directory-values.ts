/**
 * The directory's review texts and limits, without zod: a page that only shows reviews (the business's page,
 * /business/{id}) does not load the schemas with them; directory.ts builds its schemas from these and re-exports them.
 */

export const OWN_BUSINESS_REVIEW = "You can't review your own business.";
export const REVIEW_PENDING = 'Your review is waiting: it will count and show to others once your account is a day old.';

export const REVIEW_COMMENT_MAX = 2000;
