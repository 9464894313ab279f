import { randomUUID } from 'node:crypto';
import type { MailBatchDoc } from '../src/data/mail-batches-repository.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';
import { REPLY_NOTICE_KIND } from '../src/use-cases/reply-notices.ts';
import { waitForMailBatches } from './mail-test-kit.ts';

/** The data of a forum.reply-created event: `replier` answered a post of `author` (a new post unless `postId` is given). */
export function replyEventData(author: { id: string }, replier: { id: string; username: string }, post: { title: string; excerpt: string; postId?: string }) {
  return { replyId: randomUUID(), postId: post.postId ?? randomUUID(), userId: replier.id, username: replier.username, postUserId: author.id, postTitle: post.title, excerpt: post.excerpt };
}

/** The reply-notice batches of one post's author, oldest first. */
export const replyBatches = (deps: Pick<CommsDeps, 'mailBatches'>, authorId: string, postId: string) =>
  deps.mailBatches.listByKey({ kind: REPLY_NOTICE_KIND, recipientId: authorId, subjectKey: postId });

/** Waits (bounded) until the batches of a post's author satisfy `check` (the consumer appends after the publish). */
export const waitForBatches = (deps: Pick<CommsDeps, 'mailBatches'>, authorId: string, postId: string, check: (batches: MailBatchDoc[]) => boolean, timeoutMs = 20_000) =>
  waitForMailBatches(deps, { kind: REPLY_NOTICE_KIND, recipientId: authorId, subjectKey: postId }, check, timeoutMs);
