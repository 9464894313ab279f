import type { MailBatchDoc } from '../data/mail-batches-repository.ts';
import type { CommsDeps } from './deps.ts';
import { MAIL_BATCH_LISTED_MAX, mailBatchMessageId, type MailBatchKind } from './mail-batch-kind.ts';
import { recipientOf, type NoRecipient } from './recipient.ts';

/** What a skipped batch records (the batch's `lastError`). */
const SKIP_REASONS: Record<NoRecipient, string> = { 'unknown-user': 'recipient not found', 'no-address': 'no e-mail address', unverified: 'e-mail address not verified' };

/**
 * How long a sender's claim holds before another sender may take the batch over (its sender is taken for dead).
 * Longer than a live send can last: identity's lookup gives up after 3 s, the kit's mailer after 10 s without a
 * connection or greeting and 20 s of silence.
 */
export const MAIL_BATCH_CLAIM_MS = 90_000;
/** Wait before the next attempt after attempt n failed (the last value repeats): a mail server that is down is not asked every tick. */
export const MAIL_BATCH_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 60 * 60_000];
/** Attempts before a batch is given up as `failed` (kept, logged as an error): about four hours with the backoff above. */
export const MAIL_BATCH_MAX_ATTEMPTS = 8;
/** Batches one run sends at most; the next run goes on. */
export const MAIL_BATCHES_PER_RUN = 100;

export interface SendDueBatchesOptions {
  /** The kinds this replica sends (another kind's batches wait for a replica that knows it). */
  kinds: MailBatchKind[];
  claimMs?: number;
  backoffMs?: number[];
  maxAttempts?: number;
  perRun?: number;
}

export interface SendDueBatchesResult {
  sent: number;
  skipped: number;
  /** Batches moved later: their key had a mail less than a window ago. */
  postponed: number;
  /** Attempts that failed (the run stops at the first). */
  failed: number;
}

type Deps = Pick<CommsDeps, 'mailBatches' | 'users' | 'mailer' | 'logger' | 'config' | 'now'>;

/**
 * One run of the sender: mails the batches that are due, one after the other, each once.
 *
 * - A batch is claimed (committed, a lease of `claimMs`) before its mail goes out and marked `sent` after the mail
 *   server accepted it. A claim whose lease ran out belongs to a sender that died: it is taken over and the same mail
 *   (same items, same Message-ID) is sent.
 * - The recipient's address is asked for at send time (identity); nobody to write to: `skipped`.
 * - A failure (mail server, identity) gives the claim back as `retrying` (its items frozen) until the backoff's next
 *   time, or `failed` after `maxAttempts`; the run stops there, so a mail server that is down gets one attempt per run.
 * - At most one mail per key per window: a batch due less than a window after its key's last mail (possible only
 *   after retries) is moved to the end of that window.
 */
export async function sendDueBatches(deps: Deps, opts: SendDueBatchesOptions): Promise<SendDueBatchesResult> {
  const kinds = new Map(opts.kinds.map((k) => [k.kind, k]));
  const claimMs = opts.claimMs ?? MAIL_BATCH_CLAIM_MS;
  const result: SendDueBatchesResult = { sent: 0, skipped: 0, postponed: 0, failed: 0 };
  for (let i = 0; i < (opts.perRun ?? MAIL_BATCHES_PER_RUN); i++) {
    const now = deps.now();
    const found = await deps.mailBatches.nextDue(now, [...kinds.keys()]);
    if (!found) break;
    const kind = kinds.get(found.kind)!;
    if (found.state !== 'sending') {
      const key = { kind: found.kind, recipientId: found.recipientId, subjectKey: found.subjectKey };
      const last = await deps.mailBatches.lastSentAfter(key, new Date(now.getTime() - kind.windowMs));
      if (last) {
        if (await deps.mailBatches.postpone(found, new Date(last.getTime() + kind.windowMs))) result.postponed += 1;
        continue;
      }
    }
    const batch = await deps.mailBatches.claim(found, now, claimMs);
    if (!batch) continue; // another sender took it
    const outcome = await sendOne(deps, kind, batch, opts);
    result[outcome] += 1;
    if (outcome === 'failed') break;
  }
  return result;
}

async function sendOne(deps: Deps, kind: MailBatchKind<unknown>, batch: MailBatchDoc, opts: SendDueBatchesOptions): Promise<'sent' | 'skipped' | 'failed'> {
  const log = { batchId: batch._id, kind: batch.kind, subjectKey: batch.subjectKey, items: batch.itemCount, attempt: batch.attempts };
  try {
    const to = await recipientOf(deps, batch.recipientId);
    if (typeof to === 'string') {
      await deps.mailBatches.finish(batch._id, 'skipped', deps.now(), SKIP_REASONS[to]);
      deps.logger.info({ ...log, outcome: to }, 'mail batch skipped: nobody to write to');
      return 'skipped';
    }
    const items = (await deps.mailBatches.listItems(batch._id, MAIL_BATCH_LISTED_MAX)).map((i) => kind.itemSchema.parse(i.data));
    const mail = kind.render({
      recipient: to,
      subjectKey: batch.subjectKey,
      items,
      total: batch.itemCount,
      messageId: mailBatchMessageId(batch.kind, batch._id, deps.config.PUBLIC_URL),
      publicUrl: deps.config.PUBLIC_URL,
      batchId: batch._id,
    });
    await deps.mailer.send(mail);
  } catch (err) {
    const backoff = opts.backoffMs ?? MAIL_BATCH_BACKOFF_MS;
    const last = batch.attempts >= (opts.maxAttempts ?? MAIL_BATCH_MAX_ATTEMPTS);
    const retryAt = last ? null : new Date(deps.now().getTime() + (backoff[Math.min(batch.attempts - 1, backoff.length - 1)] ?? 60_000));
    await deps.mailBatches.release(batch._id, batch.claimId!, retryAt, String(err));
    if (retryAt) deps.logger.warn({ ...log, err: String(err), retryAt }, 'mail batch not sent; will retry');
    else deps.logger.error({ ...log, err: String(err) }, 'mail batch failed after its last attempt; kept as failed');
    return 'failed';
  }
  await markSent(deps, batch._id, opts.claimMs ?? MAIL_BATCH_CLAIM_MS);
  deps.logger.info(log, 'mail batch sent');
  return 'sent';
}

/**
 * The mail went out: marks its batch sent, trying again while MongoDB does not answer (a restart takes seconds) for up
 * to half the claim's lease. Giving up at once would leave the batch `sending` until its lease ran out, and the sender
 * that takes it over would mail it a second time (the chaos suite saw this when mongod was killed). Past that bound the
 * error is thrown, and the batch is sent again after its lease, with the same Message-ID.
 */
async function markSent(deps: Deps, batchId: string, claimMs: number): Promise<void> {
  const deadline = Date.now() + claimMs / 2;
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 2_000)) {
    try {
      await deps.mailBatches.finish(batchId, 'sent', deps.now());
      return;
    } catch (err) {
      if (Date.now() + waitMs > deadline) throw err;
      deps.logger.warn({ batchId, err: String(err), retryInMs: waitMs }, 'mail batch sent but not yet marked sent; trying again');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
