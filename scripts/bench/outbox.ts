/**
 * Outbox relay throughput: events written through the transactional outbox (the kit's runInTransaction, 100 per
 * transaction) into a database of their own, then published to a JetStream stream of their own by one relay, and
 * again by two relays (replicas) on the same outbox. Prints events/s from the relays' start until every entry is
 * marked published, and checks that the stream holds each event once, in write order. Bounded: EVENTS events per run,
 * 120 s at most. Loopback only.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEvent, eventStream } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, ensureStream, OutboxRelay, outboxModel, runInTransaction, streamMessages } from '@cp/service-kit';

const EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? 2_000);
const PER_TRANSACTION = 100;
const LIMIT_MS = 120_000;

export async function benchOutbox(env: { mongoUrl: string; natsUrl: string }): Promise<void> {
  const logger = createLogger('bench-outbox', 'warn');
  const conn = await connectMongo(env.mongoUrl, `bench_outbox_${randomUUID().slice(0, 8)}`);
  const nats = await connectNats({ url: env.natsUrl, name: 'bench-outbox', logger });
  const outbox = outboxModel(conn);
  await outbox.createIndexes();
  const rows: string[] = [];
  try {
    for (const relays of [1, 2]) {
      // A domain (and so a stream) per run: the check below reads exactly this run's events.
      const domain = `benchoutbox${relays}${randomUUID().slice(0, 6)}`;
      const Happened = defineEvent(`${domain}.thing-happened`, 1, z.object({ n: z.number().int() }));
      await ensureStream(nats.jsm, domain);
      const ids: string[] = [];
      for (let start = 0; start < EVENTS; start += PER_TRANSACTION) {
        await runInTransaction(conn, async (_session, emit) => {
          for (let n = start; n < Math.min(EVENTS, start + PER_TRANSACTION); n += 1) ids.push((await emit(Happened, { n })).id);
        });
      }
      const started = Date.now();
      const running = Array.from({ length: relays }, () => new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100 }));
      running.forEach((relay) => relay.start());
      try {
        while ((await outbox.countDocuments({ status: 'pending' })) > 0) {
          if (Date.now() - started > LIMIT_MS) throw new Error(`outbox bench: not published within ${LIMIT_MS / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await Promise.all(running.map((relay) => relay.stop()));
      }
      const seconds = (Date.now() - started) / 1000;
      const published = (await streamMessages(nats.jsm, eventStream(domain).name)).map((m) => (m.json() as { id: string }).id);
      if (published.length !== ids.length || published.some((id, i) => id !== ids[i])) {
        throw new Error(`outbox bench: the stream holds ${published.length} of ${ids.length} events, or not in write order`);
      }
      rows.push(`| ${relays} | ${EVENTS} | ${seconds.toFixed(2)} | ${(EVENTS / seconds).toFixed(0)} |`);
    }
  } finally {
    await nats.close();
    await conn.dropDatabase();
    await conn.close();
  }
  console.log('');
  console.log(`outbox relay: ${EVENTS} events written (${PER_TRANSACTION} per transaction), then published to JetStream`);
  console.log('');
  console.log('| relays | events | seconds | events/s |');
  console.log('|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}
