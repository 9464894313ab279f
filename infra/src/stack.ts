import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDemoPassword, ensureSigningKeys } from './keys.ts';
import { repoRoot } from './paths.ts';
import { remoteKey, webApps } from './web.ts';

export { repoRoot };

/** A service of the local stack: its entry file, its port and the environment it needs beyond the infrastructure's. */
export interface ServiceSpec {
  name: string;
  entry: string;
  env: (ctx: StackContext) => Record<string, string>;
}

export interface StackContext {
  root: string;
  dataDir: string;
  infraEnv: Record<string, string>;
  ports: Record<string, number>;
  publicUrl: string;
  keys: { privateKeyFile: string; publicKeyFile: string };
  /** Seed demo data into empty databases (the dev profile's `npm start`). */
  demoData: boolean;
  /** The demo accounts' password (generated on first start) when `demoData`. */
  demoPassword?: string;
  /** `servers`: each remote's build has its own static server, proxied by the gateway (deployed apart; `npm start`).
   *  `folders`: the gateway serves the remotes' dist folders itself (`npm run dev`: watch-mode rebuilds). */
  web: 'servers' | 'folders';
}

/** Port of each service per profile: dev uses 4001.., the gateway 8080; other profiles add an offset. */
export function servicePorts(offset: number): Record<string, number> {
  return {
    gateway: 8080 + offset,
    identity: 4001 + offset,
    listings: 4002 + offset,
    forum: 4003 + offset,
    directory: 4004 + offset,
    ads: 4005 + offset,
    comms: 4006 + offset,
  };
}

const url = (port: number) => `http://127.0.0.1:${port}`;

/** Port of each remote's own static server (`npm start`), before the profile offset; others get 3110 and up. */
const REMOTE_STATIC_PORTS: Record<string, number> = { 'mf-listings': 3101, 'mf-forum': 3102, 'mf-directory': 3103, 'mf-admin': 3104 };

/** One static server per remote folder (services/gateway/src/static-main.ts). */
export function remoteStaticServers(root: string, offset: number): Array<{ folder: string; port: number }> {
  let next = 3110;
  return webApps(root)
    .filter((app) => app !== 'shell')
    .map((folder) => ({ folder, port: (REMOTE_STATIC_PORTS[folder] ?? next++) + offset }));
}

/** The gateway's web variables: the shell build and every remote, by URL or by folder. */
export function webEnv(c: StackContext): Record<string, string> {
  const remotes = Object.fromEntries(
    webApps(c.root)
      .filter((app) => app !== 'shell')
      .map((folder) => [remoteKey(folder), c.web === 'servers' ? url(c.ports[folder]!) : path.join(c.root, folder, 'dist')]),
  );
  return { WEB_ROOT: path.join(c.root, 'shell', 'dist'), WEB_REMOTES: JSON.stringify(remotes) };
}

/** A service behind identity (verifies its sessions) with demo data: its port, the public key, identity's URL, the demo switch. */
const behindIdentity = (name: string): ServiceSpec => ({
  name,
  entry: `services/${name}/src/main.ts`,
  env: (c) => ({
    PORT: String(c.ports[name]),
    JWT_PUBLIC_KEY_FILE: c.keys.publicKeyFile,
    IDENTITY_URL: url(c.ports.identity!),
    SEED_DEMO_DATA: String(c.demoData),
  }),
});

export const SERVICES: ServiceSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/src/main.ts',
    env: (c) => ({
      PORT: String(c.ports.identity),
      PUBLIC_URL: c.publicUrl,
      JWT_PRIVATE_KEY_FILE: c.keys.privateKeyFile,
      JWT_PUBLIC_KEY_FILE: c.keys.publicKeyFile,
      ...(c.demoPassword ? { SEED_DEMO_DATA: 'true', DEMO_ACCOUNTS_PASSWORD: c.demoPassword } : {}),
    }),
  },
  behindIdentity('listings'),
  behindIdentity('forum'),
  behindIdentity('directory'),
  behindIdentity('ads'),
  {
    name: 'comms',
    entry: 'services/comms/src/main.ts',
    env: (c) => ({
      PORT: String(c.ports.comms),
      CONTACT_INBOX: 'support@centralpadesi.local',
      IDENTITY_URL: url(c.ports.identity!),
      PUBLIC_URL: c.publicUrl,
    }),
  },
  {
    name: 'gateway',
    entry: 'services/gateway/src/main.ts',
    env: (c) => ({
      PORT: String(c.ports.gateway),
      PUBLIC_URL: c.publicUrl,
      IDENTITY_URL: url(c.ports.identity!),
      LISTINGS_URL: url(c.ports.listings!),
      FORUM_URL: url(c.ports.forum!),
      DIRECTORY_URL: url(c.ports.directory!),
      ADS_URL: url(c.ports.ads!),
      COMMS_URL: url(c.ports.comms!),
      ...webEnv(c),
    }),
  },
];

async function waitReady(name: string, port: number, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url(port)}/readyz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`);
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** What the supervisor knows of one process of the stack. */
export interface ProcessStatus {
  name: string;
  state: 'starting' | 'up' | 'restarting' | 'stopped';
  pid: number | undefined;
  /** Restarts after the process exited by itself (a crash), since the stack started. */
  restarts: number;
  /** How it last ended by itself, e.g. `exit code 1` or `signal SIGKILL`. */
  lastExit?: string;
}

/**
 * The supervisor's restart delay: 1 s after the first exit, doubling with each exit that follows within a minute of
 * running, at most 30 s; a process that ran for a minute or more starts again from 1 s.
 */
export function restartDelayMs(consecutiveExits: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, consecutiveExits - 1));
}
const STABLE_AFTER_MS = 60_000;

/** The `npm start` banner's status line: each process of the stack, with its restarts when it has crashed. */
export function statusLine(status: ProcessStatus[]): string {
  return status.map((p) => `${p.name} ${p.state}${p.restarts > 0 ? ` (${p.restarts} restart${p.restarts > 1 ? 's' : ''})` : ''}`).join(' · ');
}

export interface RunningStack {
  urls: Record<string, string>;
  /** With demo data: the demo accounts' password (contracts' DEMO_ACCOUNTS). */
  demoPassword?: string;
  stop(): Promise<void>;
  /** Stops one process of the stack by name (e.g. `mf-forum`, a remote's static server: its area shows the fallback). */
  stopService(name: string): Promise<void>;
  /** Starts a stopped process of the stack again, with the same environment, and waits until it is ready. */
  startService(name: string): Promise<void>;
  /** Every process of the stack, as the supervisor sees it. */
  status(): ProcessStatus[];
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the services of the local stack as child processes (Node 24 running the TypeScript entry files) on top of
 * already running infrastructure, each logging to `<dataDir>/logs/<service>.log`, and waits until each is ready.
 */
export async function startServices(opts: {
  dataDir: string;
  infraEnv: Record<string, string>;
  portOffset?: number;
  publicUrl?: string;
  /** Seed demo data into empty databases (default false; `npm start` turns it on). */
  demoData?: boolean;
  /** Extra variables per service, e.g. `{ gateway: { RATE_LIMIT_GLOBAL: '1000000' } }` for a benchmark. */
  extraEnv?: Record<string, Record<string, string>>;
  log?: (line: string) => void;
  /** How the remotes are served (StackContext.web); default `servers`. */
  web?: 'servers' | 'folders';
  /** Called when a process exits by itself and when it is back (the `npm start` banner's status line). */
  onStatusChange?: (status: ProcessStatus[], change: string) => void;
}): Promise<RunningStack> {
  const root = repoRoot();
  const log = opts.log ?? (() => {});
  const web = opts.web ?? 'servers';
  const ports = servicePorts(opts.portOffset ?? 0);
  const remoteServers: ServiceSpec[] = [];
  if (web === 'servers') {
    for (const { folder, port } of remoteStaticServers(root, opts.portOffset ?? 0)) {
      ports[folder] = port;
      if (!existsSync(path.join(root, folder, 'dist', 'mf-manifest.json'))) {
        // Still in the registry: the gateway answers 502 for it and the page shows that remote's fallback.
        log(`${folder} has no build (npm run build:web): not serving it`);
        continue;
      }
      remoteServers.push({
        name: folder,
        entry: 'services/gateway/src/static-main.ts',
        env: (c) => ({ PORT: String(c.ports[folder]), STATIC_DIR: path.join(c.root, folder, 'dist') }),
      });
    }
  }
  const ctx: StackContext = {
    root,
    dataDir: opts.dataDir,
    infraEnv: opts.infraEnv,
    ports,
    publicUrl: opts.publicUrl ?? `http://localhost:${ports.gateway}`,
    keys: ensureSigningKeys(path.join(opts.dataDir, 'keys')),
    demoData: opts.demoData ?? false,
    ...(opts.demoData ? { demoPassword: ensureDemoPassword(path.join(opts.dataDir, 'keys')) } : {}),
    web,
  };
  const logDir = path.join(opts.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  interface Supervised {
    name: string;
    child: ChildProcess;
    state: ProcessStatus['state'];
    restarts: number;
    /** Exits by itself in a row, each within a minute of its start (the backoff's exponent). */
    consecutiveExits: number;
    startedAt: number;
    lastExit?: string;
    /** Stopped on purpose (stopService, stop): not restarted. */
    held: boolean;
    timer?: NodeJS.Timeout;
  }
  const children: Supervised[] = [];
  let stopping = false;
  const status = (): ProcessStatus[] =>
    children.map((c) => ({ name: c.name, state: c.state, pid: c.child.pid, restarts: c.restarts, ...(c.lastExit ? { lastExit: c.lastExit } : {}) }));
  const report = (change: string) => {
    log(change);
    opts.onStatusChange?.(status(), change);
  };
  const stop = async () => {
    stopping = true;
    for (const c of children) {
      c.held = true;
      clearTimeout(c.timer);
    }
    await Promise.all([...children].reverse().map(({ child }) => stopChild(child)));
  };
  /**
   * The supervisor: a process that exits by itself (a crash, a fatal error) is started again after restartDelayMs,
   * logged and reported; one stopped on purpose stays stopped. A start that fails is one more exit, with a longer wait.
   */
  const supervise = (spec: ServiceSpec, entry: Supervised) => {
    const child = entry.child;
    child.once('exit', (code, signal) => {
      if (entry.child !== child) return;
      if (stopping || entry.held) {
        entry.state = 'stopped';
        return;
      }
      entry.lastExit = signal ? `signal ${signal}` : `exit code ${code}`;
      entry.consecutiveExits = Date.now() - entry.startedAt >= STABLE_AFTER_MS ? 1 : entry.consecutiveExits + 1;
      entry.restarts += 1;
      entry.state = 'restarting';
      const delay = restartDelayMs(entry.consecutiveExits);
      report(`${spec.name} stopped (${entry.lastExit}); restarting in ${delay / 1000} s (restart ${entry.restarts}, log ${path.join(logDir, `${spec.name}.log`)})`);
      entry.timer = setTimeout(() => {
        if (stopping || entry.held) return;
        launch(spec).then(
          () => report(`${spec.name} is back (restart ${entry.restarts})`),
          // Its exit (or a start that never got ready) brings the next attempt.
          (err: unknown) => log(`${spec.name} restart failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`),
        );
      }, delay);
      entry.timer.unref();
    });
  };
  const launch = async (spec: ServiceSpec) => {
    const logFile = path.join(logDir, `${spec.name}.log`);
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, [path.join(root, spec.entry)], {
      cwd: root,
      env: { ...process.env, ...opts.infraEnv, NODE_ENV: 'development', ...spec.env(ctx), ...opts.extraEnv?.[spec.name] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    let entry = children.find((c) => c.name === spec.name);
    if (entry) Object.assign(entry, { child, state: 'starting', startedAt: Date.now(), held: false });
    else {
      entry = { name: spec.name, child, state: 'starting', restarts: 0, consecutiveExits: 0, startedAt: Date.now(), held: false };
      children.push(entry);
    }
    supervise(spec, entry);
    log(`starting ${spec.name} on ${url(ports[spec.name]!)}`);
    try {
      await waitReady(spec.name, ports[spec.name]!, child, logFile);
    } catch (err) {
      // A stack still starting fails as a whole; a restart that does not get ready is stopped and tried again.
      if (entry.restarts === 0) entry.held = true;
      await stopChild(child);
      throw err;
    }
    if (entry.child === child) entry.state = 'up';
    log(`${spec.name} ready`);
  };
  const specs = [...remoteServers, ...SERVICES];
  const named = (name: string) => {
    const found = children.find((c) => c.name === name);
    if (!found) throw new Error(`no process named ${name} in the stack (${children.map((c) => c.name).join(', ')})`);
    return found;
  };
  const stopService = async (name: string) => {
    const entry = named(name);
    entry.held = true;
    clearTimeout(entry.timer);
    await stopChild(entry.child);
    entry.state = 'stopped';
  };
  const startService = async (name: string) => {
    const entry = named(name);
    if (stopping) throw new Error('the stack is stopping');
    if (entry.child.exitCode === null && entry.child.signalCode === null) return;
    clearTimeout(entry.timer);
    await launch(specs.find((s) => s.name === name)!);
  };
  try {
    // The remotes' static servers first: the gateway proxies to them.
    for (const spec of specs) await launch(spec);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    urls: { site: ctx.publicUrl, ...Object.fromEntries(Object.entries(ports).map(([k, p]) => [k, url(p)])) },
    ...(ctx.demoPassword ? { demoPassword: ctx.demoPassword } : {}),
    stop,
    stopService,
    startService,
    status,
  };
}
