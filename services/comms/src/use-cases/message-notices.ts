import type { ClientSession } from 'mongoose';
import { z } from 'zod';
import {
  MESSAGE_MAIL_MESSAGES,
  MESSAGE_MAIL_UNSUBSCRIBE_PAGE,
  MESSAGE_MAIL_UNSUBSCRIBE_PATH,
  MessageMailUnsubscribeSchema,
  type ConversationRead,
  type MessageSent,
} from '@cp/contracts';
import { badRequest, escapeHtml, jsonObject, type UnsubscribeRequest } from '@cp/service-kit';
import { appendToBatch } from './append-to-batch.ts';
import type { CommsDeps } from './deps.ts';
import type { MailBatchKind } from './mail-batch-kind.ts';
import { oneClickUnsubscribe } from './mail-parts.ts';

type Sent = z.output<(typeof MessageSent)['data']>;
type Read = z.output<(typeof ConversationRead)['data']>;

export const MESSAGE_NOTICE_KIND = 'message-notice';

/** What an unread-message mail shows of each message: who wrote, about which listing. Never the text (not in the event). */
const MessageNoticeItemSchema = z.object({ messageId: z.string(), senderName: z.string().nullable(), listingTitle: z.string().nullable() });
type MessageNoticeItem = z.output<typeof MessageNoticeItemSchema>;

/**
 * Unread-message mails (issue 23 §5), batched per recipient and conversation: the first unread message opens a batch
 * due MESSAGE_NOTICE_DELAY_S later; the messages until then join it; reading the conversation drops it (skipped,
 * 'read'). One mail per burst: who wrote and how many, the listing, a link to the conversation, and a one-click
 * unsubscribe from these mails (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058; its token is the batch's id, known
 * only to that mail's recipient, good while the batch is kept: 30 days).
 */
export function messageNoticeKind(config: Pick<CommsDeps['config'], 'MESSAGE_NOTICE_DELAY_S'>): MailBatchKind<MessageNoticeItem> {
  return {
    kind: MESSAGE_NOTICE_KIND,
    windowMs: config.MESSAGE_NOTICE_DELAY_S * 1000,
    itemSchema: MessageNoticeItemSchema,
    render({ recipient, subjectKey, items, total, messageId, publicUrl, batchId }) {
      const link = new URL(`/messages/${encodeURIComponent(subjectKey)}`, publicUrl).toString();
      const oneClick = new URL(`${MESSAGE_MAIL_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(batchId)}`, publicUrl).toString();
      const page = new URL(`${MESSAGE_MAIL_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(batchId)}`, publicUrl).toString();
      const last = items.at(-1);
      const sender = last?.senderName ?? 'A neighbour';
      const about = last?.listingTitle ? ` about "${last.listingTitle}"` : '';
      const what = total === 1 ? `${sender} sent you a message${about}` : `${sender} sent you ${total} messages${about}`;
      const subject = total === 1 ? `New message from ${sender}${about}` : `${total} new messages from ${sender}${about}`;
      return {
        to: recipient.email,
        subject,
        text:
          `Hello ${recipient.name},\n\n${what}. Read and answer on the site (your phone number and e-mail stay private):\n${link}\n\n` +
          `Central PA Desi Community\n\nStop e-mails about new messages: ${page}`,
        html:
          `<p>Hello ${escapeHtml(recipient.name)},</p><p>${escapeHtml(what)}. Read and answer on the site (your phone number and e-mail stay private):</p>` +
          `<p><a href="${escapeHtml(link)}">Open the conversation</a></p><p>Central PA Desi Community</p>` +
          `<p><a href="${escapeHtml(page)}">Stop e-mails about new messages</a></p>`,
        messageId,
        headers: oneClickUnsubscribe(oneClick),
      };
    },
  };
}

/**
 * messages.message-sent → the message joins the batch of its recipient's conversation (in the consumer's transaction),
 * unless the recipient stopped these mails. Returns what happened, for logs and tests.
 */
export async function queueMessageNotice(deps: CommsDeps, sent: Sent, session: ClientSession): Promise<'queued' | 'opted-out' | 'duplicate'> {
  if (await deps.messageMailOptOuts.has(sent.recipientId)) return 'opted-out';
  const { outcome } = await appendToBatch(
    deps,
    messageNoticeKind(deps.config),
    { recipientId: sent.recipientId, subjectKey: sent.conversationId, itemId: sent.messageId, item: { messageId: sent.messageId, senderName: sent.senderName ?? null, listingTitle: sent.listingTitle ?? null } },
    session,
  );
  return outcome === 'added' ? 'queued' : 'duplicate';
}

/** messages.conversation-read → the reader's waiting mail about that conversation is dropped: nothing is unread any more. */
export async function dropReadNotice(deps: CommsDeps, read: Read, session: ClientSession): Promise<boolean> {
  return deps.mailBatches.skipWaiting({ kind: MESSAGE_NOTICE_KIND, recipientId: read.readerId, subjectKey: read.conversationId }, 'read', deps.now(), session);
}

/**
 * POST MESSAGE_MAIL_UNSUBSCRIBE_PATH: the one-click form (token in the query) or the page's JSON `{ token }`. The token
 * is the id of an unread-message mail's batch: its recipient gets no more of these mails. Anything else: 400.
 */
export async function unsubscribeMessageMails(deps: CommsDeps, request: UnsubscribeRequest): Promise<{ message: string }> {
  const token = request.kind === 'one-click' ? (request.query as Record<string, unknown>).token : jsonObject(request.body).token;
  const parsed = MessageMailUnsubscribeSchema.safeParse({ token });
  const batch = parsed.success ? await deps.mailBatches.findById(parsed.data.token) : null;
  if (!batch || batch.kind !== MESSAGE_NOTICE_KIND) throw badRequest(MESSAGE_MAIL_MESSAGES.invalidLink);
  await deps.messageMailOptOuts.add(batch.recipientId, deps.now());
  return { message: MESSAGE_MAIL_MESSAGES.unsubscribed };
}

/** GET MESSAGE_MAIL_UNSUBSCRIBE_PATH (a mail client that opens the List-Unsubscribe link): the site's page, which asks first. */
export function messageMailUnsubscribePage(deps: CommsDeps, token: unknown): string {
  const url = new URL(MESSAGE_MAIL_UNSUBSCRIBE_PAGE, deps.config.PUBLIC_URL);
  if (typeof token === 'string' && token.length <= 100) url.searchParams.set('token', token);
  return url.toString();
}
