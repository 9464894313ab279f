import { CASE_NOT_FOUND, IdSchema } from '@cp/contracts';
import { conflict, notFound } from '@cp/service-kit';
import type { ModerationDeps } from './deps.ts';

/** A case id from the path: anything but a uuid is no case (404, never a query with it). */
export function caseIdOf(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw notFound(CASE_NOT_FOUND);
  return id.data;
}

/** Why a decision did not apply: the case does not exist (404) or was already decided (409). */
export async function undecidable(deps: ModerationDeps, caseId: string): Promise<never> {
  const existing = await deps.cases.findById(caseId);
  if (!existing) throw notFound(CASE_NOT_FOUND);
  throw conflict('This case has already been decided');
}
