import { ModerationCasesQuerySchema, type ModerationCase } from '@cp/contracts';
import { toCase } from '../data/moderation-mapper.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * GET /api/admin/moderation/cases: the queue (pending: open and hidden cases, by number of reports, then newest report)
 * or the decided cases (closed: newest decision first), a page at a time, each with its newest reports.
 */
export async function listCases(deps: ModerationDeps, query: unknown): Promise<{ items: ModerationCase[]; total: number; page: number; pageSize: number }> {
  const q = ModerationCasesQuerySchema.parse(query);
  const { items, total } = await deps.cases.page(q.status, q.page, q.pageSize);
  const reports = await deps.reports.newestOf(items);
  return { items: items.map((c) => toCase(c, reports.get(c._id) ?? [])), total, page: q.page, pageSize: q.pageSize };
}
