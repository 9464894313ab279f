import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { Binary } from 'mongodb';
import type { Connection } from 'mongoose';
import { eventStream, ForumReplyCreated } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, createMailer, ensureStream, publishEvent, type Mail, type NatsHandle } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { registerUser, replyEventData } from './reply-notice-helpers.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { startReplyNotices } from '../src/events/reply-notices.ts';
import { notifyPostAuthor, REPLY_NOTICE_LEASE_MS, ReplyNoticeInFlight, replyNoticeMessageId } from '../src/use-cases/notify-post-author.ts';

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

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, dbName);
  nats = await connectNats({ url: env.NATS_URL, name: 'reply-notices-restart-test', logger });
  await ensureStream(nats.jsm, 'forum');
});
afterAll(async () => {
  await nats?.jsm.consumers.delete(eventStream('forum').name, durable).catch(() => undefined);
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  await identity?.close();
  mailer.close();
});

const register = () => registerUser(identity.base);

const replyEvent = (author: { id: string }, replier: { id: string; username: string }) =>
  replyEventData(author, replier, { title: 'Diwali potluck in Camp Hill', excerpt: 'I will bring samosas for twenty.' });

describe('a reply notice whose sender died mid-way', () => {
  it('is left alone while the claim is younger than the lease, then taken over and sent, with one Message-ID', async () => {
    let t = Date.now();
    const { deps } = await buildCommsApp({ conn, mailer, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL }, now: () => new Date(t) });
    const author = await register();
    const data = replyEvent(author, await register());
    // A sender claimed the notice and died before the mail server answered.
    expect(await deps.replyNotices.claim(data.replyId, data.postId, new Date(t), REPLY_NOTICE_LEASE_MS)).toBe('claimed');

    t += REPLY_NOTICE_LEASE_MS - 1;
    await expect(notifyPostAuthor(deps, data)).rejects.toBeInstanceOf(ReplyNoticeInFlight);
    expect((await deps.replyNotices.find(data.replyId))?.state).toBe('sending');

    t += 1;
    const sent: Mail[] = [];
    const recording = { ...deps, mailer: { send: (m: Mail) => (sent.push(m), mailer.send(m)), close: () => {} } };
    expect(await notifyPostAuthor(recording, data)).toBe('sent');
    expect(await notifyPostAuthor(recording, data)).toBe('already');
    expect(sent.map((m) => m.messageId)).toEqual([`<reply-notice.${data.replyId}@localhost>`]);
    expect(await deps.replyNotices.find(data.replyId)).toMatchObject({ state: 'sent', attempts: 2 });
    await box.waitFor(author.email);
    expect((await box.list(author.email)).length).toBe(1);
  });

  it('after the consumer process is killed while the mail server holds its mail, the next consumer sends exactly one', async () => {
    const author = await register();
    const data = replyEvent(author, await register());
    const stalling = stallingSmtp();
    const stallPort = await stalling.listen();
    const output = { text: '' };
    const child = spawn(process.execPath, [FIXTURE], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        MONGO_URL: `${env.MONGO_URL}${env.MONGO_URL.includes('?') ? '&' : '?'}monitorCommands=true`,
        MONGO_DB: dbName,
        NATS_URL: env.NATS_URL,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(stallPort),
        CONTACT_INBOX: 'ops@example.com',
        IDENTITY_URL: identity.base,
        PUBLIC_URL,
        REPLY_NOTICES_DURABLE: durable,
        ACK_WAIT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close': after the exit and the last of its output.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdout!.on('data', (c: Buffer) => (output.text += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output.text += c.toString()));
    let consumer: { stop(): Promise<void> } | undefined;
    try {
      await waitForOutput(child, /^ready$/m, output);
      await publishEvent(nats.js, ForumReplyCreated, data);
      // The whole mail went out; the server has not said it accepted it. The sender dies now, for good.
      const heldRaw = await stalling.held;
      expect(heldRaw).toContain(author.email);
      child.kill('SIGKILL');
      await exited;
      expect((await conn.collection('reply_notices').findOne({ _id: data.replyId as never }))?.state).toBe('sending');

      // Its open transactions (the consumer's "processed" record) would block the redelivery until MongoDB ends them
      // after transactionLifetimeLimitSeconds; end them now, as that cleanup does.
      const lsids = [...output.text.matchAll(/^txn ([0-9a-f]{32})$/gm)].map((m) => new Binary(Buffer.from(m[1]!, 'hex'), Binary.SUBTYPE_UUID));
      expect(lsids.length).toBeGreaterThan(0);
      await conn.getClient().db('admin').command({ killSessions: lsids.map((id) => ({ id })) });

      // The restarted consumer: same database, same durable; its clock is past the dead sender's lease.
      const sent: Mail[] = [];
      const recording = { send: (m: Mail) => (sent.push(m), mailer.send(m)), close: () => {} };
      const { deps } = await buildCommsApp({ conn, mailer: recording, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL }, now: () => new Date(Date.now() + REPLY_NOTICE_LEASE_MS) });
      consumer = await startReplyNotices(deps, nats, { durable, ackWaitMs: 2000, backoffMs: [200] });
      await box.waitFor(author.email);

      // Settled: the stream holds nothing more for this durable, nothing delivered is waiting for its ack.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const info = await nats.jsm.consumers.info(eventStream('forum').name, durable);
        if (info.num_pending === 0 && info.num_ack_pending === 0 && (await deps.replyNotices.find(data.replyId))?.state === 'sent') break;
        if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify({ pending: info.num_pending, ackPending: info.num_ack_pending })}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await box.list(author.email)).length).toBe(1);
      expect(await deps.replyNotices.find(data.replyId)).toMatchObject({ state: 'sent', attempts: 2 });
      // The mail the dead sender left unanswered and the one sent are the same message to a receiver.
      const expectedId = replyNoticeMessageId(data.replyId, PUBLIC_URL);
      expect(sent.map((m) => m.messageId)).toEqual([expectedId]);
      expect(heldRaw).toMatch(new RegExp(`^Message-ID: ${expectedId.replace(/[.]/g, '\\.')}\\r$`, 'im'));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await consumer?.stop();
      await stalling.close();
    }
  }, 120_000);
});
