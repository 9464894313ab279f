import { NOTICES_DOMAIN, NoticeMailRequested } from '@cp/contracts';
import { defineConsumer } from '@cp/service-kit';
import { sendNoticeMail } from '../use-cases/notice-mails.ts';
import type { CommsDeps } from '../use-cases/deps.ts';
import { onOutcome } from './log-outcome.ts';

export const NOTICE_MAILS_DURABLE = 'comms-notice-mails';

/**
 * notices.mail-requested → the user's mail (sendNoticeMail), for any service that asks, including teams comms has never
 * heard of (issue 35). A durable consumer of the platform stream EVENTS_NOTICES (the kit's: once per event across
 * replicas, validated payloads, retries with backoff, dead letters after the last attempt).
 */
export const noticeMailsConsumer = defineConsumer<CommsDeps>({
  source: NOTICES_DOMAIN,
  durable: NOTICE_MAILS_DURABLE,
  handlers: (deps) => [
    onOutcome(NoticeMailRequested, deps, { what: 'notice mail', fields: ({ source, topic, noticeId, userId }) => ({ source, topic, noticeId, userId }) }, (event, ctx) => sendNoticeMail(deps, event.data, ctx.session)),
  ],
});
