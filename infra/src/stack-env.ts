/**
 * The processes of the local stack and the environment each is given: the service catalogue as the stack runs it
 * (from the manifests, catalogue.ts), replica ports, and the values of the settings each configuration schema reads.
 */
import path from 'node:path';
import { POSTING_ACTIONS } from '@cp/contracts';
import { loadServiceSettings, stackDeployables, startOrder } from './catalogue.ts';
import { REPLICA_PORT_STEP, type Deployables, type ServiceDeployable } from './deployables.ts';
import { ensureLinkSigningKey, ensureVisitorIdKeys } from './keys.ts';
import { repoRoot } from './paths.ts';

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

export const url = (port: number) => `http://127.0.0.1:${port}`;

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
  // Signs the visitor id cookie the gateway gives browsers (issue 41 §2): the services count only ids it signed.
  VISITOR_ID_KEYS: (c) => ensureVisitorIdKeys(path.join(c.dataDir, 'keys')),
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
