import type { z } from 'zod';
import type { Mail } from '@cp/service-kit';

/** The most items one batched mail lists; the rest are counted ("and N more"). */
export const MAIL_BATCH_LISTED_MAX = 20;

/** Who a batched mail goes to, as identity knows them at send time. */
export interface MailBatchRecipient {
  email: string;
  /** First name, else the username. */
  name: string;
}

/**
 * One kind of batched mail (reply notices; later alert digests, unread-message mails): events of the kind are
 * collected per recipient and subject for `windowMs`, then one mail lists them. Everything kind-specific is here; the
 * batching (append-to-batch.ts) and the sending (send-due-batches.ts) are the same for every kind.
 */
export interface MailBatchKind<Item = unknown> {
  /** Stored in each batch; also the Message-ID's first part. */
  kind: string;
  /** How long a batch collects after its first item. */
  windowMs: number;
  /** What an item holds (stored as it was appended, checked again when read). */
  itemSchema: z.ZodType<Item>;
  /** The mail of a batch: its first items (at most MAIL_BATCH_LISTED_MAX, in order), how many it has in all. */
  render(input: { recipient: MailBatchRecipient; subjectKey: string; items: Item[]; total: number; messageId: string; publicUrl: string; batchId: string }): Mail;
}

/** A batch's Message-ID: the same for every attempt of one batch, so a receiver can drop a second copy. */
export function mailBatchMessageId(kind: string, batchId: string, publicUrl: string): string {
  return `<${kind}.${batchId}@${new URL(publicUrl).hostname}>`;
}
