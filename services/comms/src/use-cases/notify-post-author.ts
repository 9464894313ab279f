import { escapeHtml, type Mail } from '@cp/service-kit';
import type { ForumReplyCreated } from '@cp/contracts';
import type { z } from 'zod';
import type { CommsDeps } from './deps.ts';

type ReplyCreated = z.output<(typeof ForumReplyCreated)['data']>;

/**
 * How long a `sending` claim holds before another delivery of the event may take it over (its sender is taken for
 * dead). Longer than a live send can last (the kit's mailer gives up after 10 s without a connection or greeting and
 * 20 s of silence), shorter than the consumer keeps redelivering (backoff 1, 5, 15, 30, 60 s; 8 deliveries).
 */
export const REPLY_NOTICE_LEASE_MS = 90_000;

/** A delivery found another sender's claim, younger than the lease: thrown so the consumer redelivers later. */
export class ReplyNoticeInFlight extends Error {
  constructor(replyId: string) {
    super(`the notice of reply ${replyId} is being sent by another delivery`);
    this.name = 'ReplyNoticeInFlight';
  }
}

/** The notice's Message-ID: the same for every attempt of one reply, so a receiver can drop a second copy. */
export function replyNoticeMessageId(replyId: string, publicUrl: string): string {
  return `<reply-notice.${replyId}@${new URL(publicUrl).hostname}>`;
}

/** The notice: who replied, the start of the reply, a link to the post. */
export function replyNoticeMail(to: string, name: string, reply: ReplyCreated, publicUrl: string): Mail {
  const link = new URL(`/forum/post/${encodeURIComponent(reply.postId)}`, publicUrl).toString();
  const quote = reply.excerpt.length < 200 ? reply.excerpt : `${reply.excerpt}…`;
  return {
    to,
    subject: `${reply.username} replied to "${reply.postTitle}"`,
    text: `Hello ${name},\n\n${reply.username} replied to your post "${reply.postTitle}":\n\n${quote}\n\nRead the whole conversation: ${link}\n\nCentral PA Desi Community`,
    html: `<p>Hello ${escapeHtml(name)},</p><p><strong>${escapeHtml(reply.username)}</strong> replied to your post "${escapeHtml(reply.postTitle)}":</p><blockquote>${escapeHtml(quote)}</blockquote><p><a href="${escapeHtml(link)}">Read the whole conversation</a></p><p>Central PA Desi Community</p>`,
    messageId: replyNoticeMessageId(reply.replyId, publicUrl),
  };
}

/**
 * forum.reply-created → the post's author gets one e-mail. Never the replier about their own reply. The notice is
 * claimed (committed) before the mail goes out and marked sent after, so a second delivery of the event — a
 * redelivery, or the consumer restarting after the mail — sends nothing again. A sender that dies between its claim
 * and the mail server's answer leaves a `sending` claim: a delivery that finds it younger than the lease throws
 * (ReplyNoticeInFlight, redelivered later), one that finds it older takes it over and sends. Every attempt carries
 * the same Message-ID. Returns what happened, for logs and tests.
 */
export async function notifyPostAuthor(deps: CommsDeps, reply: ReplyCreated): Promise<'sent' | 'own-reply' | 'already' | 'no-address'> {
  if (reply.userId === reply.postUserId) return 'own-reply';
  // Who to write to first: a failure here (identity down) is retried before anything is claimed.
  const author = await deps.users.contact(reply.postUserId);
  const claimedAt = deps.now();
  const claim = await deps.replyNotices.claim(reply.replyId, reply.postId, claimedAt, REPLY_NOTICE_LEASE_MS);
  if (claim === 'done') return 'already';
  if (claim === 'in-flight') throw new ReplyNoticeInFlight(reply.replyId);
  if (!author?.email) {
    await deps.replyNotices.finish(reply.replyId, 'skipped', deps.now(), author ? 'no e-mail address' : 'author not found');
    return 'no-address';
  }
  try {
    await deps.mailer.send(replyNoticeMail(author.email, author.firstName || author.username, reply, deps.config.PUBLIC_URL));
  } catch (err) {
    // Not sent: give the claim back so the redelivery tries again at once.
    await deps.replyNotices.release(reply.replyId, claimedAt);
    throw err;
  }
  await deps.replyNotices.finish(reply.replyId, 'sent', deps.now());
  return 'sent';
}
