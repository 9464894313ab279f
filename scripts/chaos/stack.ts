/**
 * The chaos suite's stack: MongoDB, NATS and the mail catcher of its own (plain local processes, which the suite kills
 * with SIGKILL and starts again), S3 given (the tests' shared one) or started (Swift), and the services on top through
 * the same startServices as `npm start`, with replicas. Nothing here is shared with another run: a fault never touches
 * a server something else uses.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startMailCatcher } from '../../infra/src/mail/catcher.ts';
import { startMongo, type MongoHandle } from '../../infra/src/components/mongo.ts';
import { startNats, type NatsHandle as NatsServerHandle } from '../../infra/src/components/nats.ts';
import { startSwift } from '../../infra/src/components/swift.ts';
import { toolsDir } from '../../infra/src/paths.ts';
import { freeLoopbackPorts, killStale, processGone } from '../../infra/src/proc.ts';
import { liftedPostingLimits } from '../../infra/src/stack-env.ts';
import { startServices, type RunningStack } from '../../infra/src/stack.ts';
import { REGION, UPLOADS_BUCKET } from '../../infra/src/types.ts';

/** The services the load writes through (and those their events reach): every write kind's owner and consumer. */
export const CHAOS_SERVICES = ['identity', 'listings', 'forum', 'directory', 'ads', 'comms', 'search'] as const;
export type ChaosService = (typeof CHAOS_SERVICES)[number];

/** Each service's database in the chaos stack. */
export const chaosDb = (service: string) => `chaos_${service}`;

export interface ChaosStackOptions {
  dataDir: string;
  /** Ports of the services: servicePorts(portOffset) and replicas (+10 each); the servers take free ports. */
  portOffset: number;
  replicas: Partial<Record<ChaosService, number>>;
  /** S3 to use (e.g. the tests' shared one); absent: a Swift of the run's own. */
  s3Env?: Record<string, string>;
  /** comms' reply-notice window (s): short, so the run sees every reply's mail. */
  replyNoticeWindowS?: number;
  log?: (line: string) => void;
}

export interface ChaosStack {
  stack: RunningStack;
  gateway: string;
  mongoUrl: string;
  natsUrl: string;
  mailStoreFile: string;
  /** The pid of a process of the stack by name (`listings#2`), or of `mongod` / `nats-server`. */
  pidOf(name: string): number | undefined;
  /** kill -9 of the NATS server; `restartNats` starts it again on the same port with the same store. */
  killNats(): Promise<void>;
  restartNats(): Promise<void>;
  /** kill -9 of mongod (wine's process); `restartMongo` starts it again on the same data. */
  killMongo(): Promise<void>;
  restartMongo(): Promise<void>;
  stop(): Promise<void>;
}

/** SIGKILL to one process (never its group: wine's shared wineserver stays), then waits until it is gone. */
export async function killHard(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  const deadline = Date.now() + 10_000;
  while (!processGone(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

export async function startChaosStack(opts: ChaosStackOptions): Promise<ChaosStack> {
  const log = opts.log ?? (() => {});
  const pidDir = path.join(opts.dataDir, 'run');
  const logDir = path.join(opts.dataDir, 'logs');
  await killStale(pidDir);
  for (const d of [opts.dataDir, pidDir, logDir]) mkdirSync(d, { recursive: true });
  const [mongoPort, natsPort, monitorPort, smtpPort, mailPort] = (await freeLoopbackPorts(5)) as [number, number, number, number, number];
  const mongoOpts = { tools: toolsDir(), dir: path.join(opts.dataDir, 'mongo'), port: mongoPort, pidDir, logDir };
  const natsOpts = { name: 'nats-chaos', dir: path.join(opts.dataDir, 'nats'), port: natsPort, monitorPort, pidDir, logDir };
  const mailStoreFile = path.join(opts.dataDir, 'mail.jsonl');
  const toStop: Array<{ stop(): Promise<void> }> = [];
  try {
    log('starting MongoDB, NATS and the mail catcher of the chaos run ...');
    let mongo: MongoHandle = await startMongo(mongoOpts);
    const nats: NatsServerHandle = await startNats(natsOpts);
    toStop.push({ stop: () => nats.stop() });
    toStop.push({ stop: () => mongo.stop() });
    toStop.push(await startMailCatcher({ smtpPort, httpPort: mailPort, storeFile: mailStoreFile }));
    let s3Env = opts.s3Env;
    if (!s3Env) {
      log('starting S3 (Swift) ...');
      const [proxy, account, container, object, memcached] = (await freeLoopbackPorts(5)) as [number, number, number, number, number];
      const s3 = await startSwift({ dir: path.join(opts.dataDir, 'swift'), ports: { proxy, account, container, object, memcached }, region: REGION, buckets: [UPLOADS_BUCKET], pidDir, logDir });
      toStop.push(s3);
      s3Env = { S3_ENDPOINT: s3.endpoint, S3_PORT: String(s3.port), S3_USE_SSL: 'false', S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_REGION: s3.region, S3_BUCKET_UPLOADS: UPLOADS_BUCKET };
    }
    const infraEnv = { ...s3Env, MONGO_URL: mongo.url, NATS_URL: nats.url, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) };
    const lifted = await liftedPostingLimits();
    const quiet = { LOG_LEVEL: 'warn' };
    const extraEnv: Record<string, Record<string, string>> = Object.fromEntries(
      CHAOS_SERVICES.map((s) => [s, { MONGO_DB: chaosDb(s), ...quiet, ...(lifted[s] ?? {}) }]),
    );
    extraEnv.comms = { ...extraEnv.comms, REPLY_NOTICE_WINDOW_S: String(opts.replyNoticeWindowS ?? 2) };
    extraEnv.gateway = { RATE_LIMIT_GLOBAL: '0', RATE_LIMIT_AUTH: '0', RATE_LIMIT_AD_EVENTS: '0', ...quiet };
    log(`starting the services (${Object.entries(opts.replicas).map(([s, n]) => `${s}×${n}`).join(', ')}) ...`);
    const stack = await startServices({
      dataDir: opts.dataDir,
      infraEnv,
      portOffset: opts.portOffset,
      services: [...CHAOS_SERVICES, 'gateway'],
      replicas: opts.replicas,
      web: 'folders',
      extraEnv,
      log: (l) => log(`  ${l}`),
    });
    toStop.unshift(stack);
    const pidFile = (name: string) => {
      const file = path.join(pidDir, `${name}.pid`);
      return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
    };
    return {
      stack,
      gateway: stack.urls.gateway!,
      mongoUrl: mongo.url,
      natsUrl: nats.url,
      mailStoreFile,
      pidOf: (name) => (name === 'mongod' ? pidFile('mongod') : name === 'nats-server' ? pidFile(natsOpts.name) : stack.status().find((p) => p.name === name)?.pid),
      async killNats() {
        const pid = pidFile(natsOpts.name);
        if (pid) await killHard(pid);
      },
      restartNats: () => nats.resume(),
      async killMongo() {
        const pid = pidFile('mongod');
        if (pid) await killHard(pid);
        // mongod's Proc notices the exit; its port is free once wine's process is gone.
        await new Promise((r) => setTimeout(r, 200));
      },
      async restartMongo() {
        // Wine may hold the killed process's lock file a moment longer (mongod exits with DBPathInUse): try again.
        const deadline = Date.now() + 60_000;
        for (;;) {
          try {
            mongo = await startMongo(mongoOpts);
            return;
          } catch (err) {
            if (Date.now() > deadline) throw err;
            log(`  mongod did not start again (${String(err).split('\n')[0]}); retrying`);
            await new Promise((r) => setTimeout(r, 1_000));
          }
        }
      },
      async stop() {
        for (const h of toStop) await h.stop().catch(() => undefined);
      },
    };
  } catch (err) {
    for (const h of toStop) await h.stop().catch(() => undefined);
    throw err;
  }
}
