import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import * as Minio from 'minio';
import { startMailCatcher } from './mail/catcher.ts';
import { profileDir } from './paths.ts';
import { freeLoopbackPorts } from './proc.ts';
import { REGION, UPLOADS_BUCKET, type Infra, type StartInfraOptions } from './types.ts';

/** True when a Docker engine answers (the docker CLI alone is not enough). */
export function dockerAvailable(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

const natsContainer = () => new GenericContainer('nats:2.11').withCommand(['-js', '-m', '8222']).withExposedPorts(4222, 8222).withWaitStrategy(Wait.forHttp('/healthz', 8222));

/**
 * The same infrastructure from real images with testcontainers (mongo 7 as a replica set, nats 2.11 with JetStream,
 * MinIO); the mail catcher is the same in-process one as the local runner, so tests read mail the same way.
 * Used where a Docker engine exists. It cannot run on the development machines here (no engine).
 */
export async function startContainerInfra(opts: StartInfraOptions): Promise<Infra> {
  const log = opts.log ?? (() => {});
  const dataDir = profileDir(opts.name);
  mkdirSync(dataDir, { recursive: true });
  const started: StartedTestContainer[] = [];
  const stopContainers = async () => {
    await Promise.allSettled(started.splice(0).map((c) => c.stop()));
  };
  try {
    log('starting containers: mongo:7, nats:2.11, minio ...');
    const [mongo, nats, minio] = await Promise.all([
      new GenericContainer('mongo:7')
        .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start(),
      natsContainer().start(),
      (() => {
        const secret = randomBytes(24).toString('base64url');
        return new GenericContainer('minio/minio')
          .withCommand(['server', '/data'])
          .withEnvironment({ MINIO_ROOT_USER: 'cpadmin', MINIO_ROOT_PASSWORD: secret, MINIO_REGION: REGION })
          .withExposedPorts(9000)
          .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
          .start()
          .then((c) => Object.assign(c, { secret }));
      })(),
    ]);
    started.push(mongo, nats, minio);
    const init = await mongo.exec(['mongosh', '--quiet', '--eval', "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok"]);
    if (init.exitCode !== 0) throw new Error(`replica set initiation failed: ${init.output}`);
    const s3 = new Minio.Client({ endPoint: minio.getHost(), port: minio.getMappedPort(9000), useSSL: false, accessKey: 'cpadmin', secretKey: minio.secret, region: REGION, pathStyle: true });
    if (!(await s3.bucketExists(UPLOADS_BUCKET))) await s3.makeBucket(UPLOADS_BUCKET, REGION);
    const [smtpPort, mailPort] = (await freeLoopbackPorts(2)) as [number, number];
    const mail = await startMailCatcher({ smtpPort, httpPort: mailPort, storeFile: path.join(dataDir, 'mail.jsonl') });
    return {
      dataDir,
      env: {
        MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/?replicaSet=rs0&directConnection=true`,
        NATS_URL: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
        S3_ENDPOINT: minio.getHost(),
        S3_PORT: String(minio.getMappedPort(9000)),
        S3_USE_SSL: 'false',
        S3_ACCESS_KEY: 'cpadmin',
        S3_SECRET_KEY: minio.secret,
        S3_REGION: REGION,
        S3_BUCKET_UPLOADS: UPLOADS_BUCKET,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        MAIL_UI_URL: `http://localhost:${mailPort}`,
        MAIL_API_URL: `http://127.0.0.1:${mailPort}`,
      },
      stop: async () => {
        await mail.stop();
        await stopContainers();
      },
      async faultNats() {
        const server = await natsContainer().start();
        started.push(server);
        // Pausing keeps the mapped port (a stop/start would get a new one): NATS stops answering, as in an outage.
        return {
          url: `nats://${server.getHost()}:${server.getMappedPort(4222)}`,
          stop: async () => {
            execFileSync('docker', ['pause', server.getId()], { stdio: 'ignore' });
          },
          start: async () => {
            execFileSync('docker', ['unpause', server.getId()], { stdio: 'ignore' });
          },
          close: async () => {
            await server.stop();
          },
        };
      },
    };
  } catch (err) {
    await stopContainers();
    throw err;
  }
}
