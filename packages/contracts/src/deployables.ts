import './zod-config.ts';
import { z } from 'zod';
import { NEVER_ROUTED, RATE_LIMIT_CLASSES, type RouteRule } from './public-routes.ts';

/**
 * Issue 35: every deployable declares itself once, in its own folder — a service in `services/<name>/service.json`, a
 * microfrontend in `mf-<name>/remote.json` — and everything that lists deployables is derived from those files: the
 * local stack (`npm start`, REPLICAS), the generated docker-compose.yml and Kubernetes base (`npm run deploy:gen`), and
 * at run time the gateway's route table and remote registry, which each running instance fills by registering its
 * manifest in NATS (the registry, `REGISTRY_BUCKET`). A new team adds its folder; nobody else's file changes.
 */

/** A deployable's name: lower case, a letter first (`listings`, `events`, `saved-search`); also its DNS name. */
export const DEPLOYABLE_NAME = /^[a-z][a-z0-9-]{1,29}$/;
/**
 * The platform's own event streams, which no deployable may take as its name, and the events on them any service may
 * publish (besides its own, `<name>.<event>`): `notices.mail-requested`, a mail comms sends for it (contracts'
 * notices.ts).
 */
export const NOTICES_DOMAIN = 'notices';
export const PLATFORM_EVENT_TYPES = [`${NOTICES_DOMAIN}.mail-requested`] as const;
export const isPlatformEvent = (type: string): boolean => (PLATFORM_EVENT_TYPES as readonly string[]).includes(type);
/** An environment variable's name. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

const name = z.string().regex(DEPLOYABLE_NAME, 'must be lower case letters, digits and dashes, a letter first, 2 to 30 characters');
const port = z.number().int().min(1024).max(65535);

/**
 * A public path prefix: `/` then whole segments, no trailing slash, nothing a URL would change (`.`/`..`, `//`,
 * `%`, `?`, `#`).
 */
export const RoutePrefixSchema = z
  .string()
  .regex(/^(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/, 'must be /segment[/segment...] without a trailing slash (letters, digits, ".", "_", "-")')
  .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'must not contain "." or ".." segments')
  .refine((p) => !NEVER_ROUTED.some((n) => p === n || p.startsWith(`${n}/`)), `must not be under ${NEVER_ROUTED.join(', ')} (service-to-service paths are never routed)`);

/** The rate-limit class of the POSTs under a rule (public-routes.ts RouteLimit): the whole prefix, or one path below it. */
export const RouteLimitSchema = z.strictObject({
  method: z.literal('POST'),
  class: z.enum(RATE_LIMIT_CLASSES),
  path: z
    .string()
    .regex(/^(\/(:[A-Za-z][A-Za-z0-9]*|[A-Za-z0-9][A-Za-z0-9._-]*))+$/, 'must be a router path (/a/:id/b)')
    .optional(),
});

/** A public path prefix a service owns (public-routes.ts RouteRule without the service, which is the manifest's). */
export const ManifestRouteSchema = z
  .strictObject({
    prefix: RoutePrefixSchema,
    /** 'api': a request and its answer; 'upload': a large body, more time; 'stream': server-sent events. */
    kind: z.enum(['api', 'upload', 'stream']).default('api'),
    /** The gateway's rate-limit classes of requests under this prefix; the first that matches counts. */
    limits: z.array(RouteLimitSchema).max(10).optional(),
  })
  .superRefine((rule, ctx) => {
    for (const [i, limit] of (rule.limits ?? []).entries()) {
      if (limit.path !== undefined && limit.path !== rule.prefix && !limit.path.startsWith(`${rule.prefix}/`)) {
        ctx.addIssue({ code: 'custom', path: ['limits', i, 'path'], message: `must be ${rule.prefix} or below it` });
      }
    }
  });
export type ManifestRoute = z.infer<typeof ManifestRouteSchema>;

/**
 * How many processes of a deployable run by default, and at most (1 and 1: never replicated, e.g. the gateway in the
 * local stack). Kubernetes runs at least 2 pods of each, and an autoscaled one up to `max` unless its `deploy.autoscale`
 * gives the cluster's own bound (the gateway's).
 */
const ReplicasSchema = z
  .strictObject({ default: z.number().int().min(1).max(9).default(1), max: z.number().int().min(1).max(9).default(9) })
  .refine((r) => r.default <= r.max, { message: 'default must not be more than max', path: ['default'] });

/**
 * Another service a service calls directly (a read at listings when a conversation opens): the variable its
 * configuration takes that service's address in, and whether it wants every replica's origin (comma separated) or one.
 */
const CallSchema = z.strictObject({ service: name, env: z.string().regex(ENV_NAME), origins: z.enum(['one', 'all']).default('one') });

/** Where something of a deployable is (its configuration schema: zod, its keys are the settings it reads; its API declaration): a module and its export. */
const ConfigRefSchema = z.strictObject({ module: z.string().regex(/^src\/[\w./-]+\.ts$/, 'must be a .ts file under src/'), export: z.string().regex(/^[A-Za-z_$][\w$]*$/) });

/** A Kubernetes CPU quantity (`100m`, `1`, `1.5`) and memory quantity (`192Mi`, `1Gi`). */
const cpu = z.string().regex(/^(\d+m|\d+(\.\d+)?)$/, 'must be a CPU quantity: 100m, 1, 1.5');
const memory = z.string().regex(/^\d+(Mi|Gi)$/, 'must be a memory quantity in Mi or Gi: 192Mi, 1Gi');

/**
 * How a deployable runs in containers (docker-compose.yml, the Kubernetes base; `npm run deploy:gen`), where it
 * differs from its kind's usual: all optional, the generator's defaults otherwise.
 */
export const DeploySchema = z.strictObject({
  /**
   * The image recipe, when not its kind's (a service: infra/docker/service.Dockerfile with SERVICE=<name>; a remote:
   * infra/docker/web.Dockerfile target remote with APP=mf-<name>): a stage of another recipe (the gateway and the
   * renderer carry the shell's build, web.Dockerfile targets gateway and renderer).
   */
  image: z.strictObject({ dockerfile: z.string().regex(/^infra\/docker\/[\w.-]+\.Dockerfile$/), target: z.string().regex(/^[a-z][a-z0-9-]*$/) }).optional(),
  /** CPU and memory a container asks for and may use at most (compose takes the limits). */
  resources: z.strictObject({ requests: z.strictObject({ cpu, memory }), limits: z.strictObject({ cpu, memory }) }).optional(),
  /**
   * Scaled on its requests per second and CPU (`cpuUtilization`) from its default replicas (at least 2) up to
   * `maxReplicas` (default: its replicas' max), instead of a fixed count (issue 36 §5: a HorizontalPodAutoscaler, or
   * the KEDA ScaledObject that also scales a service with JetStream consumers on their lag; infra/README.md).
   */
  autoscale: z.strictObject({ maxReplicas: z.number().int().min(2).max(100).optional(), cpuUtilization: z.number().int().min(10).max(95).default(70) }).optional(),
  /** How long it may take to start before it is restarted (its startup probe), seconds. */
  startupSeconds: z.number().int().min(10).max(600).optional(),
});
export type Deploy = z.infer<typeof DeploySchema>;

const EVENT_TYPE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

export const ServiceManifestSchema = z
  .strictObject({
    name,
    /** 'service': behind the gateway, owns `routes`. 'edge': the gateway itself (the one origin; owns no prefix). */
    kind: z.enum(['service', 'edge']),
    description: z.string().min(1).max(300),
    /** The port it listens on (in every environment; the local stack adds its profile's offset). */
    port,
    /** Its entry file, relative to its folder. */
    entry: z.string().regex(/^src\/[\w./-]+\.ts$/).default('src/main.ts'),
    config: ConfigRefSchema,
    /** Its API declaration (a ServiceApi of contracts' openapi: every route with its schemas), for its OpenAPI document and the site's public one. */
    api: ConfigRefSchema.optional(),
    /** The public path prefixes it owns, each with its kind and rate-limit classes (longest prefix wins at the gateway). */
    routes: z.array(ManifestRouteSchema).max(50).default([]),
    /** The events it publishes (`<name>.<event>`, contracts' event catalogue), on its stream `EVENTS_<NAME>`. */
    publishes: z.array(z.string().regex(EVENT_TYPE)).max(100).default([]),
    /** The events of other services it consumes (`<service>.<event>`, or `<service>.*` for a whole stream). */
    consumes: z.array(z.string().regex(/^[a-z][a-z0-9-]*\.([a-z][a-z0-9-]*|\*)$/)).max(100).default([]),
    /** Other services it calls directly, and the variable each address goes in. */
    calls: z.array(CallSchema).max(20).default([]),
    replicas: ReplicasSchema.default({ default: 1, max: 9 }),
    health: z.strictObject({ live: z.string().regex(/^\/[\w/-]*$/), ready: z.string().regex(/^\/[\w/-]*$/) }).default({ live: '/healthz', ready: '/readyz' }),
    deploy: DeploySchema.optional(),
  })
  .superRefine((m, ctx) => {
    for (const [i, type] of m.publishes.entries()) {
      if (!type.startsWith(`${m.name}.`) && !isPlatformEvent(type)) {
        ctx.addIssue({ code: 'custom', path: ['publishes', i], message: `must be one of ${m.name}'s own events (${m.name}.<event>) or a platform event (${PLATFORM_EVENT_TYPES.join(', ')})` });
      }
    }
    if (m.name === NOTICES_DOMAIN) ctx.addIssue({ code: 'custom', path: ['name'], message: `"${NOTICES_DOMAIN}" is the platform's stream, not a deployable's name` });
    const prefixes = m.routes.map((r) => r.prefix.toLowerCase());
    for (const [i, p] of prefixes.entries()) {
      if (prefixes.indexOf(p) !== i) ctx.addIssue({ code: 'custom', path: ['routes', i, 'prefix'], message: 'is listed twice' });
    }
    if (m.kind === 'edge' && m.routes.length > 0) ctx.addIssue({ code: 'custom', path: ['routes'], message: 'the edge owns no prefix' });
  });
export type ServiceManifest = z.infer<typeof ServiceManifestSchema>;

/**
 * The public route table of these services: every route their manifests declare, with the service's name (the
 * gateway's configured table, the renderer's page reads, the OpenAPI documents' public operations).
 */
export function routeRules(manifests: readonly ServiceManifest[]): RouteRule[] {
  return manifests.flatMap((m) => m.routes.map((r): RouteRule => ({ prefix: r.prefix, service: m.name, kind: r.kind, ...(r.limits ? { limits: r.limits } : {}) })));
}

/** A microfrontend: served under `/mf/<name>/` (container `mf_<name>`) from its own static server. */
export const RemoteManifestSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{1,29}$/, 'must be lower case letters, digits and "_", a letter first (served under /mf/<name>/, container mf_<name>)'),
  kind: z.literal('remote'),
  description: z.string().min(1).max(300),
  /** Its own static server's port in the local stack (the gateway proxies /mf/<name>/ to it). */
  port,
  /** The webpack dev server's port (`npm run dev -w mf-<name>`). */
  devPort: port,
  replicas: ReplicasSchema.default({ default: 1, max: 9 }),
  deploy: DeploySchema.omit({ image: true }).optional(),
});
export type RemoteManifest = z.infer<typeof RemoteManifestSchema>;

export type Manifest = ServiceManifest | RemoteManifest;

/** The file each kind of deployable declares itself in, in its own folder. */
export const MANIFEST_FILES = { service: 'service.json', remote: 'remote.json' } as const;

/**
 * Prefixes that belong to the platform: only the services named may claim them or anything below them (the accounts
 * of identity, the admin areas, the moderation routes, the site's own files). Any prefix outside `/api/` must be one
 * of these, so a newcomer can never shadow a page of the site.
 */
export const RESERVED_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  '/api/auth': ['identity'],
  '/api/register': ['identity'],
  '/api/local-login': ['identity'],
  '/api/logout': ['identity'],
  '/api/forgot-password': ['identity'],
  '/api/reset-password': ['identity'],
  '/api/admin': ['directory', 'moderation'],
  '/api/reports': ['moderation'],
  /** The browsers' reports of the releases by percentage (issue 35 §4): the gateway answers it itself. */
  '/api/releases': [],
  '/api/openapi.json': [],
  '/api/docs': [],
  '/uploads': ['listings'],
  '/robots.txt': ['renderer'],
  '/sitemap.xml': ['renderer'],
  '/sitemaps': ['renderer'],
  '/og': ['renderer'],
  '/mf': [],
  '/healthz': [],
  '/readyz': [],
  '/metrics': [],
};

const below = (path: string, prefix: string) => path.toLowerCase() === prefix.toLowerCase() || path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`);

/** The file types a service may serve at the site's root under its own name: feeds that apps subscribe to. */
export const FEED_FILE_TYPES = ['ics', 'xml', 'rss', 'atom'] as const;

/**
 * Whether `prefix` is a feed file named after the service at the site's root (`/events.ics` of the service `events`,
 * issue 38's calendar feed): a calendar or feed app is given one short URL, and no page or other service can have it,
 * since a page's path has no extension and a service name is unique.
 */
function ownFeedFile(service: string, prefix: string): boolean {
  return (FEED_FILE_TYPES as readonly string[]).some((type) => prefix.toLowerCase() === `/${service}.${type}`);
}

/**
 * Why `service` may not claim `prefix`, or undefined when it may: a reserved prefix (or one below it, or one that would
 * contain it) of another owner, or a prefix outside `/api/` that is neither reserved for it nor its own feed file.
 */
export function reservedClaimError(service: string, prefix: string): string | undefined {
  for (const [reserved, owners] of Object.entries(RESERVED_PREFIXES)) {
    if (owners.includes(service) && below(prefix, reserved)) return undefined;
    if (below(prefix, reserved) || below(reserved, prefix)) {
      return `${prefix} is reserved${owners.length > 0 ? ` for ${owners.join(', ')}` : ' for the platform'} (${reserved})`;
    }
  }
  if (ownFeedFile(service, prefix)) return undefined;
  if (!below(prefix, '/api')) return `${prefix} is outside /api/: only the platform's reserved prefixes and the service's own feed files (/${service}.ics, .xml, .rss, .atom) may be`;
  if (prefix.toLowerCase() === '/api') return '/api itself is the platform\'s';
  return undefined;
}

/** Whether `value` is exactly a URL's origin (`http://host:port`, no path or slash). Never throws: zod runs refinements of values that already failed. */
export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** The NATS key-value bucket every running instance registers in (issue 35 §2). */
export const REGISTRY_BUCKET = 'cp_registry';

/** One running instance, as it registers itself: its manifest, where it answers, and what build it runs. */
export const InstanceRecordSchema = z.strictObject({
  /** Unique per process (a random id at start). */
  instanceId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  /** The origin other processes reach it at (http://10.1.2.3:4002). */
  address: z.url({ protocol: /^https?$/ }).refine(isOrigin, 'must be an origin (no path)'),
  /**
   * The origin of its Prometheus metrics (`GET /metrics`, an internal port; issue 36): how Prometheus finds an
   * instance nobody configured. Absent: it serves none (a remote's static server).
   */
  metrics: z.url({ protocol: /^https?$/ }).refine(isOrigin, 'must be an origin (no path)').optional(),
  /** The build it runs (a version, a commit). */
  version: z.string().min(1).max(80),
  startedAt: z.iso.datetime(),
  manifest: z.discriminatedUnion('kind', [ServiceManifestSchema, RemoteManifestSchema]),
});
export type InstanceRecord = z.infer<typeof InstanceRecordSchema>;

/** The registry key of an instance: `service.<name>.<instanceId>` or `remote.<name>.<instanceId>`. */
export function registryKey(record: Pick<InstanceRecord, 'instanceId' | 'manifest'>): string {
  return `${record.manifest.kind === 'remote' ? 'remote' : 'service'}.${record.manifest.name}.${record.instanceId}`;
}
