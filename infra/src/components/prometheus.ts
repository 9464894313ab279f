/**
 * Prometheus for the local stack (issue 36 §3): Debian's `prometheus` package (scripts/setup.sh), run as a plain
 * process on loopback with its own data folder. It scrapes every process the stack started — each service and each
 * replica, on its metrics port — and every instance that registers itself in the run-time registry with its metrics
 * (registryTargets), from a targets file the stack writes (file-based discovery, re-read within seconds),
 * and it loads the platform's alert rules (infra/prometheus/alerts.yml, the same rules Kubernetes gets).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RegistryTable } from '@cp/service-kit';
import { repoRoot } from '../paths.ts';
import { httpOk, spawnLogged, waitUntil, type Proc } from '../proc.ts';

export const PROMETHEUS = '/usr/bin/prometheus';
/** The local Prometheus's port before a profile's offset (`npm start`: http://127.0.0.1:9090). */
export const PROMETHEUS_PORT = 9090;
export const PROMTOOL = '/usr/bin/promtool';
/** The platform's alert rules, loaded by the local Prometheus and validated by promtool in the tests. */
export const ALERT_RULES_FILE = (root = repoRoot()) => path.join(root, 'infra', 'prometheus', 'alerts.yml');

/** One process Prometheus scrapes: where its metrics are, and which service and process it is. */
export interface ScrapeTarget {
  /** host:port of its metrics (`127.0.0.1:5002`). */
  address: string;
  service: string;
  /** The stack's process name (`listings`, `listings#2`). */
  process: string;
}

export interface PrometheusHandle {
  url: string;
  /** Replaces the scraped processes (atomically: Prometheus never reads half a file). */
  setTargets(targets: readonly ScrapeTarget[]): void;
  stop(): Promise<void>;
}

/**
 * The instances the run-time registry knows that serve metrics (issue 35's self-registration): a team's service that
 * nobody configured is scraped as soon as it registers, and left when it leaves. Labelled with its manifest's name and
 * `<name>@<instance id>` as its process.
 */
export function registryTargets(table: RegistryTable): ScrapeTarget[] {
  const out: ScrapeTarget[] = [];
  for (const [service, entry] of table.services) {
    for (const instance of entry.instances) if (instance.metrics) out.push({ address: new URL(instance.metrics).host, service, process: `${service}@${instance.instanceId}` });
  }
  return out;
}

/** What Prometheus scrapes: the stack's own processes, and the registry's instances that are not among them (by address). */
export function mergeTargets(own: readonly ScrapeTarget[], registered: readonly ScrapeTarget[]): ScrapeTarget[] {
  const known = new Set(own.map((t) => t.address));
  return [...own, ...registered.filter((t) => !known.has(t.address))];
}

/** prometheus.yml: scrape every target of the file each `scrapeInterval`, evaluate the alert rules as often. */
export function prometheusConfig(opts: { targetsFile: string; rulesFiles: string[]; scrapeInterval: string }): string {
  // JSON is YAML: one format to write and to test.
  return JSON.stringify(
    {
      global: { scrape_interval: opts.scrapeInterval, evaluation_interval: opts.scrapeInterval },
      rule_files: opts.rulesFiles,
      scrape_configs: [{ job_name: 'cp', metrics_path: '/metrics', honor_labels: true, file_sd_configs: [{ files: [opts.targetsFile], refresh_interval: '5s' }] }],
    },
    null,
    2,
  );
}

/** The file-discovery document of the targets: one group per process, labelled with its service and process. */
export function targetsDocument(targets: readonly ScrapeTarget[]): string {
  return JSON.stringify(targets.map((t) => ({ targets: [t.address], labels: { service: t.service, process: t.process } })), null, 2);
}

/** Starts Prometheus on 127.0.0.1:`port` with its store under `dir`; `scrapeInterval` default 5 s (a test: 1 s). */
export async function startPrometheus(opts: { dir: string; port: number; pidDir: string; logDir: string; rulesFiles?: string[]; scrapeInterval?: string; name?: string }): Promise<PrometheusHandle> {
  if (!existsSync(PROMETHEUS)) throw new Error(`${PROMETHEUS} not found: run scripts/setup.sh (installs prometheus)`);
  mkdirSync(path.join(opts.dir, 'data'), { recursive: true });
  const targetsFile = path.join(opts.dir, 'targets.json');
  const setTargets = (targets: readonly ScrapeTarget[]) => {
    writeFileSync(`${targetsFile}.tmp`, targetsDocument(targets));
    renameSync(`${targetsFile}.tmp`, targetsFile);
  };
  setTargets([]);
  const configFile = path.join(opts.dir, 'prometheus.yml');
  writeFileSync(configFile, prometheusConfig({ targetsFile, rulesFiles: opts.rulesFiles ?? [ALERT_RULES_FILE()], scrapeInterval: opts.scrapeInterval ?? '5s' }));
  const name = opts.name ?? 'prometheus';
  const url = `http://127.0.0.1:${opts.port}`;
  const proc: Proc = spawnLogged(
    name,
    PROMETHEUS,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(opts.dir, 'data')}`, '--storage.tsdb.retention.time=2d', `--web.listen-address=127.0.0.1:${opts.port}`, '--web.enable-lifecycle'],
    { logFile: path.join(opts.logDir, `${name}.log`), pidDir: opts.pidDir },
  );
  await waitUntil(name, () => httpOk(`${url}/-/ready`), 60_000, proc);
  return { url, setTargets, stop: () => proc.stop() };
}
