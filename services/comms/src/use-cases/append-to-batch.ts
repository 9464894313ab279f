import type { ClientSession } from 'mongoose';
import type { CommsDeps } from './deps.ts';
import type { MailBatchKind } from './mail-batch-kind.ts';

/**
 * An event's item joins the open batch of (kind, recipient, subject), or opens one due a window later; in the event
 * consumer's transaction (`session`), so the item is stored exactly when the event is recorded as handled. An item
 * stored before (a redelivery, the same item announced twice) adds nothing. The sender (send-due-batches.ts) mails the
 * batch once it is due; the next item then opens a new batch.
 */
export async function appendToBatch<Item>(
  deps: Pick<CommsDeps, 'mailBatches' | 'now'>,
  kind: MailBatchKind<Item>,
  input: { recipientId: string; subjectKey: string; itemId: string; item: Item },
  session: ClientSession,
): Promise<{ outcome: 'added' | 'duplicate'; batchId?: string }> {
  const data = kind.itemSchema.parse(input.item) as Record<string, unknown>;
  return deps.mailBatches.append({ kind: kind.kind, recipientId: input.recipientId, subjectKey: input.subjectKey }, { id: input.itemId, data }, deps.now(), kind.windowMs, session);
}
