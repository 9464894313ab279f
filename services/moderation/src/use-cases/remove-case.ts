import { ContentRemoved, RemoveCaseBodySchema, type ModerationCase } from '@cp/contracts';
import { jsonObject, runInTransaction, type AuthUser } from '@cp/service-kit';
import { toCase } from '../data/moderation-mapper.ts';
import { audit } from './audit.ts';
import { caseIdOf, undecidable } from './case-rules.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * POST /api/admin/moderation/cases/:id/remove: the item breaks the rules. The case is removed and its reports closed;
 * content-removed carries what the owner needs to delete it and comms to tell the author (title, path, reason, note).
 * With an audit line, in one transaction. A case already decided: 409.
 */
export async function removeCase(deps: ModerationDeps, admin: AuthUser, rawId: string, body: unknown): Promise<ModerationCase> {
  const caseId = caseIdOf(rawId);
  const input = RemoveCaseBodySchema.parse(jsonObject(body));
  const now = deps.now();
  const before = await runInTransaction(deps.conn, async (session, emit) => {
    const was = await deps.cases.decide(caseId, 'removed', admin.id, now, session);
    if (!was) return null;
    await deps.reports.closeOfCase(caseId, 'upheld', session);
    await emit(ContentRemoved, {
      caseId,
      kind: was.kind,
      itemId: was.itemId,
      authorId: was.content.authorId,
      title: was.content.title,
      path: was.content.path,
      reason: input.reason,
      note: input.note ?? null,
    });
    await audit(deps, admin, { action: 'remove', caseId, kind: was.kind, itemId: was.itemId, userId: was.content.authorId, subject: was.content.title, reason: input.reason, note: input.note ?? null }, now, session);
    return was;
  });
  if (!before) return undecidable(deps, caseId);
  const reports = await deps.reports.newestOf([before]);
  return toCase({ ...before, status: 'removed', decidedAt: now, decidedBy: admin.id }, reports.get(caseId) ?? []);
}
