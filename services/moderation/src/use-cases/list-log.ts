import { ModerationPageQuerySchema, type ModerationLogEntry } from '@cp/contracts';
import { toLogEntry } from '../data/moderation-mapper.ts';
import type { ModerationDeps } from './deps.ts';

/** GET /api/admin/moderation/log: the audit log, newest first, a page at a time. */
export async function listLog(deps: ModerationDeps, query: unknown): Promise<{ items: ModerationLogEntry[]; total: number; page: number; pageSize: number }> {
  const q = ModerationPageQuerySchema.parse(query);
  const { items, total } = await deps.log.page(q.page, q.pageSize);
  return { items: items.map(toLogEntry), total, page: q.page, pageSize: q.pageSize };
}
