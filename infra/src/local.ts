import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startMailCatcher } from './mail/catcher.ts';
import { startMongo } from './components/mongo.ts';
import { startNats } from './components/nats.ts';
import { startSwift } from './components/swift.ts';
import { profileDir, toolsDir } from './paths.ts';
import { assertPortsFree, freeLoopbackPorts, killStale } from './proc.ts';
import { DEFAULT_PORTS, profileOffset, REGION, UPLOADS_BUCKET, type Infra, type StartInfraOptions } from './types.ts';

/**
 * The local runner: MongoDB (replica set, under wine), NATS JetStream, Swift S3 and the mail catcher as plain
 * processes on loopback, started in parallel, each waited for until healthy. Data and logs: `.data/<profile>/`.
 */
export async function startLocalInfra(opts: StartInfraOptions): Promise<Infra> {
  const log = opts.log ?? (() => {});
  const offset = profileOffset(opts.name, opts.portBase);
  const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + offset])) as { [K in keyof typeof DEFAULT_PORTS]: number };
  const dataDir = profileDir(opts.name);
  const pidDir = path.join(dataDir, 'run');
  const logDir = path.join(dataDir, 'logs');
  await killStale(pidDir);
  if (opts.fresh || opts.name === 'test') rmSync(dataDir, { recursive: true, force: true });
  for (const d of [dataDir, pidDir, logDir]) mkdirSync(d, { recursive: true });
  await assertPortsFree(ports);

  const started: Array<{ stop(): Promise<void> }> = [];
  const track = <T extends { stop(): Promise<void> }>(name: string, p: Promise<T>): Promise<T> =>
    p.then((h) => {
      started.push(h);
      log(`${name} ready`);
      return h;
    });
  const stopAll = async () => {
    await Promise.allSettled(started.splice(0).map((h) => h.stop()));
  };
  log(`starting MongoDB, NATS, S3 (Swift) and the mail catcher (profile "${opts.name}") ...`);
  const results = await Promise.allSettled([
    track('MongoDB', startMongo({ tools: toolsDir(), dir: path.join(dataDir, 'mongo'), port: ports.mongo, pidDir, logDir })),
    track('NATS', startNats({ dir: path.join(dataDir, 'nats'), port: ports.nats, monitorPort: ports.natsMonitor, pidDir, logDir })),
    track(
      'S3',
      startSwift({
        dir: path.join(dataDir, 'swift'),
        ports: { proxy: ports.s3, account: ports.swiftAccount, container: ports.swiftContainer, object: ports.swiftObject, memcached: ports.memcached },
        region: REGION,
        buckets: [UPLOADS_BUCKET],
        pidDir,
        logDir,
      }),
    ),
    track('mail catcher', startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.mail, storeFile: path.join(dataDir, 'mail.jsonl') })),
  ]);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) {
    await stopAll();
    throw new Error(failed.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason))).join('\n\n'));
  }
  let faultServers = 0;
  const [mongo, nats, s3] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    Awaited<ReturnType<typeof startMongo>>,
    Awaited<ReturnType<typeof startNats>>,
    Awaited<ReturnType<typeof startSwift>>,
  ];
  return {
    dataDir,
    env: {
      MONGO_URL: mongo.url,
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.endpoint,
      S3_PORT: String(s3.port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_REGION: s3.region,
      S3_BUCKET_UPLOADS: UPLOADS_BUCKET,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(ports.smtp),
      MAIL_UI_URL: `http://localhost:${ports.mail}`,
      MAIL_API_URL: `http://127.0.0.1:${ports.mail}`,
    },
    stop: stopAll,
    async faultNats() {
      faultServers += 1;
      const name = `nats-fault-${faultServers}`;
      const [port, monitorPort] = (await freeLoopbackPorts(2)) as [number, number];
      const server = await startNats({ name, dir: path.join(dataDir, name), port, monitorPort, pidDir, logDir });
      started.push(server);
      return { url: server.url, stop: () => server.pause(), start: () => server.resume(), close: () => server.stop() };
    },
  };
}
