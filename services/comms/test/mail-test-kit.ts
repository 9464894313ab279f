/**
 * What every comms mail test shares, so each test file states only its own cases: the SMTP catcher and a mailer to it
 * (or to a mail server that is down), a recording mailer in front, and comms itself on the real MongoDB and NATS with
 * the consumers under test, started before the file's tests and stopped after them.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventStream } from '@cp/contracts';
import {
  connectMongo,
  connectNats,
  consumerBacklog,
  consumerLanes,
  createLogger,
  createMailer,
  DEAD_LETTER_STREAM,
  deadLetterSubject,
  ensureStream,
  listen,
  OutboxRelay,
  streamMessages,
  type DeclaredConsumer,
  type LeasedJob,
  type Mail,
  type Mailer,
  type NatsHandle,
  type RunningServer,
} from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { call, newUser, startIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildCommsApp, type CommsAppInput } from '../src/app.ts';
import { identityAccountMailLinks } from '../src/data/account-mail-links.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { startMailBatchSender } from '../src/jobs/send-mail-batches.ts';
import type { MailBatchDoc } from '../src/data/mail-batches-repository.ts';
import type { CommsConsumerDeps, CommsDeps } from '../src/use-cases/deps.ts';

/**
 * A new user registered at the identity service under test (the author or the replier of a reply notice), who verified
 * their address unless `verified` is false (comms mails nobody else: issue 41). The verification is identity's own
 * record of it (its repository, as `newAdminSession` sets the role): the link's round trip is identity's and
 * account-mails' tests.
 */
export async function registerUser(identity: IdentityHarness, { verified = true } = {}): Promise<{ id: string; email: string; username: string; cookie: string }> {
  const user = newUser();
  const res = await call(identity.base, 'POST', '/api/register', { body: user });
  if (res.status !== 201 || !res.cookie) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.id as string;
  if (verified) await identity.deps.users.markVerified(id, new Date());
  return { id, email: user.email, username: user.username, cookie: res.cookie };
}

/** A clock the test moves (the service's `now` and its jobs' clock). */
export function movableClock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), ms: () => t, advance: (ms: number) => (t += ms) };
}

/** The site's public origin in every comms test: the links in the mails start with it. */
export const PUBLIC_URL = 'http://localhost:8080';

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
 * catcher's mailbox, a mailer to the catcher (`working`) and one to a closed port (`refused`: every send fails like a
 * mail server that is down), and a recording mailer in front of whichever `mailServer` says is current (the catcher
 * unless a test takes it down). `close()` closes both mailers.
 */
export function mailTestKit(name: string) {
  const env = testEnv();
  const logger = createLogger(name, 'silent');
  const smtp = (port: number) => createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: port, SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' }, logger);
  const working = smtp(Number(env.SMTP_PORT));
  const refused = smtp(1); // nothing listens on port 1
  let current: Mailer = working;
  const mailServer = {
    down: () => void (current = refused),
    up: () => void (current = working),
  };
  const close = () => {
    working.close();
    refused.close();
  };
  return { env, logger, box: mailbox(env), working, refused, mailServer, recorded: recordingMailer(() => current), close };
}
export type MailTestKit = ReturnType<typeof mailTestKit>;

/** Polls `check` every 200 ms until it holds or `boundMs` passed; its last answer. */
export async function eventually(check: () => Promise<boolean>, boundMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

/** How many events of one type in `stream` (a service's, e.g. EVENTS_COMMS) have data that matches. */
export async function published(nats: NatsHandle, stream: string, type: string, match: (data: Record<string, unknown>) => boolean): Promise<number> {
  let n = 0;
  for (const m of await streamMessages(nats.jsm, stream)) {
    const e = m.json<{ type: string; data: Record<string, unknown> }>();
    if (e.type === type && match(e.data)) n += 1;
  }
  return n;
}

/** Waits (bounded) until the batches of one kind, recipient and subject satisfy `check` (a consumer appends after the publish). */
export async function waitForMailBatches(
  deps: Pick<CommsDeps, 'mailBatches'>,
  key: { kind: string; recipientId: string; subjectKey: string },
  check: (batches: MailBatchDoc[]) => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<MailBatchDoc[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batches = await deps.mailBatches.listByKey(key);
    if (await check(batches)) return batches;
    if (Date.now() > deadline) throw new Error(`batches not as expected within ${timeoutMs} ms: ${JSON.stringify(batches)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What comms talks to in a test: the identity it asks for users' addresses, and a NATS connection when it brings one. */
export interface Upstream {
  identityBase: string;
  nats?: NatsHandle;
  close(): Promise<void>;
}

export interface CommsUnderTestOptions<U extends Upstream> {
  /** Its own identity by default (`upstream.identity`); a test of another service gives that one (its NATS is then used). */
  upstream?: () => Promise<U>;
  /** No upstream at all: nobody's address is ever asked for (users' lookups go to a closed port). */
  noUpstream?: boolean;
  /** The services whose streams comms reads here (made when missing). */
  streams: string[];
  /** The consumers under test, each started `replicas` times on one durable of this file's own. */
  consumers?: Array<DeclaredConsumer<CommsConsumerDeps>>;
  replicas?: number;
  /** The consumers' retry backoff (short: a test never waits long for a redelivery). */
  backoffMs?: number[];
  /** comms' settings beyond CONTACT_INBOX and PUBLIC_URL (the defaults: ops@example.com, PUBLIC_URL). */
  config?: Partial<CommsAppInput['config']>;
  now?: () => Date;
  /** Serve comms' HTTP routes (`base`). */
  serve?: boolean;
  /** Relay an outbox to NATS: comms' own (`true`), or the upstream's whose connection this gives (identity's events). */
  relay?: true | ((upstream: U) => Connection);
}

export interface CommsUnderTest<U extends Upstream> {
  upstream: U;
  conn: Connection;
  nats: NatsHandle;
  deps: CommsDeps;
  /** comms' HTTP origin (with `serve`). */
  base: string;
  /** The durable a consumer under test runs on in this file. */
  durable(consumer: DeclaredConsumer<CommsConsumerDeps>): string;
  /** Waits (bounded) until the consumer under test holds nothing pending or unacknowledged. */
  drained(consumer: DeclaredConsumer<CommsConsumerDeps>): Promise<void>;
  /** The dead letters of a consumer under test. */
  deadLetters(consumer: DeclaredConsumer<CommsConsumerDeps>): ReturnType<typeof streamMessages>;
  /** A mail-batch sender as main starts it (period an hour: it ticks when the test says), stopped after the test. */
  sender(opts?: { holder?: string; backoffMs?: number[]; maxAttempts?: number }): LeasedJob;
}

/**
 * comms on the real MongoDB (a database of its own) and NATS for one test file, with `kit`'s recording mailer: built
 * as main builds it, the consumers under test started (before all the file's tests), everything stopped and dropped
 * after them; the senders a test asked for are stopped after each test and the mail server is up again.
 */
export function commsUnderTest<U extends Upstream = Upstream & { identity: IdentityHarness }>(kit: MailTestKit, opts: CommsUnderTestOptions<U>): CommsUnderTest<U> {
  const tag = randomUUID().slice(0, 8);
  const durables = new Map<DeclaredConsumer<CommsConsumerDeps>, string>();
  const stoppers: Array<{ stop(): Promise<void> }> = [];
  const senders: LeasedJob[] = [];
  let ownNats: NatsHandle | undefined;
  let server: RunningServer | undefined;
  let relay: OutboxRelay | undefined;
  const durable = (consumer: DeclaredConsumer<CommsConsumerDeps>) => {
    const name = durables.get(consumer);
    if (!name) throw new Error(`${consumer.durable} is not a consumer under test here`);
    return name;
  };
  const h = {
    durable,
    drained: (consumer) =>
      until(`${consumer.durable} has handled every event`, async () => {
        // Summed over the consumer's lanes (one JetStream durable per event when it reads several).
        const { pending, ackPending } = await consumerBacklog(h.nats.jsm, eventStream(consumer.source).name, durable(consumer));
        return pending === 0 && ackPending === 0;
      }),
    async deadLetters(consumer) {
      const subject = deadLetterSubject(eventStream(consumer.source).name, durable(consumer));
      return (await streamMessages(h.nats.jsm, DEAD_LETTER_STREAM)).filter((m) => m.subject === subject);
    },
    sender(o = {}) {
      const job = startMailBatchSender(h.deps, { everyMs: 3_600_000, ...o });
      senders.push(job);
      return job;
    },
  } as CommsUnderTest<U>;

  beforeAll(async () => {
    const start = opts.upstream ?? (async () => {
      const identity = await startIdentity();
      return { identity, identityBase: identity.base, close: () => identity.close() } as unknown as U;
    });
    if (!opts.noUpstream) h.upstream = await start();
    h.conn = await connectMongo(kit.env.MONGO_URL, `comms_${tag}`);
    h.nats = h.upstream?.nats ?? (ownNats = await connectNats({ url: kit.env.NATS_URL, name: `comms-test-${tag}`, logger: kit.logger }));
    for (const source of opts.streams) await ensureStream(h.nats.jsm, source);
    const identityBase = h.upstream?.identityBase ?? 'http://127.0.0.1:1';
    const built = await buildCommsApp({
      conn: h.conn,
      mailer: kit.recorded.mailer,
      users: identityUserDirectory(identityBase),
      logger: kit.logger,
      config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL, ...opts.config },
      ...(opts.now ? { now: opts.now } : {}),
    });
    h.deps = built.deps;
    const consumerDeps: CommsConsumerDeps = { ...built.deps, links: identityAccountMailLinks(identityBase) };
    for (const consumer of opts.consumers ?? []) {
      durables.set(consumer, `${consumer.durable}-test-${tag}`);
      for (let i = 0; i < (opts.replicas ?? 1); i++) stoppers.push(await consumer.start(consumerDeps, h.nats, { durable: durable(consumer), backoffMs: opts.backoffMs ?? [200] }));
    }
    if (opts.relay) {
      relay = new OutboxRelay({ connection: opts.relay === true ? h.conn : opts.relay(h.upstream), js: h.nats.js, logger: kit.logger, pollIntervalMs: 200 });
      relay.start();
    }
    if (opts.serve) {
      server = await listen(built.app, 0, '127.0.0.1', kit.logger);
      h.base = `http://127.0.0.1:${server.port}`;
    }
  });
  afterEach(async () => {
    kit.mailServer.up();
    // Each stopped sender gives the job's lease up: the next test's sender takes it at once.
    await Promise.all(senders.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await server?.close();
    for (const s of stoppers) await s.stop();
    await relay?.stop();
    for (const [consumer, name] of durables) {
      // Its JetStream durable, or one per event it reads (consumerLanes).
      const stream = eventStream(consumer.source).name;
      for (const { name: lane } of consumerLanes(name, consumer.handlers(h.deps as CommsConsumerDeps).map((x) => x.def))) await h.nats?.jsm.consumers.delete(stream, lane).catch(() => undefined);
    }
    await ownNats?.close();
    await h.conn?.dropDatabase();
    await h.conn?.close();
    await h.upstream?.close();
    kit.close();
  });
  return h;
}
