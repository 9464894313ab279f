import { startLeasedJob, type LeasedJob } from '@cp/service-kit';
import type { CommsDeps } from '../use-cases/deps.ts';
import type { MailBatchKind } from '../use-cases/mail-batch-kind.ts';
import { replyNoticeKind } from '../use-cases/reply-notices.ts';
import { alertDigestKind } from '../use-cases/saved-search-alerts.ts';
import { messageNoticeKind } from '../use-cases/message-notices.ts';
import { sendDueBatches, type SendDueBatchesOptions } from '../use-cases/send-due-batches.ts';

/** The job's lease name: one sender across every comms replica (same database). */
export const MAIL_BATCH_JOB = 'comms-mail-batches';

/** Every kind of batched mail comms sends. A new kind (alert digests, unread-message mails) is added here. */
export function mailBatchKinds(deps: Pick<CommsDeps, 'config'>): MailBatchKind[] {
  return [replyNoticeKind(deps.config), alertDigestKind(deps.config), messageNoticeKind(deps.config)];
}

/** How often the sender looks for due batches: a quarter of the shortest window, from 1 s to 30 s. */
export function senderPeriodMs(kinds: MailBatchKind[]): number {
  const shortest = Math.min(...kinds.map((k) => k.windowMs));
  return Math.min(30_000, Math.max(1_000, Math.floor(shortest / 4)));
}

export interface MailBatchSenderOptions extends Omit<SendDueBatchesOptions, 'kinds'> {
  /** Default: senderPeriodMs of the kinds. */
  everyMs?: number;
  /** This replica's lease holder id (tests give two senders their own). */
  holder?: string;
}

/**
 * The batch sender: a periodic job on one comms replica at a time (the kit's leased job, `job_leases`), each run
 * mailing the batches that are due (sendDueBatches; its batch claims keep a batch from being mailed twice even if two
 * runs overlap). Stopped with the service (stop() waits for a running send and gives the lease up).
 */
export function startMailBatchSender(deps: CommsDeps, opts: MailBatchSenderOptions = {}): LeasedJob {
  const { everyMs, holder, ...sendOpts } = opts;
  const kinds = mailBatchKinds(deps);
  return startLeasedJob({
    conn: deps.conn,
    name: MAIL_BATCH_JOB,
    everyMs: everyMs ?? senderPeriodMs(kinds),
    logger: deps.logger,
    now: () => deps.now().getTime(),
    ...(holder ? { holder } : {}),
    run: async () => {
      const result = await sendDueBatches(deps, { ...sendOpts, kinds });
      if (result.sent + result.skipped + result.postponed + result.failed > 0) deps.logger.info(result, 'mail batches run');
    },
  });
}
