/**
 * The API proxy's configuration: where each service is (its replicas), the limits, timeouts and pools of forwarding,
 * the per-IP rate limits, the cross-site rule's origins and the API docs' bundle. Its own zod schema (ProxyEnv); the
 * gateway's config (../config.ts) parses it together with the web half's.
 */
import { z } from 'zod';
import { bool, loadConfig } from '@cp/service-kit';
import { RATE_LIMIT_CLASSES, type RateLimitClass } from '@cp/contracts';
import { blankAsUnset, int, nameValueEntries, UpstreamPoolEnv, upstreamPoolOf, type UpstreamPoolConfig } from '../shared/env.ts';
import { SERVICE_NAMES, upstreamVariable } from './routes-table.ts';

/** Upstream base URL: http(s), origin only (the gateway forwards paths unchanged). Empty means "not configured". */
function upstreamOrigin(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username || u.password) return null;
  return u.origin;
}

const ORIGIN_MESSAGE = 'must be an http(s) URL without path, e.g. http://127.0.0.1:4001';

/**
 * One service's upstreams: one origin or several separated by commas (replicas; the gateway spreads requests across
 * them). Reports a zod issue (prefixed with `label` when given) and answers undefined when one is not an origin or
 * one is listed twice.
 */
function upstreamOriginList(value: unknown, ctx: z.RefinementCtx, label = ''): string[] | undefined {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const origins: string[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const origin = typeof item === 'string' ? upstreamOrigin(item.trim()) : null;
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: `${label}${typeof item === 'string' ? `"${item.trim()}" ` : ''}${ORIGIN_MESSAGE}` });
      return undefined;
    }
    if (origins.includes(origin)) {
      ctx.addIssue({ code: 'custom', message: `${label}${origin} is listed twice` });
      return undefined;
    }
    origins.push(origin);
  }
  if (origins.length === 0) {
    ctx.addIssue({ code: 'custom', message: `${label}${ORIGIN_MESSAGE}` });
    return undefined;
  }
  return origins;
}

/** `<NAME>_URL`: one upstream origin, or several separated by commas. Empty means "not configured". */
const optionalUpstream = z.preprocess(
  blankAsUnset,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      return upstreamOriginList(v, ctx) ?? z.NEVER;
    }),
);

/**
 * `SERVICE_URLS`: every upstream in one variable, either JSON (`{"identity":"http://127.0.0.1:4001",
 * "listings":["http://127.0.0.1:4002","http://127.0.0.1:4012"]}`) or a list (`identity=http://127.0.0.1:4001,
 * listings=http://127.0.0.1:4002,http://127.0.0.1:4012`: an item without `name=` is one more origin of the name before).
 */
const serviceUrls = z.preprocess(
  blankAsUnset,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out: Record<string, string[]> = {};
      if (v === undefined) return out;
      let entries: Array<[string, unknown]> | undefined;
      if (v.trim().startsWith('{')) {
        entries = nameValueEntries(v, ctx, 'must be a JSON object of service name to URL (or list of URLs), or name=url pairs separated by commas', 'name=url');
      } else {
        entries = [];
        for (const item of v.split(',').map((p) => p.trim()).filter(Boolean)) {
          const named = /^([A-Za-z][\w-]*)=(.*)$/.exec(item);
          const last = entries.at(-1);
          if (named) entries.push([named[1]!, [named[2]!.trim()]]);
          else if (last) (last[1] as string[]).push(item);
          else {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not name=url` });
            return z.NEVER;
          }
        }
      }
      if (!entries) return z.NEVER;
      for (const [name, urls] of entries) {
        if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
          ctx.addIssue({ code: 'custom', message: `unknown service "${name}" (known: ${SERVICE_NAMES.join(', ')})` });
          return z.NEVER;
        }
        const origins = upstreamOriginList(urls, ctx, `${name}: `);
        if (!origins) return z.NEVER;
        out[name] = origins;
      }
      return out;
    }),
);

const originList = z.preprocess(
  blankAsUnset,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return [];
      const origins: string[] = [];
      for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        try {
          const u = new URL(item);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
          origins.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
          return z.NEVER;
        }
      }
      return origins;
    }),
);

/** The limit of each rate-limit class of the route table (routes-table.ts): `RATE_LIMIT_<CLASS>`. */
const RATE_LIMIT_ENV: Record<RateLimitClass, string> = {
  auth: 'RATE_LIMIT_AUTH',
  password: 'RATE_LIMIT_PASSWORD',
  contact: 'RATE_LIMIT_CONTACT',
  upload: 'RATE_LIMIT_UPLOAD',
  adEvents: 'RATE_LIMIT_AD_EVENTS',
};

/** One optional `<NAME>_URL` per platform service (routes-table.ts SERVICE_NAMES, from the manifests). */
const individualUpstreams: Record<string, typeof optionalUpstream> = Object.fromEntries(SERVICE_NAMES.map((name) => [upstreamVariable(name), optionalUpstream]));

export const ProxyEnv = z.object({
  /** More origins allowed to send state-changing requests (comma separated); PUBLIC_URL always is. */
  ALLOWED_ORIGINS: originList,
  /** Accept `Sec-Fetch-Site: same-site` (a sibling subdomain) for state-changing requests. */
  ALLOW_SAME_SITE: bool(false),

  SERVICE_URLS: serviceUrls,
  /** `<NAME>_URL` of every service whose manifest is beside the gateway's (LISTINGS_URL ...): its upstream origins. */
  ...individualUpstreams,

  /** Redoc's standalone bundle for /api/docs (api-docs.ts). Unset: the `redoc` package's, when installed. */
  API_DOCS_BUNDLE: z.preprocess(blankAsUnset, z.string().optional()),

  UPSTREAM_TIMEOUT_MS: int(10_000, 1),
  UPLOAD_TIMEOUT_MS: int(60_000, 1),
  READY_TIMEOUT_MS: int(1_000, 1),
  MAX_BODY_BYTES: int(1024 * 1024, 0),
  MAX_UPLOAD_BYTES: int(110 * 1024 * 1024, 0),
  ...UpstreamPoolEnv.shape,
  /**
   * Live streams (routes of kind 'stream': server-sent events) hold a connection each for as long as a tab is open: they
   * have their own connections to each upstream, so they never take the API's; a stream may stay silent this long
   * between two chunks (the service sends a keep-alive comment every 15 s).
   */
  STREAM_CONNECTIONS: int(1_024, 1),
  STREAM_IDLE_TIMEOUT_MS: int(60_000, 1),

  /** Per client IP and window; 0 turns a limit off. */
  RATE_LIMIT_WINDOW_MS: int(60_000, 1),
  /** Every /api and /internal request. */
  RATE_LIMIT_GLOBAL: int(600),
  /** Everything else: the site's files (a page view with its remotes fetches 30 or more), /uploads, the renderer's files. */
  RATE_LIMIT_WEB: int(6000),
  RATE_LIMIT_AUTH: int(20),
  RATE_LIMIT_PASSWORD: int(10),
  RATE_LIMIT_CONTACT: int(10),
  RATE_LIMIT_UPLOAD: int(30),
  RATE_LIMIT_AD_EVENTS: int(300),
});
export type ProxyEnvValues = z.infer<typeof ProxyEnv>;

export interface ProxyConfig {
  /** Upstream origins per configured service (several: replicas, requests spread across them); a missing service answers 503. */
  services: Record<string, string[]>;
  /** Origins allowed to make state-changing requests: the public URL first, then ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  allowSameSite: boolean;
  timeouts: { upstreamMs: number; uploadMs: number; readyMs: number };
  bodyLimits: { apiBytes: number; uploadBytes: number };
  pool: UpstreamPoolConfig;
  streams: { connections: number; idleMs: number };
  /** The window, the two buckets every request counts in (`global`: /api and /internal; `web`: the rest), and each class's limit. */
  rateLimits: { windowMs: number; global: number; web: number } & Record<RateLimitClass, number>;
  /** Redoc's bundle for /api/docs (api-docs.ts); undefined: the installed `redoc` package's. */
  apiDocsBundle?: string | undefined;
}

/** The proxy's configuration from its parsed variables; `publicUrl` (the site's origin) is always an allowed origin. */
export function proxyConfigOf(e: ProxyEnvValues, publicUrl: string): ProxyConfig {
  const services: Record<string, string[]> = { ...e.SERVICE_URLS };
  for (const name of SERVICE_NAMES) {
    const value = (e as Record<string, unknown>)[upstreamVariable(name)];
    if (Array.isArray(value)) services[name] = value as string[]; // an individual variable wins over SERVICE_URLS
  }
  return {
    services,
    allowedOrigins: [...new Set([publicUrl, ...e.ALLOWED_ORIGINS])],
    allowSameSite: e.ALLOW_SAME_SITE,
    timeouts: { upstreamMs: e.UPSTREAM_TIMEOUT_MS, uploadMs: e.UPLOAD_TIMEOUT_MS, readyMs: e.READY_TIMEOUT_MS },
    bodyLimits: { apiBytes: e.MAX_BODY_BYTES, uploadBytes: e.MAX_UPLOAD_BYTES },
    pool: upstreamPoolOf(e),
    streams: { connections: e.STREAM_CONNECTIONS, idleMs: e.STREAM_IDLE_TIMEOUT_MS },
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      global: e.RATE_LIMIT_GLOBAL,
      web: e.RATE_LIMIT_WEB,
      ...(Object.fromEntries(RATE_LIMIT_CLASSES.map((c) => [c, e[RATE_LIMIT_ENV[c] as keyof ProxyEnvValues] as number])) as Record<RateLimitClass, number>),
    },
    apiDocsBundle: e.API_DOCS_BUNDLE,
  };
}

/** The proxy's configuration alone (tests, or a proxy without the web half); throws a ConfigError listing every problem. */
export function loadProxyConfig(publicUrl: string, env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): ProxyConfig {
  return proxyConfigOf(loadConfig(ProxyEnv, env), publicUrl);
}
