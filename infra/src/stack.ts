import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { POSTING_ACTIONS } from '@cp/contracts';
import { connectNatsClient, createLogger, metricsPortOf, TELEMETRY_IMPORT, watchRegistry } from '@cp/service-kit';
import { loadServiceSettings, parseReplicas, remoteStaticServers, servicePorts, stackDeployables, startOrder } from './catalogue.ts';
import type { Deployables, ServiceDeployable } from './deployables.ts';
import { ensureDemoPassword, ensureLinkSigningKey, ensureSigningKeys } from './keys.ts';
import { allSettings, processEnv, STATIC_SERVER_SETTINGS } from './process-env.ts';
import { mergeTargets, registryTargets, startPrometheus, type PrometheusHandle } from './components/prometheus.ts';
import { repoRoot } from './paths.ts';

export { repoRoot };
export { parseReplicas, remoteStaticServers, servicePorts };

/**
 * A process of the local stack: its entry file, the variables its configuration schema reads (process-env.ts), and
 * the values the stack gives them beyond the infrastructure's and its PORT (the stack gives each process its own: a
 * replica has its own port, see replicaPorts).
 */
export interface ServiceSpec {
  name: string;
  entry: string;
  settings: readonly string[];
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
  /** Processes per service (REPLICAS); absent means one. */
  replicas?: Record<string, number>;
  /** The services started, when not all (the gateway is given only these). */
  services?: string[];
  /** The stack's Prometheus, when it runs one (`npm start`, `npm run dev`, the browser tests). */
  prometheusUrl?: string;
}

const url = (port: number) => `http://127.0.0.1:${port}`;

/** Replica k (2, 3, ...) of a service listens on its port + 10 × (k - 1): listings 4002, 4012, 4022 ... */
const REPLICA_PORT_STEP = 10;

/** The process name of replica `k` of a service: the first keeps the service's name, the next are `listings#2` ... */
export const replicaName = (service: string, k: number) => (k === 1 ? service : `${service}#${k}`);

/** Adds the ports of the extra replicas (`listings#2` ...) to a profile's service ports. */
export function replicaPorts(ports: Record<string, number>, replicas: Record<string, number>): Record<string, number> {
  const out = { ...ports };
  for (const [service, count] of Object.entries(replicas)) {
    for (let k = 2; k <= count; k++) out[replicaName(service, k)] = ports[service]! + REPLICA_PORT_STEP * (k - 1);
  }
  return out;
}

/** Every origin of a service, comma separated (what the gateway's <NAME>_URL takes); empty when it is not started. */
export function serviceOrigins(c: Pick<StackContext, 'ports' | 'replicas' | 'services'>, service: string): string {
  if (c.services && !c.services.includes(service)) return '';
  return Array.from({ length: c.replicas?.[service] ?? 1 }, (_, i) => url(c.ports[replicaName(service, i + 1)]!)).join(',');
}

/** The gateway's web variables: the shell build and every remote (by its manifest's name), by URL or by folder. */
export function webEnv(c: StackContext, deployables = stackDeployables(c.root)): Record<string, string> {
  const remotes = Object.fromEntries(
    deployables.remotes.map((r) => [r.manifest.name, c.web === 'servers' ? url(c.ports[r.folder]!) : path.join(c.root, r.folder, 'dist')]),
  );
  return { WEB_ROOT: path.join(c.root, 'shell', 'dist'), WEB_REMOTES: JSON.stringify(remotes) };
}

/**
 * What the local stack gives a setting, by the setting's name, for any service whose schema reads it: the site's
 * address, the generated keys, the demo switch, the signing key of its mails' links (one per service) ... A setting
 * not named here and not the address of a service it calls keeps its schema's default (or the infrastructure's value).
 */
const LOCAL_VALUES: Record<string, (c: StackContext, self: ServiceDeployable) => string | undefined> = {
  PUBLIC_URL: (c) => c.publicUrl,
  JWT_PUBLIC_KEY_FILE: (c) => c.keys.publicKeyFile,
  JWT_PRIVATE_KEY_FILE: (c) => c.keys.privateKeyFile,
  SEED_DEMO_DATA: (c) => String(c.demoData),
  DEMO_ACCOUNTS_PASSWORD: (c) => c.demoPassword,
  // Signs the links of its mails that act without a login (issue 22): renew a listing, stop reminders or an alert.
  LINK_SIGNING_KEY: (c, self) => ensureLinkSigningKey(path.join(c.dataDir, 'keys'), self.manifest.name),
  CONTACT_INBOX: () => 'support@centralpadesi.local',
  // Server rendering of the pages' bodies (issue 20) with production builds only: `npm run dev` rebuilds the browser
  // bundles alone, and a server bundle older than them would render other markup than they hydrate.
  WEB_ORIGIN: (c) => (c.web === 'servers' ? url(c.ports.gateway!) : undefined),
  SHELL_SERVER_BUNDLE: (c) => (c.web === 'servers' ? path.join(c.root, 'shell', 'dist', 'server', 'server.js') : undefined),
  WEB_ROOT: (c) => webEnv(c).WEB_ROOT,
  WEB_REMOTES: (c) => webEnv(c).WEB_REMOTES,
  // The name its spans carry when tracing is on (issue 36 §2: an OTEL_EXPORTER_OTLP_ENDPOINT in the environment).
  OTEL_SERVICE_NAME: (_c, self) => self.manifest.name,
  // The admins' Operations tab reads it (issue 36 §4); without one the tab says the metrics are unavailable.
  PROMETHEUS_URL: (c) => c.prometheusUrl,
};

/** `LISTINGS_URL` → `listings`, `SAVED_SEARCH_URL` → `saved-search`: the service a `<NAME>_URL` setting addresses. */
const addressed = (setting: string) => /^([A-Z][A-Z0-9_]*)_URL$/.exec(setting)?.[1]?.toLowerCase().replace(/_/g, '-');

/**
 * The values the stack gives a service: LOCAL_VALUES of the settings it reads, and the address of each service it
 * calls (its manifest's `calls`: one origin, or every replica's). The edge (the gateway) gets every replica's origin of
 * each service whose `<NAME>_URL` it reads.
 */
export function serviceEnv(self: ServiceDeployable, settings: readonly string[], c: StackContext, services: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const setting of settings) {
    const value = LOCAL_VALUES[setting]?.(c, self);
    if (value !== undefined) env[setting] = value;
  }
  for (const call of self.manifest.calls) {
    const all = serviceOrigins(c, call.service);
    env[call.env] = call.origins === 'all' && all ? all : url(c.ports[call.service]!);
  }
  if (self.manifest.kind === 'edge') {
    for (const setting of settings) {
      const service = addressed(setting);
      if (service && service !== self.manifest.name && services.includes(service)) env[setting] = serviceOrigins(c, service);
    }
  }
  return env;
}

/**
 * The services of the stack in their start order, each with its settings (its configuration schema's keys) and its
 * values (serviceEnv). Loads the schemas the manifests point at.
 */
export async function serviceSpecs(root = repoRoot(), deployables: Deployables = stackDeployables(root)): Promise<ServiceSpec[]> {
  const settings = await loadServiceSettings(root, deployables);
  const names = deployables.services.map((s) => s.manifest.name);
  return startOrder(deployables.services).map((d) => ({
    name: d.manifest.name,
    entry: path.join(d.folder, d.manifest.entry),
    settings: settings[d.manifest.name]!,
    env: (c) => serviceEnv(d, settings[d.manifest.name]!, c, names),
  }));
}

/**
 * Every posting limit (issue 21 §5) lifted, as extra variables for the services that enforce them (those whose schema
 * reads POSTING_LIMITS): for the browser tests and the bench, whose fresh accounts post far more than a person would.
 * The limits themselves are proven by the service kit's and the services' own tests; `npm start` keeps the defaults.
 */
export async function liftedPostingLimits(root = repoRoot()): Promise<Record<string, Record<string, string>>> {
  const lifted = JSON.stringify(Object.fromEntries(POSTING_ACTIONS.map((action) => [action, { limit: 100_000, newAccountLimit: 100_000 }])));
  const settings = await loadServiceSettings(root);
  return Object.fromEntries(Object.entries(settings).filter(([, keys]) => keys.includes('POSTING_LIMITS')).map(([service]) => [service, { POSTING_LIMITS: lifted }]));
}

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
/** A run at least this long counts as stable: the next exit waits 1 s again. */
export const STABLE_AFTER_MS = 60_000;

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
  /**
   * Starts a stopped process of the stack again and waits until it is ready: with the same environment, plus `env`
   * when given (kept for its restarts until it is started again without; e.g. a test's gateway with other settings).
   */
  startService(name: string, opts?: { env?: Record<string, string> }): Promise<void>;
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

/** One process the supervisor keeps running: how to start it and how to know it is ready. */
export interface SupervisedProcess {
  name: string;
  /** Where its output goes (named in the restart line). */
  logFile: string;
  /** Starts a new process. */
  spawn(): ChildProcess;
  /** Resolves once the process is ready; rejects when it exits first or is not ready in time. */
  ready(child: ChildProcess): Promise<void>;
}

export interface SupervisorOptions {
  log?: (line: string) => void;
  /** Called when a process exits by itself and when it is back (the `npm start` banner's status line). */
  onStatusChange?: (status: ProcessStatus[], change: string) => void;
  /** The clock of the "ran long enough" rule (tests move it instead of waiting a minute). */
  now?: () => number;
  /** A run at least this long starts the backoff again from 1 s. Default STABLE_AFTER_MS. */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Starts a process (a new one, or one stopped on purpose, again) and waits until it is ready. */
  launch(spec: SupervisedProcess): Promise<void>;
  /** Stops one process on purpose: it is not restarted. */
  stop(name: string): Promise<void>;
  /** Starts a process stopped on purpose again (no-op while it runs). */
  start(name: string): Promise<void>;
  /** Stops every process, last started first; nothing is restarted any more. */
  stopAll(): Promise<void>;
  status(): ProcessStatus[];
}

/**
 * The supervisor of `npm start`: a process that exits by itself (a crash, a fatal error, a SIGKILL) is started again
 * after restartDelayMs, logged and reported; one stopped on purpose stays stopped. A start that fails is one more
 * exit, with a longer wait. Each process (each replica of a service) is supervised on its own.
 */
export function createSupervisor(opts: SupervisorOptions = {}): Supervisor {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now;
  const stableAfterMs = opts.stableAfterMs ?? STABLE_AFTER_MS;
  interface Supervised {
    spec: SupervisedProcess;
    child: ChildProcess;
    state: ProcessStatus['state'];
    restarts: number;
    /** Exits by itself in a row, each before the run counted as stable (the backoff's exponent). */
    consecutiveExits: number;
    startedAt: number;
    lastExit?: string;
    /** Stopped on purpose (stop, stopAll): not restarted. */
    held: boolean;
    timer?: NodeJS.Timeout;
  }
  const children: Supervised[] = [];
  let stopping = false;
  const status = (): ProcessStatus[] =>
    children.map((c) => ({ name: c.spec.name, state: c.state, pid: c.child.pid, restarts: c.restarts, ...(c.lastExit ? { lastExit: c.lastExit } : {}) }));
  const report = (change: string) => {
    log(change);
    opts.onStatusChange?.(status(), change);
  };
  const supervise = (entry: Supervised) => {
    const child = entry.child;
    const { spec } = entry;
    child.once('exit', (code, signal) => {
      if (entry.child !== child) return;
      if (stopping || entry.held) {
        entry.state = 'stopped';
        return;
      }
      entry.lastExit = signal ? `signal ${signal}` : `exit code ${code}`;
      entry.consecutiveExits = now() - entry.startedAt >= stableAfterMs ? 1 : entry.consecutiveExits + 1;
      entry.restarts += 1;
      entry.state = 'restarting';
      const delay = restartDelayMs(entry.consecutiveExits);
      report(`${spec.name} stopped (${entry.lastExit}); restarting in ${delay / 1000} s (restart ${entry.restarts}, log ${spec.logFile})`);
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
  const launch = async (spec: SupervisedProcess) => {
    if (stopping) throw new Error('the stack is stopping');
    const child = spec.spawn();
    let entry = children.find((c) => c.spec.name === spec.name);
    if (entry) Object.assign(entry, { spec, child, state: 'starting', startedAt: now(), held: false });
    else {
      entry = { spec, child, state: 'starting', restarts: 0, consecutiveExits: 0, startedAt: now(), held: false };
      children.push(entry);
    }
    supervise(entry);
    try {
      await spec.ready(child);
    } catch (err) {
      // A stack still starting fails as a whole; a restart that does not get ready is stopped and tried again.
      if (entry.restarts === 0) entry.held = true;
      await stopChild(child);
      throw err;
    }
    if (entry.child === child) entry.state = 'up';
  };
  const named = (name: string) => {
    const found = children.find((c) => c.spec.name === name);
    if (!found) throw new Error(`no process named ${name} in the stack (${children.map((c) => c.spec.name).join(', ')})`);
    return found;
  };
  return {
    launch,
    status,
    async stop(name) {
      const entry = named(name);
      entry.held = true;
      clearTimeout(entry.timer);
      await stopChild(entry.child);
      entry.state = 'stopped';
    },
    async start(name) {
      const entry = named(name);
      if (entry.child.exitCode === null && entry.child.signalCode === null) return;
      clearTimeout(entry.timer);
      await launch(entry.spec);
    },
    async stopAll() {
      stopping = true;
      for (const c of children) {
        c.held = true;
        clearTimeout(c.timer);
      }
      await Promise.all([...children].reverse().map(({ child }) => stopChild(child)));
    },
  };
}

/**
 * Starts the services of the local stack as child processes (Node 24 running the TypeScript entry files) on top of
 * already running infrastructure, each logging to `<dataDir>/logs/<process>.log`, and waits until each is ready.
 * With `replicas`, a service runs as that many processes (`listings`, `listings#2` ...), each on its own port and
 * supervised on its own; the gateway gets every replica's origin.
 */
export async function startServices(opts: {
  dataDir: string;
  infraEnv: Record<string, string>;
  portOffset?: number;
  publicUrl?: string;
  /** Seed demo data into empty databases (default false; `npm start` turns it on). */
  demoData?: boolean;
  /** Extra variables per service, e.g. `{ gateway: { RATE_LIMIT_GLOBAL: '1000000' } }` for a benchmark (every replica). */
  extraEnv?: Record<string, Record<string, string>>;
  log?: (line: string) => void;
  /** How the remotes are served (StackContext.web); default `servers`. */
  web?: 'servers' | 'folders';
  /** Processes per service, e.g. `{ listings: 2, ads: 2 }` (parseReplicas reads REPLICAS); default one each. */
  replicas?: Record<string, number>;
  /** Only these services (and the remotes' static servers, when `web` is `servers`); default all the services the manifests declare. */
  services?: string[];
  /** Called when a process exits by itself and when it is back (the `npm start` banner's status line). */
  onStatusChange?: (status: ProcessStatus[], change: string) => void;
  /**
   * Runs Prometheus on this port (issue 36 §3; `npm start`, `npm run dev`), scraping every service process, replicas
   * included, on its metrics port (the kit's metricsPortOf), with the platform's alert rules. Its data: `<dataDir>/prometheus`.
   */
  prometheusPort?: number;
}): Promise<RunningStack> {
  const root = repoRoot();
  const log = opts.log ?? (() => {});
  const web = opts.web ?? 'servers';
  const deployables = stackDeployables(root);
  const replicas = parseReplicas(Object.entries(opts.replicas ?? {}).map(([k, v]) => `${k}=${v}`).join(','), deployables);
  const ports = replicaPorts(servicePorts(opts.portOffset ?? 0, deployables), replicas);
  const specs = await serviceSpecs(root, deployables);
  const unknown = (opts.services ?? []).filter((name) => !specs.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`no service named ${unknown.join(', ')} (services: ${specs.map((s) => s.name).join(', ')})`);
  const remoteServers: ServiceSpec[] = [];
  for (const { folder, port } of remoteStaticServers(opts.portOffset ?? 0, deployables)) {
    if (web !== 'servers') continue;
    ports[folder] = port;
    if (!existsSync(path.join(root, folder, 'dist', 'mf-manifest.json'))) {
      // Still in the gateway's configuration: it answers 502 for it and the page shows that remote's fallback.
      log(`${folder} has no build (npm run build:web): not serving it`);
      continue;
    }
    remoteServers.push({
      name: folder,
      entry: 'services/gateway/src/static-main.ts',
      // Registers the remote in the run-time registry (NATS_URL from the infrastructure), as a deployed one does.
      env: (c) => ({ STATIC_DIR: path.join(c.root, folder, 'dist'), OTEL_SERVICE_NAME: folder }),
      settings: STATIC_SERVER_SETTINGS,
    });
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
    replicas,
    ...(opts.services ? { services: opts.services } : {}),
    ...(opts.prometheusPort !== undefined ? { prometheusUrl: url(opts.prometheusPort) } : {}),
  };
  const logDir = path.join(opts.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const supervisor = createSupervisor({ log, ...(opts.onStatusChange ? { onStatusChange: opts.onStatusChange } : {}) });
  /** Variables a process was last started with by startService, over its own (by process name). */
  const startEnv = new Map<string, Record<string, string>>();
  const settingNames = allSettings(Object.fromEntries(specs.map((s) => [s.name, s.settings])), opts.infraEnv);

  /** One process of a service: replica `k` (its own name, port and log file). */
  const processOf = (spec: ServiceSpec, k: number): SupervisedProcess => {
    const name = replicaName(spec.name, k);
    const port = ports[name]!;
    const logFile = path.join(logDir, `${name.replace('#', '-')}.log`);
    return {
      name,
      logFile,
      spawn: () => {
        const out = createWriteStream(logFile, { flags: 'a' });
        // Tracing's preload first (the kit's telemetry: nothing when no exporter is configured), then the service.
        const child = spawn(process.execPath, ['--import', TELEMETRY_IMPORT, path.join(root, spec.entry)], {
          cwd: root,
          // Only its own settings (process-env.ts): comms alone gets SMTP_*, search and the gateway no MONGO_URL.
          env: processEnv(spec.settings, { ...opts.infraEnv, NODE_ENV: 'development', ...spec.env(ctx), PORT: String(port), ...opts.extraEnv?.[spec.name], ...startEnv.get(name) }, process.env, settingNames),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout?.pipe(out);
        child.stderr?.pipe(out);
        log(`starting ${name} on ${url(port)}`);
        return child;
      },
      ready: async (child) => {
        await waitReady(name, port, child, logFile);
        log(`${name} ready`);
      },
    };
  };
  const wanted = opts.services ? specs.filter((s) => opts.services!.includes(s.name)) : specs;
  let prometheus: PrometheusHandle | undefined;
  let stopDiscovery: (() => Promise<void>) | undefined;
  if (opts.prometheusPort !== undefined) {
    prometheus = await startPrometheus({ dir: path.join(opts.dataDir, 'prometheus'), port: opts.prometheusPort, pidDir: path.join(opts.dataDir, 'run'), logDir });
    // Every process of every service and of the gateway, each replica on its own metrics port; and whatever else
    // registers itself in the run-time registry with its metrics (a team's service started apart from the stack).
    const own = wanted.flatMap((s) => Array.from({ length: replicas[s.name] ?? 1 }, (_, i) => replicaName(s.name, i + 1)).map((process) => ({ address: `127.0.0.1:${metricsPortOf({ PORT: ports[process]! })}`, service: s.name, process })));
    prometheus.setTargets(own);
    if (opts.infraEnv.NATS_URL) {
      const handle = prometheus;
      const nc = await connectNatsClient(opts.infraEnv.NATS_URL, 'stack-prometheus-discovery');
      const watch = watchRegistry({ nc, logger: createLogger('stack', 'warn') });
      watch.onChange((table) => handle.setTargets(mergeTargets(own, registryTargets(table))));
      stopDiscovery = async () => {
        await watch.stop();
        await nc.close();
      };
    }
    log(`prometheus ready on ${prometheus.url}`);
  }
  const processes = [...remoteServers, ...wanted].flatMap((spec) => Array.from({ length: replicas[spec.name] ?? 1 }, (_, i) => processOf(spec, i + 1)));
  try {
    // The remotes' static servers first: the gateway proxies to them.
    for (const p of processes) await supervisor.launch(p);
  } catch (err) {
    await supervisor.stopAll();
    await stopDiscovery?.();
    await prometheus?.stop();
    throw err;
  }
  return {
    urls: { site: ctx.publicUrl, ...Object.fromEntries(Object.entries(ports).map(([k, p]) => [k, url(p)])), ...(prometheus ? { prometheus: prometheus.url } : {}) },
    ...(ctx.demoPassword ? { demoPassword: ctx.demoPassword } : {}),
    stop: async () => {
      await supervisor.stopAll();
      await stopDiscovery?.();
      await prometheus?.stop();
    },
    stopService: (name) => supervisor.stop(name),
    startService: (name, { env } = {}) => {
      startEnv.set(name, env ?? {});
      return supervisor.start(name);
    },
    status: () => supervisor.status(),
  };
}
