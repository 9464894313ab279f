/**
 * The comms metrics of batched mails (issue 36 §1, "mail batches waiting"): per kind, the batches not yet mailed and
 * those past their time, read by the repository from the real MongoDB (what the `mail_batches_waiting` and
 * `mail_batches_overdue` gauges show at each scrape).
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, runInTransaction } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { MailBatchesRepository } from '../src/data/mail-batches-repository.ts';

let conn: Connection;
let repo: MailBatchesRepository;

beforeAll(async () => {
  conn = await connectMongo(testEnv().MONGO_URL, `comms_waiting_${randomUUID().slice(0, 8)}`);
  repo = new MailBatchesRepository(conn);
  await repo.init();
});

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

const append = (kind: string, recipientId: string, at: Date, windowMs: number) =>
  runInTransaction(conn, (session) => repo.append({ kind, recipientId, subjectKey: 'post-1' }, { id: randomUUID(), data: {} }, at, windowMs, session));

it('counts the batches waiting per kind, the overdue ones apart, and leaves out those done', async () => {
  const now = new Date('2026-12-02T12:00:00Z');
  expect(await repo.waitingByKind(now)).toEqual([]);
  const hour = 3_600_000;
  await append('reply-notice', 'u1', new Date(now.getTime() - 2 * hour), hour); // due an hour ago: overdue
  await append('reply-notice', 'u2', new Date(now.getTime() - 60_000), hour); // due in 59 minutes
  await append('reply-notice', 'u2', new Date(now.getTime() - 30_000), hour); // the same open batch: one batch
  await append('alert-digest', 'u3', now, hour);
  const done = await append('alert-digest', 'u4', new Date(now.getTime() - 3 * hour), hour);
  // Claimed by the sender, then sent: no longer waiting.
  const claimed = await repo.claim((await repo.findById(done.batchId!))!, now, 60_000);
  expect(claimed?.state).toBe('sending');
  await repo.finish(done.batchId!, 'sent', now);

  const rows = await repo.waitingByKind(now);
  expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
    { kind: 'alert-digest', waiting: 1, overdue: 0 },
    { kind: 'reply-notice', waiting: 2, overdue: 1 },
  ]);
});
