import { connect } from '@nats-io/transport-node';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import { eventStream } from '@cp/contracts';
import type { Logger } from 'pino';

export interface NatsHandle {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  close(): Promise<void>;
}

/** The stream where messages that will never be handled are kept for inspection. */
export const DEAD_LETTER_STREAM = 'DEAD_LETTERS';
export const deadLetterSubject = (stream: string, durable: string) => `deadletter.${stream}.${durable}`;

/**
 * Removes from a consumer's dead letters (deadLetterSubject(stream, durable)) the ones `drop` selects, looking at no
 * more than `max` of them (oldest first); returns how many it looked at and removed. Safe to repeat and to run in
 * several processes at once: a dead letter another one removed first is neither found nor counted.
 */
export async function removeDeadLetters(jsm: JetStreamManager, stream: string, durable: string, drop: (m: StoredMsg) => boolean, opts: { max?: number } = {}): Promise<{ scanned: number; removed: number }> {
  const subject = deadLetterSubject(stream, durable);
  const max = opts.max ?? 10_000;
  let scanned = 0;
  let removed = 0;
  for (let seq = 1; scanned < max; ) {
    // The next message of the subject from `seq` on (STREAM.MSG.GET's next_by_subj, NATS 2.9 and later; the client's
    // type lists only seq and last_by_subj): one request per dead letter, none for the rest of the stream.
    const m = await jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq, next_by_subj: subject } as unknown as { seq: number });
    if (!m) break;
    scanned += 1;
    seq = m.seq + 1;
    if (!drop(m)) continue;
    const gone = await jsm.streams.deleteMessage(DEAD_LETTER_STREAM, m.seq, false).catch((err: unknown) => {
      if (/not found/i.test(String(err))) return false; // removed by another process meanwhile
      throw err;
    });
    if (gone) removed += 1;
  }
  return { scanned, removed };
}

/**
 * The stream replicas chosen at connection (connectNats' `streamReplicas`), per JetStream manager: every stream a
 * process creates or updates through it (ensureStream) gets the same count, also the streams of other services it
 * makes when it starts first (listings and comms make the forum's), so a later update never flips the count back.
 */
const streamReplicasOf = new WeakMap<JetStreamManager, number>();

/**
 * Connects with endless reconnection (a service outlives NATS restarts; its outbox holds events meanwhile) and
 * logs connection changes. `streamReplicas` (default 1): the copies JetStream keeps of each stream ensureStream
 * creates through this connection (NATS_STREAM_REPLICAS; more than 1 needs a JetStream cluster).
 */
/**
 * NATS_URL as the client takes it: `nats://user:password@host:4222` (the platform's NATS credentials, issue 35 §3: only
 * their holders may publish, register among them), or several servers separated by commas. The servers without the
 * credentials (never logged with them), and the user and password (URL-decoded) of the first server that has them.
 */
export function natsServerOptions(url: string): { servers: string[]; user?: string; pass?: string } {
  const servers: string[] = [];
  let credentials: { user: string; pass: string } | undefined;
  const malformed = 'a NATS URL must be nats://host:port or nats://user:password@host:port (or tls://...)';
  for (const item of url.split(',').map((s) => s.trim()).filter(Boolean)) {
    let parsed: URL;
    try {
      parsed = new URL(item);
    } catch {
      throw new Error(malformed);
    }
    if (parsed.protocol !== 'nats:' && parsed.protocol !== 'tls:') throw new Error(malformed);
    if (parsed.username || parsed.password) {
      if (!parsed.username || !parsed.password) throw new Error(malformed);
      credentials ??= { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) };
    }
    servers.push(`${parsed.protocol}//${parsed.host}`);
  }
  return { servers, ...credentials };
}

/**
 * A plain NATS connection that reconnects for ever (every process of the site: a NATS restart is waited out).
 * `waitOnFirstConnect`: also wait for a NATS that is not up yet (a service, which needs it to start); without it the
 * first attempt's failure rejects (a caller that connects in the background retries itself).
 */
export function connectNatsClient(url: string, name: string, opts: { waitOnFirstConnect?: boolean } = {}): Promise<NatsConnection> {
  return connect({ ...natsServerOptions(url), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, reconnectJitter: 250, waitOnFirstConnect: opts.waitOnFirstConnect ?? false });
}

export async function connectNats(opts: { url: string; name: string; logger: Logger; streamReplicas?: number }): Promise<NatsHandle> {
  const streamReplicas = opts.streamReplicas ?? 1;
  if (!Number.isInteger(streamReplicas) || streamReplicas < 1 || streamReplicas > 5) throw new RangeError(`streamReplicas must be an integer from 1 to 5, got ${streamReplicas}`);
  const nc = await connectNatsClient(opts.url, opts.name, { waitOnFirstConnect: true });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') opts.logger.warn({ nats: s.type }, `nats ${s.type}`);
    }
  })();
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  streamReplicasOf.set(jsm, streamReplicas);
  return {
    nc,
    js,
    jsm,
    async close() {
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

/** What NATS answers while it is (re)starting or unreachable: worth another try, unlike a refused request. */
const UNAVAILABLE = new Set(['TimeoutError', 'NoResponders', 'JetStreamNotEnabled', 'ConnectionError', 'RequestError']);

/**
 * Runs a JetStream setup step (a stream's or consumer's creation) again while NATS does not answer, as when the service
 * starts during a NATS restart, with backoff up to `deadlineMs` (default 60 s); any other error, or the last one after
 * the deadline, is thrown. The step must be safe to repeat.
 */
export async function whileNatsUnavailable<T>(what: string, step: () => Promise<T>, opts: { logger?: Logger; deadlineMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (opts.deadlineMs ?? 60_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (err) {
      const name = (err as { name?: string }).name ?? '';
      if (!UNAVAILABLE.has(name) || Date.now() >= deadline) throw err;
      const waitMs = Math.min(250 * 2 ** (attempt - 1), 5_000, Math.max(deadline - Date.now(), 0));
      opts.logger?.warn({ err: String(err), attempt, retryInMs: waitMs }, `${what}: NATS does not answer, will retry`);
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

async function upsertStream(jsm: JetStreamManager, config: { name: string; subjects: string[]; max_age: number }, logger: Logger | undefined): Promise<void> {
  const num_replicas = streamReplicasOf.get(jsm) ?? 1;
  const full = { ...config, storage: StorageType.File, retention: RetentionPolicy.Limits, duplicate_window: nanos(2 * 60_000), num_replicas };
  await whileNatsUnavailable(
    `stream ${config.name}`,
    async () => {
      try {
        await jsm.streams.info(config.name);
        await jsm.streams.update(config.name, full);
      } catch (err) {
        if ((err as { name?: string }).name !== 'StreamNotFoundError' && !/stream not found/i.test(String(err))) throw err;
        await jsm.streams.add(full);
      }
    },
    logger ? { logger } : {},
  );
}

/**
 * Creates or updates a domain's stream (`EVENTS_<DOMAIN>`, subjects `events.<domain>.>`): file storage, a 2-minute
 * duplicate window for Nats-Msg-Id deduplication, 30 days of history, the replicas of its connection (connectNats'
 * `streamReplicas`). Also makes sure the dead-letter stream exists.
 * Waits (bounded) while NATS does not answer, logging each retry to `logger`.
 */
export async function ensureStream(jsm: JetStreamManager, domain: string, logger?: Logger): Promise<string> {
  const { name, subjects } = eventStream(domain);
  await upsertStream(jsm, { name, subjects, max_age: nanos(30 * 24 * 60 * 60_000) }, logger);
  await upsertStream(jsm, { name: DEAD_LETTER_STREAM, subjects: ['deadletter.>'], max_age: nanos(90 * 24 * 60 * 60_000) }, logger);
  return name;
}

export function natsReadiness(nc: NatsConnection) {
  return {
    name: 'nats',
    async check() {
      if (nc.isClosed()) throw new Error('connection closed');
      await nc.rtt();
    },
  };
}

/**
 * Every message a stream holds, in stream order (messages deleted in between are skipped). For inspection: tests, the
 * bench and operators, never a consumer's path (one request per message).
 */
export async function streamMessages(jsm: JetStreamManager, stream: string): Promise<StoredMsg[]> {
  const { state } = await jsm.streams.info(stream);
  const out: StoredMsg[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m) out.push(m);
  }
  return out;
}
