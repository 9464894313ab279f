import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { eventStream, ForumReplyCreated } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, createMailer, ensureStream, publishEvent, runInTransaction, type LeasedJob, type NatsHandle } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { movableClock, recordingMailer, registerUser } from './mail-test-kit.ts';
import { replyEventData, waitForBatches } from './reply-notice-helpers.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { startMailBatchSender } from '../src/jobs/send-mail-batches.ts';
import { mailBatchMessageId } from '../src/use-cases/mail-batch-kind.ts';
import { queueReplyNotice } from '../src/use-cases/reply-notices.ts';
import { MAIL_BATCH_CLAIM_MS } from '../src/use-cases/send-due-batches.ts';

const FIXTURE = path.join(__dirname, 'fixtures', 'reply-notices-service.ts');
const PUBLIC_URL = 'http://localhost:8080';
const env = testEnv();
const logger = createLogger('reply-notices-restart-test', 'silent');
const box = mailbox(env);
const smtp = { SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' };

/**
 * An SMTP server that takes a whole message and then never answers it: the sender is left waiting for the "250" that
 * says the mail was accepted. Resolves `held` with the raw message once the final "." arrived.
 */
function stallingSmtp() {
  const sockets = new Set<net.Socket>();
  let onHeld: (raw: string) => void = () => {};
  const held = new Promise<string>((resolve) => (onHeld = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let data: string | null = null;
    socket.write('220 stall.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (data !== null) {
        data += buffer;
        buffer = '';
        if (data.includes('\r\n.\r\n')) onHeld(data); // and no answer, ever
        return;
      }
      let end: number;
      while (data === null && (end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 stall.test\r\n');
        else if (line.startsWith('MAIL') || line.startsWith('RCPT') || line.startsWith('RSET') || line.startsWith('NOOP')) socket.write('250 OK\r\n');
        else if (line.startsWith('DATA')) {
          socket.write('354 go ahead\r\n');
          data = buffer;
          buffer = '';
          if (data.includes('\r\n.\r\n')) onHeld(data);
        } else socket.write('502 not here\r\n');
      }
    });
  });
  return {
    held,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Resolves with the first match of `pattern` in the process's output (bounded). */
function waitForOutput(child: ChildProcess, pattern: RegExp, output: { text: string }): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within 30 s:\n${output.text}`)), 30_000);
    const check = () => {
      const m = pattern.exec(output.text);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(m);
      }
    };
    child.stdout!.on('data', check);
    check();
  });
}

let identity: IdentityHarness;
let conn: Connection;
let nats: NatsHandle;
const dbName = `comms_restart_${randomUUID().slice(0, 8)}`;
const durable = `reply-notices-restart-${randomUUID().slice(0, 8)}`;
const mailer = createMailer(smtp, logger);
const senders: LeasedJob[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, dbName);
  nats = await connectNats({ url: env.NATS_URL, name: 'reply-notices-restart-test', logger });
  await ensureStream(nats.jsm, 'forum');
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
});
/** `promise`, or nothing after `ms`: a clean-up step that may wait on what the killed process left behind. */
const atMost = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

afterAll(async () => {
  await atMost(nats?.jsm.consumers.delete(eventStream('forum').name, durable) ?? Promise.resolve(), 10_000);
  await atMost(nats?.close() ?? Promise.resolve(), 10_000);
  // The SIGKILLed process may have died inside a transaction: its locks last until MongoDB aborts it (60 s), and
  // dropping the database waits for them. The test's database is left then (the test MongoDB is thrown away).
  await atMost(conn?.dropDatabase() ?? Promise.resolve(), 10_000);
  await atMost(conn?.close(true) ?? Promise.resolve(), 10_000);
  await identity?.close();
  mailer.close();
}, 90_000);

const register = () => registerUser(identity);

const replyEvent = (author: { id: string }, replier: { id: string; username: string }) =>
  replyEventData(author, replier, { title: 'Diwali potluck in Camp Hill', excerpt: 'I will bring samosas for twenty.' });

/** comms as main builds it on the test's database, with a recording mailer and the given clock; its sender ticks when told. */
async function comms(now: () => Date, holder: string) {
  const recorded = recordingMailer(() => mailer);
  const { deps } = await buildCommsApp({ conn, mailer: recorded.mailer, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL }, now });
  const job = startMailBatchSender(deps, { everyMs: 3_600_000, holder });
  senders.push(job);
  return { deps, job, sent: recorded.sent };
}

describe('a batch whose sender died mid-way', () => {
  it('is left alone while the claim is younger than the lease, then taken over and sent, with one Message-ID', async () => {
    const clock = movableClock();
    const { deps, job, sent } = await comms(clock.now, 'next');
    const author = await register();
    const data = replyEvent(author, await register());
    await runInTransaction(deps.conn, (session) => queueReplyNotice(deps, data, session));
    const [open] = await waitForBatches(deps, author.id, data.postId, (b) => b.length === 1);
    clock.advance(deps.config.REPLY_NOTICE_WINDOW_S * 1000);
    // A sender claimed the batch and died before the mail server answered.
    expect(await deps.mailBatches.claim(open!, clock.now(), MAIL_BATCH_CLAIM_MS)).toMatchObject({ state: 'sending', attempts: 1 });

    clock.advance(MAIL_BATCH_CLAIM_MS - 1);
    await job.tick();
    expect(sent).toHaveLength(0);
    expect((await deps.mailBatches.find(open!._id))?.state).toBe('sending');

    clock.advance(1);
    await job.tick();
    await job.tick();
    expect(sent.map((m) => m.messageId)).toEqual([mailBatchMessageId('reply-notice', open!._id, PUBLIC_URL)]);
    expect(sent[0]!.messageId).toBe(`<reply-notice.${open!._id}@localhost>`);
    expect(await deps.mailBatches.find(open!._id)).toMatchObject({ state: 'sent', attempts: 2 });
    await box.waitFor(author.email);
    expect((await box.list(author.email)).length).toBe(1);
  });

  it('after the comms process is killed while the mail server holds its mail, the next sender sends exactly one', async () => {
    const author = await register();
    const data = replyEvent(author, await register());
    const stalling = stallingSmtp();
    const stallPort = await stalling.listen();
    const output = { text: '' };
    const child = spawn(process.execPath, [FIXTURE], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        MONGO_URL: env.MONGO_URL,
        MONGO_DB: dbName,
        NATS_URL: env.NATS_URL,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(stallPort),
        CONTACT_INBOX: 'ops@example.com',
        IDENTITY_URL: identity.base,
        JWT_PUBLIC_KEY: identity.keys.publicKey,
        PUBLIC_URL,
        REPLY_NOTICE_WINDOW_S: '1',
        REPLY_NOTICES_DURABLE: durable,
        SENDER_EVERY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close': after the exit and the last of its output.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdout!.on('data', (c: Buffer) => (output.text += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output.text += c.toString()));
    try {
      await waitForOutput(child, /^ready$/m, output);
      await publishEvent(nats.js, ForumReplyCreated, data);
      // The process batched the reply, its sender claimed the batch a second later and sent the whole mail; the
      // server has not said it accepted it. The process dies now, for good.
      const heldRaw = await stalling.held;
      expect(heldRaw).toContain(author.email);
      child.kill('SIGKILL');
      await exited;

      // The next comms replica: same database; its clock is past the dead process's job lease and batch claim.
      const { deps, job, sent } = await comms(() => new Date(Date.now() + 10 * 60_000), 'next');
      const [batch] = await waitForBatches(deps, author.id, data.postId, (b) => b.length === 1);
      expect(batch).toMatchObject({ state: 'sending', attempts: 1, itemCount: 1 });
      // The dead process may have died inside a transaction whose locks MongoDB keeps until it aborts it (60 s): the
      // next sender takes over once they are gone (bounded).
      await until('the next sender runs', () => job.tick(), 75_000);
      await job.tick();
      await box.waitFor(author.email);
      expect((await box.list(author.email)).length).toBe(1);
      expect(await deps.mailBatches.find(batch!._id)).toMatchObject({ state: 'sent', attempts: 2 });
      // The mail the dead sender left unanswered and the one sent are the same message to a receiver.
      const expectedId = mailBatchMessageId('reply-notice', batch!._id, PUBLIC_URL);
      expect(sent.map((m) => m.messageId)).toEqual([expectedId]);
      expect(heldRaw).toMatch(new RegExp(`^Message-ID: ${expectedId.replace(/[.]/g, '\\.')}\\r$`, 'im'));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await stalling.close();
    }
  }, 200_000);
});
