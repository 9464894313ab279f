import type { ClientSession } from 'mongoose';
import type { z } from 'zod';
import { ForumReplyCreated } from '@cp/contracts';
import { escapeHtml } from '@cp/service-kit';
import { appendToBatch } from './append-to-batch.ts';
import type { CommsDeps } from './deps.ts';
import type { MailBatchKind } from './mail-batch-kind.ts';

type ReplyCreated = z.output<(typeof ForumReplyCreated)['data']>;

/** What a reply notice lists of each reply: the event's fields (the contracts' schema, not a copy). */
const ReplyNoticeItemSchema = ForumReplyCreated.data.pick({ replyId: true, username: true, postTitle: true, excerpt: true });
type ReplyNoticeItem = z.output<typeof ReplyNoticeItemSchema>;

export const REPLY_NOTICE_KIND = 'reply-notice';

const quote = (excerpt: string) => (excerpt.length < 200 ? excerpt : `${excerpt}…`);

/**
 * Reply notices, batched: the replies to one post within REPLY_NOTICE_WINDOW_S of the first go to its author in one
 * mail (subject key: the post). One reply: who replied and the start of the reply; several: each (the first
 * MAIL_BATCH_LISTED_MAX) and how many more. Always a link to the post.
 */
export function replyNoticeKind(config: Pick<CommsDeps['config'], 'REPLY_NOTICE_WINDOW_S'>): MailBatchKind<ReplyNoticeItem> {
  return {
    kind: REPLY_NOTICE_KIND,
    windowMs: config.REPLY_NOTICE_WINDOW_S * 1000,
    itemSchema: ReplyNoticeItemSchema,
    render({ recipient, subjectKey, items, total, messageId, publicUrl }) {
      const link = new URL(`/forum/post/${encodeURIComponent(subjectKey)}`, publicUrl).toString();
      const title = items.at(-1)?.postTitle ?? '';
      const more = total - items.length;
      const footer = { text: `Read the whole conversation: ${link}\n\nCentral PA Desi Community`, html: `<p><a href="${escapeHtml(link)}">Read the whole conversation</a></p><p>Central PA Desi Community</p>` };
      const hello = { text: `Hello ${recipient.name},`, html: `<p>Hello ${escapeHtml(recipient.name)},</p>` };
      const only = items[0];
      if (total === 1 && only) {
        return {
          to: recipient.email,
          subject: `${only.username} replied to "${title}"`,
          text: `${hello.text}\n\n${only.username} replied to your post "${title}":\n\n${quote(only.excerpt)}\n\n${footer.text}`,
          html: `${hello.html}<p><strong>${escapeHtml(only.username)}</strong> replied to your post "${escapeHtml(title)}":</p><blockquote>${escapeHtml(quote(only.excerpt))}</blockquote>${footer.html}`,
          messageId,
        };
      }
      const moreText = more > 0 ? `\n\nand ${more} more ${more === 1 ? 'reply' : 'replies'}.` : '';
      return {
        to: recipient.email,
        subject: `${total} new replies to "${title}"`,
        text: `${hello.text}\n\n${total} new replies to your post "${title}":\n\n${items.map((i) => `${i.username}: ${quote(i.excerpt)}`).join('\n\n')}${moreText}\n\n${footer.text}`,
        html:
          `${hello.html}<p>${total} new replies to your post "${escapeHtml(title)}":</p><ul>` +
          items.map((i) => `<li><strong>${escapeHtml(i.username)}</strong>: ${escapeHtml(quote(i.excerpt))}</li>`).join('') +
          `</ul>${more > 0 ? `<p>and ${more} more ${more === 1 ? 'reply' : 'replies'}.</p>` : ''}${footer.html}`,
        messageId,
      };
    },
  };
}

/**
 * forum.reply-created → the reply joins the batch of notices to its post's author (in the consumer's transaction).
 * Never the replier about their own reply. Returns what happened, for logs and tests.
 */
export async function queueReplyNotice(deps: CommsDeps, reply: ReplyCreated, session: ClientSession): Promise<'queued' | 'own-reply' | 'duplicate'> {
  if (reply.userId === reply.postUserId) return 'own-reply';
  const { outcome } = await appendToBatch(
    deps,
    replyNoticeKind(deps.config),
    { recipientId: reply.postUserId, subjectKey: reply.postId, itemId: reply.replyId, item: { replyId: reply.replyId, username: reply.username, postTitle: reply.postTitle, excerpt: reply.excerpt } },
    session,
  );
  return outcome === 'added' ? 'queued' : 'duplicate';
}
