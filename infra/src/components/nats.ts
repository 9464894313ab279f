import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { httpOk, spawnLogged, waitUntil, type Proc } from '../proc.ts';

export const NATS_SERVER = '/usr/sbin/nats-server';

export interface NatsHandle {
  url: string;
  stop(): Promise<void>;
  /** Stops the server but keeps its JetStream store (fault tests). */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same store. */
  resume(): Promise<void>;
}

/**
 * Whether a `nats-server --version` answer (`nats-server: v2.10.24`) names a server that reads JetStream's
 * `sync_interval` (2.10 and later; Debian 12's 2.9 refuses the field).
 */
export function readsSyncInterval(versionText: string): boolean {
  const m = /v(\d+)\.(\d+)\./.exec(versionText);
  return !!m && (Number(m[1]) > 2 || (Number(m[1]) === 2 && Number(m[2]) >= 10));
}

let syncIntervalRead: boolean | undefined;
/**
 * The extra arguments that make this machine's nats-server fsync every JetStream write before acknowledging it, as
 * production does (`sync_interval: always`, infra/docker/nats.conf): a config file holding only that, where the server
 * reads the field; none where it does not (nats-server 2.9 fsyncs on its own 2-minute timer; see infra/README.md).
 */
function syncAlwaysArgs(dir: string): string[] {
  syncIntervalRead ??= readsSyncInterval(execFileSync(NATS_SERVER, ['--version'], { encoding: 'utf8' }));
  if (!syncIntervalRead) return [];
  const file = path.join(dir, 'sync-always.conf');
  writeFileSync(file, JSON.stringify({ jetstream: { sync_interval: 'always' } }));
  return ['-c', file];
}

/** The one NATS user of a local run (issue 35 §3: one user in development, one per service in Kubernetes). */
export const LOCAL_NATS_USER = 'cp';

/**
 * The local NATS user's password: generated on the first start of a store (`dir`), kept beside it (outside git, mode
 * 600) so a restart of the same profile keeps it. Without it nothing can connect: only the stack's processes, which are
 * given NATS_URL with it, may publish events or register in the run-time registry.
 */
function localNatsPassword(dir: string): string {
  const file = path.join(dir, 'nats-password');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** nats-server with JetStream on loopback, its store under `dir`; `name` (default "nats-server") names its pid and log files. */
export async function startNats(opts: { dir: string; port: number; monitorPort: number; pidDir: string; logDir: string; name?: string }): Promise<NatsHandle> {
  if (!existsSync(NATS_SERVER)) throw new Error(`${NATS_SERVER} not found: run scripts/setup.sh (installs nats-server)`);
  const store = path.join(opts.dir, 'jetstream');
  mkdirSync(store, { recursive: true });
  const name = opts.name ?? 'nats-server';
  const password = localNatsPassword(opts.dir);
  let proc: Proc | undefined;
  const launch = async () => {
    proc = spawnLogged(name, NATS_SERVER, [...syncAlwaysArgs(opts.dir), '-js', '-sd', store, '-a', '127.0.0.1', '-p', String(opts.port), '-m', String(opts.monitorPort), '-n', opts.name ?? 'cp-local', '--user', LOCAL_NATS_USER, '--pass', password], {
      logFile: path.join(opts.logDir, name === 'nats-server' ? 'nats.log' : `${name}.log`),
      pidDir: opts.pidDir,
    });
    await waitUntil(name, () => httpOk(`http://127.0.0.1:${opts.monitorPort}/healthz`), 60_000, proc);
  };
  await launch();
  return {
    url: `nats://${LOCAL_NATS_USER}:${password}@127.0.0.1:${opts.port}`,
    stop: async () => {
      await proc?.stop();
    },
    pause: async () => {
      await proc?.stop();
    },
    resume: async () => {
      if (proc && !proc.exited()) return;
      await launch();
    },
  };
}
