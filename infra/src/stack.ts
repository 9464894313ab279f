import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { connectNatsClient, createLogger, metricsPortOf, TELEMETRY_IMPORT, watchRegistry } from '@cp/service-kit';
import { parseReplicas, remoteStaticServers, servicePorts, stackDeployables } from './catalogue.ts';
import { ensureDemoPassword, ensureSigningKeys } from './keys.ts';
import { allSettings, processEnv, STATIC_SERVER_SETTINGS } from './process-env.ts';
import { mergeTargets, registryTargets, startPrometheus, type PrometheusHandle } from './components/prometheus.ts';
import { repoRoot } from './paths.ts';
import { replicaName, replicaPorts, serviceSpecs, url, type ServiceSpec, type StackContext } from './stack-env.ts';
import { createSupervisor, waitReady, type ProcessStatus, type SupervisedProcess } from './supervisor.ts';

/**
 * The local stack (`npm start`, `npm run dev`, the browser tests, the bench, the chaos suite): its infrastructure's
 * environment given, it starts every service (and replica), the remotes' static servers and Prometheus under the
 * supervisor (supervisor.ts), each with the environment stack-env.ts derives from the manifests.
 */

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
