import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import * as Minio from 'minio';
import nodemailer from 'nodemailer';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connectNatsClient, natsServerOptions } from '@cp/service-kit';
import { mailbox } from '../src/index.ts';
import { faultNats, testEnv } from '../src/jest/test-env.ts';

const env = testEnv();

describe('MongoDB (one-node replica set)', () => {
  let client: MongoClient;
  beforeAll(async () => {
    client = await MongoClient.connect(env.MONGO_URL);
  });
  afterAll(() => client.close());

  it('commits a transaction, and an aborted one writes nothing', async () => {
    const coll = client.db(`infra_${randomUUID().slice(0, 8)}`).collection('things');
    await coll.insertOne({ seed: true });
    const session = client.startSession();
    await session.withTransaction(async () => {
      await coll.insertOne({ a: 1 }, { session });
      await coll.insertOne({ a: 2 }, { session });
    });
    await expect(
      session.withTransaction(async () => {
        await coll.insertOne({ a: 3 }, { session });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await session.endSession();
    expect(await coll.countDocuments({ a: { $exists: true } })).toBe(2);
  });

  it('delivers inserts on a change stream', async () => {
    const coll = client.db(`infra_${randomUUID().slice(0, 8)}`).collection('events');
    await coll.insertOne({ seed: true });
    const stream = coll.watch([{ $match: { operationType: 'insert' } }]);
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 200));
    await coll.insertOne({ hello: 'world' });
    const change = (await next) as { fullDocument?: { hello?: string } };
    expect(change.fullDocument?.hello).toBe('world');
    await stream.close();
  });
});

describe('NATS JetStream', () => {
  it('lets in only the holders of the credentials (issue 35 §3: one user in development), which NATS_URL carries', async () => {
    const server = await faultNats();
    try {
      const { servers, user, pass } = natsServerOptions(server.url);
      expect(user).toBe('cp');
      expect(pass).toMatch(/^[\w-]{32}$/);
      await expect(connect({ servers, maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
      await expect(connect({ servers, user, pass: 'guessed', maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
      const nc = await connectNatsClient(server.url, 'infra-test');
      await nc.flush();
      await nc.close();
    } finally {
      await server.close();
    }
  });

  it('stores, delivers, and survives a restart of the server', async () => {
    const server = await faultNats();
    const nc = await connect({ ...natsServerOptions(server.url), reconnectTimeWait: 200, maxReconnectAttempts: -1 });
    try {
      const jsm = await jetstreamManager(nc);
      const name = `INFRA_${randomUUID().slice(0, 8).toUpperCase()}`;
      await jsm.streams.add({ name, subjects: [`${name.toLowerCase()}.>`] });
      const js = jetstream(nc);
      await js.publish(`${name.toLowerCase()}.a`, 'one');
      await server.stop();
      await server.start();
      // A request sent while the client is still reconnecting is lost (it times out): retry, as the outbox relay does.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await js.publish(`${name.toLowerCase()}.b`, 'two', { timeout: 2_000, msgID: 'second' });
          break;
        } catch (err) {
          if (attempt >= 10) throw err;
        }
      }
      const info = await jsm.streams.info(name);
      expect(info.state.messages).toBe(2);
    } finally {
      await nc.close();
      await server.close();
    }
  });
});

describe('S3 (Swift with s3api)', () => {
  const client = (secretKey = env.S3_SECRET_KEY) =>
    new Minio.Client({ endPoint: env.S3_ENDPOINT, port: Number(env.S3_PORT), useSSL: false, accessKey: env.S3_ACCESS_KEY, secretKey, region: env.S3_REGION, pathStyle: true, partSize: 5 * 1024 * 1024 });

  it('has the uploads bucket, stores and reads objects', async () => {
    const s3 = client();
    expect(await s3.bucketExists(env.S3_BUCKET_UPLOADS)).toBe(true);
    const key = `test/${randomUUID()}.txt`;
    await s3.putObject(env.S3_BUCKET_UPLOADS, key, Buffer.from('namaste'), 7, { 'Content-Type': 'text/plain' });
    const chunks: Buffer[] = [];
    for await (const c of await s3.getObject(env.S3_BUCKET_UPLOADS, key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('namaste');
  });

  it('checks signatures: a wrong secret is rejected', async () => {
    await expect(client('not-the-secret').bucketExists(env.S3_BUCKET_UPLOADS)).rejects.toThrow();
  });

  it('serves presigned URLs', async () => {
    const s3 = client();
    const key = `test/${randomUUID()}.txt`;
    await s3.putObject(env.S3_BUCKET_UPLOADS, key, Buffer.from('presigned'));
    const res = await fetch(await s3.presignedGetObject(env.S3_BUCKET_UPLOADS, key, 60));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('presigned');
  });

  it('supports multipart uploads', async () => {
    const s3 = client();
    const key = `test/${randomUUID()}.bin`;
    const body = Buffer.alloc(12 * 1024 * 1024, 7);
    await s3.putObject(env.S3_BUCKET_UPLOADS, key, body, body.length);
    const stat = await s3.statObject(env.S3_BUCKET_UPLOADS, key);
    expect(stat.size).toBe(body.length);
    expect(stat.etag).toMatch(/-\d+$/); // the ETag of a completed multipart upload
  });
});

describe('SMTP catcher', () => {
  it('receives mail sent with nodemailer and serves it through its API and page', async () => {
    const to = `someone.${randomUUID().slice(0, 6)}@example.com`;
    const transport = nodemailer.createTransport({ host: env.SMTP_HOST, port: Number(env.SMTP_PORT), secure: false });
    await transport.sendMail({ from: 'site@example.com', to, subject: 'Hello there', text: 'Body text' });
    transport.close();
    const mail = await mailbox(env).waitFor(to);
    expect(mail).toMatchObject({ subject: 'Hello there', to: [to], from: 'site@example.com' });
    expect(mail.text.trim()).toBe('Body text');
    const page = await fetch(env.MAIL_API_URL);
    expect(await page.text()).toContain('Hello there');
  });
});
