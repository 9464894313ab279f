import { BusinessReviewInsertSchema } from '@cp/contracts';
import { validate } from '@cp/web-core';

/**
 * The review form's check (the contracts' BusinessReviewInsertSchema). Imported when a review is posted, never with the
 * form: the schemas (zod) stay off the business's page until then.
 */
export const checkReview = (body: unknown) => validate(BusinessReviewInsertSchema, body);
