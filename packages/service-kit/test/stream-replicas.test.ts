import { randomUUID } from 'node:crypto';
import { BaseServiceEnv, ConfigError, connectNats, createLogger, DEAD_LETTER_STREAM, ensureStream, loadConfig, type NatsHandle } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

const env = testEnv();
const logger = createLogger('stream-replicas-test', 'silent');
const base = { MONGO_URL: 'mongodb://127.0.0.1:27017/?replicaSet=rs0', NATS_URL: 'nats://127.0.0.1:4222' };
const domain = () => `kr${randomUUID().replace(/-/g, '').slice(0, 10)}`;

describe('NATS_STREAM_REPLICAS (BaseServiceEnv)', () => {
  it('defaults to 1 and takes 1 to 5', () => {
    expect(loadConfig(BaseServiceEnv, base).NATS_STREAM_REPLICAS).toBe(1);
    expect(loadConfig(BaseServiceEnv, { ...base, NATS_STREAM_REPLICAS: '3' }).NATS_STREAM_REPLICAS).toBe(3);
    expect(loadConfig(BaseServiceEnv, { ...base, NATS_STREAM_REPLICAS: '5' }).NATS_STREAM_REPLICAS).toBe(5);
  });

  it.each(['0', '6', '2.5', 'three'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig(BaseServiceEnv, { ...base, NATS_STREAM_REPLICAS: value })).toThrow(ConfigError);
    expect(() => loadConfig(BaseServiceEnv, { ...base, NATS_STREAM_REPLICAS: value })).toThrow(/NATS_STREAM_REPLICAS/);
  });
});

describe('ensureStream uses the replicas of its connection', () => {
  let nats: NatsHandle | undefined;
  afterEach(async () => {
    await nats?.close();
    nats = undefined;
  });

  it('creates the stream and the dead letters with 1 replica by default', async () => {
    nats = await connectNats({ url: env.NATS_URL, name: 'replicas-default', logger });
    const stream = await ensureStream(nats.jsm, domain(), logger);
    expect((await nats.jsm.streams.info(stream)).config.num_replicas).toBe(1);
    expect((await nats.jsm.streams.info(DEAD_LETTER_STREAM)).config.num_replicas).toBe(1);
  });

  it('asks JetStream for 3 replicas when the connection says 3 (a single server refuses: it needs a cluster)', async () => {
    nats = await connectNats({ url: env.NATS_URL, name: 'replicas-three', logger, streamReplicas: 3 });
    const name = domain();
    await expect(ensureStream(nats.jsm, name, logger)).rejects.toThrow(/replicas/i);
    // Nothing was created with another count behind the caller's back.
    await expect(nats.jsm.streams.info(`EVENTS_${name.toUpperCase()}`)).rejects.toThrow(/not found/i);
  });

  it.each([0, 6, 1.5])('refuses streamReplicas %s at connection', async (streamReplicas) => {
    await expect(connectNats({ url: env.NATS_URL, name: 'replicas-bad', logger, streamReplicas })).rejects.toThrow(RangeError);
  });
});
