import type { Mail } from '@cp/service-kit';
import type { ForumReplyCreated } from '@cp/contracts';
import type { z } from 'zod';
import type { CommsDeps } from './deps.ts';

type ReplyCreated = z.output<(typeof ForumReplyCreated)['data']>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The notice: who replied, the start of the reply, a link to the post. */
export function replyNoticeMail(to: string, name: string, reply: ReplyCreated, link: string): Mail {
  const quote = reply.excerpt.length < 200 ? reply.excerpt : `${reply.excerpt}…`;
  return {
    to,
    subject: `${reply.username} replied to "${reply.postTitle}"`,
    text: `Hello ${name},\n\n${reply.username} replied to your post "${reply.postTitle}":\n\n${quote}\n\nRead the whole conversation: ${link}\n\nCentral PA Desi Community`,
    html: `<p>Hello ${escapeHtml(name)},</p><p><strong>${escapeHtml(reply.username)}</strong> replied to your post "${escapeHtml(reply.postTitle)}":</p><blockquote>${escapeHtml(quote)}</blockquote><p><a href="${escapeHtml(link)}">Read the whole conversation</a></p><p>Central PA Desi Community</p>`,
  };
}

/**
 * forum.reply-created → the post's author gets one e-mail. Never the replier about their own reply. The notice is
 * claimed (committed) before the mail goes out and marked sent after, so a second delivery of the event — a
 * redelivery, or the consumer restarting mid-way — sends nothing again. A crash in the instant between the claim and
 * the mail server's answer leaves a `sending` notice that is not retried: at most one mail, never two. Returns what
 * happened, for logs and tests.
 */
export async function notifyPostAuthor(deps: CommsDeps, reply: ReplyCreated): Promise<'sent' | 'own-reply' | 'already' | 'no-address'> {
  if (reply.userId === reply.postUserId) return 'own-reply';
  // Who to write to first: a failure here (identity down) is retried before anything is claimed.
  const author = await deps.users.contact(reply.postUserId);
  if (!(await deps.replyNotices.claim(reply.replyId, reply.postId, deps.now()))) return 'already';
  if (!author?.email) {
    await deps.replyNotices.finish(reply.replyId, 'skipped', deps.now(), author ? 'no e-mail address' : 'author not found');
    return 'no-address';
  }
  const link = new URL(`/forum/post/${encodeURIComponent(reply.postId)}`, deps.config.PUBLIC_URL).toString();
  try {
    await deps.mailer.send(replyNoticeMail(author.email, author.firstName || author.username, reply, link));
  } catch (err) {
    // Not sent: release the claim so the redelivery tries again.
    await deps.replyNotices.model.deleteOne({ _id: reply.replyId, state: 'sending' }).exec();
    throw err;
  }
  await deps.replyNotices.finish(reply.replyId, 'sent', deps.now());
  return 'sent';
}
