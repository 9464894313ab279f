import { randomUUID } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import { ContentRemoved, ForumReplyCreated, makeEvent } from '@cp/contracts';
import type { HandlerContext, Logger } from '@cp/service-kit';
import { onOutcome } from '../src/events/log-outcome.ts';

/** Every comms consumer logs its use case's outcome through onOutcome: one line, its level by the outcome. */

type Line = { level: string; fields: Record<string, unknown>; message: string };
function recordingLogger() {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push({ level, fields, message });
  return { logger: { info: at('info'), warn: at('warn'), debug: at('debug') } as unknown as Logger, lines };
}
const ctx = { session: {} as ClientSession, deliveryCount: 1 } satisfies HandlerContext;
const removal = () =>
  makeEvent(ContentRemoved, { caseId: randomUUID(), kind: 'listing', itemId: randomUUID(), authorId: randomUUID(), title: 'A title', path: '/listings/abc', reason: 'scam', note: null });

test('a mail sent is one info line with the outcome, the event id and the ids the consumer picks, never the rest', async () => {
  const { logger, lines } = recordingLogger();
  const event = removal();
  const handler = onOutcome(ContentRemoved, { logger }, { what: 'removal notice', fields: ({ caseId, authorId }) => ({ caseId, authorId }) }, async () => 'sent');
  await handler.handle(event, ctx);
  expect(lines).toEqual([{ level: 'info', message: 'removal notice', fields: { caseId: event.data.caseId, authorId: event.data.authorId, outcome: 'sent', eventId: event.id } }]);
});

test.each(['no-author', 'unknown-user', 'no-address'])('%s (nobody could be mailed) is a warning', async (outcome) => {
  const { logger, lines } = recordingLogger();
  await onOutcome(ContentRemoved, { logger }, { what: 'removal notice', fields: () => ({}) }, async () => outcome).handle(removal(), ctx);
  expect(lines.map((l) => [l.level, l.message, l.fields.outcome])).toEqual([['warn', 'removal notice: nobody to mail', outcome]]);
});

test('a consumer that only batches logs at debug; a failing use case logs nothing and fails the handler (the kit retries it)', async () => {
  const { logger, lines } = recordingLogger();
  const data = { replyId: randomUUID(), postId: randomUUID(), userId: randomUUID(), username: 'asha', postUserId: randomUUID(), postTitle: 'Cricket', excerpt: 'Count me in.' };
  const log = { what: 'reply notice', fields: ({ replyId }: { replyId: string }) => ({ replyId }), level: 'debug' as const };
  await onOutcome(ForumReplyCreated, { logger }, log, async () => 'queued').handle(makeEvent(ForumReplyCreated, data), ctx);
  expect(lines.map((l) => [l.level, l.fields.outcome, l.fields.replyId])).toEqual([['debug', 'queued', data.replyId]]);
  await expect(onOutcome(ForumReplyCreated, { logger }, log, async () => Promise.reject(new Error('mail server down'))).handle(makeEvent(ForumReplyCreated, data), ctx)).rejects.toThrow('mail server down');
  expect(lines).toHaveLength(1);
});
