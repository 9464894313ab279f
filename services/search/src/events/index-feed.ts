import { DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { parseEvent, type EventDefinition } from '@cp/contracts';
import { ensureStream, whileNatsUnavailable, withConsumerSpan, type NatsHandle, type ReadinessCheck } from '@cp/service-kit';
import type { Logger } from 'pino';
import type { SearchIndex } from '../data/search-index.ts';
import { FEEDS, indexEvent } from '../use-cases/index-event.ts';

async function lastSequence(nats: NatsHandle, stream: string, subjects: string[]): Promise<number> {
  let last = 0;
  for (const subject of subjects) {
    const m = await nats.jsm.streams.getMessage(stream, { last_by_subj: subject }).catch((err: unknown) => {
      if (/no message found|not found/i.test(String(err))) return null;
      throw err;
    });
    if (m) last = Math.max(last, m.seq);
  }
  return last;
}

/**
 * Why a snapshot cannot be continued from the streams as they are now (empty when it can). A stream recreated (its
 * sequences restart) or whose storage was lost while S3 kept the snapshot would have the feed start past its head and
 * skip every new event up to the snapshot's sequence: its last sequence is below the snapshot's, or it was created
 * after the snapshot was taken.
 */
export async function snapshotMismatches(
  nats: NatsHandle,
  snapshot: { takenAt: string; streams: Record<string, number> },
  logger: Logger,
  feeds: Record<string, EventDefinition[]> = FEEDS,
): Promise<string[]> {
  const out: string[] = [];
  for (const domain of Object.keys(feeds)) {
    const stream = await ensureStream(nats.jsm, domain, logger);
    const seq = snapshot.streams[stream] ?? 0;
    if (seq === 0) continue; // the snapshot holds nothing of it: the feed reads it from its start anyway
    const info = await whileNatsUnavailable(`stream ${stream}`, () => nats.jsm.streams.info(stream), { logger });
    if (info.state.last_seq < seq) out.push(`${stream}: its last sequence ${info.state.last_seq} is below the snapshot's ${seq}`);
    else if (Date.parse(info.created) > Date.parse(snapshot.takenAt)) out.push(`${stream}: created ${info.created}, after the snapshot (${snapshot.takenAt})`);
  }
  return out;
}

export interface IndexFeed {
  /** Each stream's last sequence applied. */
  applied(): Record<string, number>;
  /** `/readyz`: ready once every stream was read up to where it stood at start. */
  readiness: ReadinessCheck;
  /** Resolves once caught up with where the streams stood at start. */
  caughtUp: Promise<void>;
  /**
   * Resolves with the reason if a stream's feed ends or fails without stop() (its stream deleted...): the index would
   * silently stop following it. Readiness fails from then on; main throws it outside any request, so the kit's process
   * guard ends the process and its supervisor starts a new replica. Never resolves after stop().
   */
  ended: Promise<Error>;
  stop(): Promise<void>;
}

/**
 * Feeds the index from the owners' streams. Each replica keeps its whole index in memory, so each must see every
 * event: an ordered consumer per stream (ephemeral, server-side state only while the replica lives, redelivery and
 * gaps handled by the client recreating it at the next sequence), starting after `from[stream]` (a snapshot's
 * sequence; 0 = the whole stream). Readiness waits for the sequence each stream had at start.
 */
export async function startIndexFeed(opts: {
  nats: NatsHandle;
  index: SearchIndex;
  logger: Logger;
  from?: Record<string, number>;
  /** The events read, per domain (tests use a stream of their own). */
  feeds?: Record<string, EventDefinition[]>;
  /** How long each pull waits (the client's default 30 s); a lost stream is noticed after about twice as long. Tests shorten it. */
  pullExpiresMs?: number;
}): Promise<IndexFeed> {
  const logger = opts.logger.child({ component: 'index-feed' });
  let stopped = false;
  let failure: Error | undefined;
  let reportEnd!: (err: Error) => void;
  const ended = new Promise<Error>((resolve) => (reportEnd = resolve));
  const applied: Record<string, number> = {};
  const targets: Record<string, number> = {};
  const running: Array<{ messages: ConsumerMessages; done: Promise<void> }> = [];
  const waiting: Array<() => void> = [];
  const isCaughtUp = () => Object.keys(targets).every((s) => (applied[s] ?? 0) >= targets[s]!);
  const check = () => {
    if (isCaughtUp()) for (const resolve of waiting.splice(0)) resolve();
  };

  for (const [domain, defs] of Object.entries(opts.feeds ?? FEEDS)) {
    const stream = await ensureStream(opts.nats.jsm, domain, logger);
    const start = opts.from?.[stream] ?? 0;
    applied[stream] = start;
    const subjects = defs.map((d) => d.subject);
    // Where the stream stands for the subjects read: the last message of each (the stream's own last may be a view).
    targets[stream] = await whileNatsUnavailable(`stream ${stream}`, () => lastSequence(opts.nats, stream, subjects), { logger });
    if (start > 0) {
      // A snapshot older than the stream's retention (30 days) misses what only the lost events held: say so loudly.
      const { state } = await opts.nats.jsm.streams.info(stream);
      if (state.first_seq > start + 1) logger.error({ stream, snapshotSeq: start, firstSeq: state.first_seq }, 'the snapshot is older than what the stream keeps: events in between are lost');
    }
    // The whole stream, other events skipped: nats-server before 2.10 has no filter_subjects (as the kit's consumers).
    const consumer = await opts.nats.js.consumers.get(stream, {
      ...(start > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: start + 1 } : { deliver_policy: DeliverPolicy.All }),
    });
    const messages = await consumer.consume({ expires: opts.pullExpiresMs ?? 30_000 });
    // A deleted stream does not end the consumer: the client retries until a stream of that name is back, and would then
    // go on from its old position in the new stream's sequences, skipping its first events. Stop and say so instead.
    let lost: Error | undefined;
    void (async () => {
      for await (const s of messages.status()) {
        if (s.type === 'stream_not_found' && !stopped) {
          lost = new Error(`the stream ${stream} is gone (deleted, or its storage lost)`);
          messages.stop();
          return;
        }
      }
    })().catch((err: unknown) => logger.warn({ err, stream }, 'consumer status not followed'));
    const done = (async () => {
      for await (const m of messages) {
        if (defs.some((d) => d.subject === m.subject)) {
          let raw: unknown = null;
          try {
            raw = m.json();
          } catch {
            // not JSON: parseEvent refuses it below
          }
          // In the trace of the request whose change published it (the message's headers).
          await withConsumerSpan('search-index', m, { 'messaging.message.id': m.headers?.get('Nats-Msg-Id') ?? '' }, () => {
            const parsed = parseEvent(raw, defs);
            if (parsed.ok) indexEvent(opts.index, parsed.event, logger);
            else logger.error({ stream, seq: m.seq, reason: parsed.reason }, 'event not applied');
          });
        }
        applied[stream] = m.seq;
        check();
      }
      if (!stopped) throw lost ?? new Error(`the feed of ${stream} ended without being stopped`);
    })().catch((err: unknown) => {
      if (stopped) return;
      failure ??= err instanceof Error ? err : new Error(String(err));
      logger.fatal({ err, stream }, 'the index no longer follows a stream');
      reportEnd(failure);
    });
    running.push({ messages, done });
  }
  const caughtUp = new Promise<void>((resolve) => {
    waiting.push(resolve);
    check();
  });
  return {
    applied: () => ({ ...applied }),
    caughtUp,
    ended,
    readiness: {
      name: 'index',
      async check() {
        if (failure) throw new Error(`the index no longer follows the streams: ${failure.message}`);
        if (!isCaughtUp()) throw new Error(`catching up with the streams: ${JSON.stringify({ applied, targets })}`);
      },
    },
    async stop() {
      stopped = true;
      for (const r of running) r.messages.stop();
      await Promise.all(running.map((r) => r.done));
    },
  };
}
