import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, ensureStream, OutboxRelay, outboxModel, runInTransaction, trusted, type NatsHandle } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { until } from './support/until.ts';

/**
 * A connection that stays open while nobody answers on it (the server killed while its host keeps the socket: wine's
 * server does so with a killed mongod; a host gone without a reset) must not hold an operation for good: connectMongo
 * bounds the wait for an answer (MONGO_SOCKET_TIMEOUT_MS; shortened here). The driver's monitor would rescue it only
 * when its own connection times out; here its connect timeout is long, as when it saw the server restart cleanly.
 */
const env = testEnv();
const logger = createLogger('mongo-timeout-test', 'silent');
const target = new URL(env.MONGO_URL);
const timeouts = { socketTimeoutMS: 1_000, connectTimeoutMS: 120_000 };
const STILL_WAITING = 'still waiting after 20 s';
/** How an operation ended, or that it had not after 20 s (it would wait for good). */
const outcome = (op: Promise<unknown>) =>
  Promise.race([op.then(() => 'answered', (err: unknown) => (err instanceof Error ? err.name : String(err))), new Promise<string>((r) => setTimeout(() => r(STILL_WAITING), 20_000).unref())]);

let proxy: TcpProxy;
beforeEach(async () => {
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
});
afterEach(async () => {
  await proxy.close();
});

const viaProxy = (db: string) => connectMongo(`mongodb://127.0.0.1:${proxy.port}/?directConnection=true`, db, timeouts);

test('an operation on a connection nobody answers any more ends (fails or is retried on a new one); the next ones work', async () => {
  const db = `kit_timeout_${randomUUID().slice(0, 8)}`;
  const conn = await viaProxy(db);
  try {
    const things = conn.db!.collection<{ _id: string; n: number }>('things');
    await things.insertOne({ _id: 'a', n: 1 });
    proxy.silenceOpenConnections();
    // A write that cannot be retried (many documents): it fails with the connection.
    expect(await outcome(things.updateMany({}, { $inc: { n: 1 } }))).toBe('MongoNetworkTimeoutError');
    // A read is retried once on another connection; either way, it ends.
    expect(await outcome(things.findOne({ _id: 'a' }))).not.toBe(STILL_WAITING);
    await expect(things.findOne({ _id: 'a' })).resolves.toMatchObject({ _id: 'a' });
  } finally {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
});

test("the outbox relay goes on publishing when its server stops answering on the relay's open connections", async () => {
  const db = `kit_timeout_${randomUUID().slice(0, 8)}`;
  const conn = await viaProxy(db);
  const nats: NatsHandle = await connectNats({ url: env.NATS_URL, name: 'mongo-timeout-test', logger });
  const domain = `kt${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
  const Happened = defineEvent(`${domain}.thing-happened`, 1, z.object({ n: z.number().int() }));
  await ensureStream(nats.jsm, domain);
  await conn.db!.createCollection('outbox');
  await outboxModel(conn).createIndexes();
  const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 100 });
  relay.start();
  // The writes go straight to the server, past the proxy.
  const writer = await connectMongo(env.MONGO_URL, db);
  try {
    const ids: string[] = [];
    const write = async (n: number) => ids.push((await runInTransaction(writer, (_s, emit) => emit(Happened, { n }))).id);
    const published = async () => outboxModel(writer).countDocuments({ _id: trusted({ $in: ids }), status: 'published' });
    await write(0);
    await until('the first event published', async () => (await published()) >= 1, 30_000);
    proxy.silenceOpenConnections();
    for (let n = 1; n <= 5; n++) await write(n);
    await until('all 6 events published (the relay stopped on a silent connection)', async () => (await published()) >= 6, 60_000);
  } finally {
    await relay.stop();
    await nats.close();
    await writer.dropDatabase().catch(() => undefined);
    await writer.close();
    await conn.close();
  }
});
