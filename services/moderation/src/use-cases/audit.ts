import { randomUUID } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import type { AuthUser } from '@cp/service-kit';
import type { LogDoc } from '../data/audit-log-repository.ts';
import type { ModerationDeps } from './deps.ts';

/** Writes one line of the audit log in the action's transaction; `actor` null: the system (the automatic hiding). */
export async function audit(
  deps: ModerationDeps,
  actor: AuthUser | null,
  entry: Omit<LogDoc, '_id' | 'actorId' | 'actorName' | 'at' | 'caseId' | 'kind' | 'itemId' | 'userId' | 'reason' | 'note' | 'subject'> &
    Partial<Pick<LogDoc, 'caseId' | 'kind' | 'itemId' | 'userId' | 'reason' | 'note' | 'subject'>>,
  at: Date,
  session: ClientSession,
): Promise<void> {
  await deps.log.insert(
    {
      _id: randomUUID(),
      actorId: actor?.id ?? null,
      actorName: actor ? (actor.username ?? null) : null,
      caseId: entry.caseId ?? null,
      kind: entry.kind ?? null,
      itemId: entry.itemId ?? null,
      userId: entry.userId ?? null,
      reason: entry.reason ?? null,
      note: entry.note ?? null,
      subject: entry.subject ?? null,
      action: entry.action,
      at,
    },
    session,
  );
}
