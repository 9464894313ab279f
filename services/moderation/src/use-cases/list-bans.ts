import { ModerationPageQuerySchema, type BannedUser } from '@cp/contracts';
import { toBannedUser } from '../data/moderation-mapper.ts';
import type { ModerationDeps } from './deps.ts';

/** GET /api/admin/moderation/bans: the users banned now, newest ban first, a page at a time. */
export async function listBans(deps: ModerationDeps, query: unknown): Promise<{ items: BannedUser[]; total: number; page: number; pageSize: number }> {
  const q = ModerationPageQuerySchema.parse(query);
  const { items, total } = await deps.bans.page(q.page, q.pageSize);
  return { items: items.map(toBannedUser), total, page: q.page, pageSize: q.pageSize };
}
