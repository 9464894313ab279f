import { randomUUID } from 'node:crypto';
import { createLogger, createMailer, type Mail, type Mailer } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { call, newUser } from '../../identity/test/helpers.ts';
import type { MailBatchDoc } from '../src/data/mail-batches-repository.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';
import { REPLY_NOTICE_KIND } from '../src/use-cases/reply-notices.ts';

/** A new user registered at the identity service under test: the author or the replier of a reply notice. */
export async function registerUser(identityBase: string): Promise<{ id: string; email: string; username: string }> {
  const user = newUser();
  const res = await call(identityBase, 'POST', '/api/register', { body: user });
  return { id: res.body.id as string, email: user.email, username: user.username };
}

/** The data of a forum.reply-created event: `replier` answered a post of `author` (a new post unless `postId` is given). */
export function replyEventData(author: { id: string }, replier: { id: string; username: string }, post: { title: string; excerpt: string; postId?: string }) {
  return { replyId: randomUUID(), postId: post.postId ?? randomUUID(), userId: replier.id, username: replier.username, postUserId: author.id, postTitle: post.title, excerpt: post.excerpt };
}

/** A clock the test moves (the service's `now` and its jobs' clock). */
export function movableClock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), ms: () => t, advance: (ms: number) => (t += ms) };
}

/** A mailer that records every mail it is given before handing it to `inner` (which may fail). */
export function recordingMailer(inner: () => Mailer) {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send: (m: Mail) => {
      sent.push(m);
      return inner().send(m);
    },
    close: () => {},
  };
  return { mailer, sent, to: (address: string) => sent.filter((m) => m.to === address) };
}

/**
 * What a comms mail test works with: the test infrastructure's settings, a silent logger named for the test, the SMTP
 * catcher's mailbox, a mailer to the catcher (`working`, closed by the test) and a recording mailer in front of it.
 */
export function mailTestKit(name: string) {
  const env = testEnv();
  const logger = createLogger(name, 'silent');
  const working = createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' }, logger);
  return { env, logger, box: mailbox(env), working, recorded: recordingMailer(() => working) };
}

/** The reply-notice batches of one post's author, oldest first. */
export const replyBatches = (deps: Pick<CommsDeps, 'mailBatches'>, authorId: string, postId: string) =>
  deps.mailBatches.listByKey({ kind: REPLY_NOTICE_KIND, recipientId: authorId, subjectKey: postId });

/** Waits (bounded) until the batches of a post's author satisfy `check` (the consumer appends after the publish). */
export async function waitForBatches(deps: Pick<CommsDeps, 'mailBatches'>, authorId: string, postId: string, check: (batches: MailBatchDoc[]) => boolean, timeoutMs = 20_000): Promise<MailBatchDoc[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batches = await replyBatches(deps, authorId, postId);
    if (check(batches)) return batches;
    if (Date.now() > deadline) throw new Error(`batches not as expected within ${timeoutMs} ms: ${JSON.stringify(batches)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
