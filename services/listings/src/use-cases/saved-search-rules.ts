import { notFound } from '@cp/service-kit';
import { IdSchema, SAVED_SEARCH_MESSAGES } from '@cp/contracts';

/** A path id that is not a uuid names no saved search: 404 (as another user's, which is never told apart). */
export function savedSearchId(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return id.data;
}
