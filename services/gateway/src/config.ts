import path from 'node:path';
import { z } from 'zod';
import { bool, loadConfig } from '@cp/service-kit';
import type { SiteSettings } from '@cp/contracts';
import { SERVICE_NAMES, type ServiceName } from './routes-table.ts';
import { SiteSettingsEnv, siteSettingsOf } from './site-settings.ts';

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
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      return upstreamOriginList(v, ctx) ?? z.NEVER;
    }),
);

/**
 * A map in one variable: a JSON object (`{"a":"x"}`) or `name=value` pairs separated by commas. Reports a zod issue
 * and answers undefined when it is neither.
 */
function nameValueEntries(value: string, ctx: z.RefinementCtx, jsonMessage: string, pairShape: string): Array<[string, unknown]> | undefined {
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return Object.entries(parsed);
    } catch {
      ctx.addIssue({ code: 'custom', message: jsonMessage });
      return undefined;
    }
  }
  const entries: Array<[string, unknown]> = [];
  for (const pair of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not ${pairShape}` });
      return undefined;
    }
    entries.push([pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()]);
  }
  return entries;
}

/**
 * `SERVICE_URLS`: every upstream in one variable, either JSON (`{"identity":"http://127.0.0.1:4001",
 * "listings":["http://127.0.0.1:4002","http://127.0.0.1:4012"]}`) or a list (`identity=http://127.0.0.1:4001,
 * listings=http://127.0.0.1:4002,http://127.0.0.1:4012`: an item without `name=` is one more origin of the name before).
 */
const serviceUrls = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out: Partial<Record<ServiceName, string[]>> = {};
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
        out[name as ServiceName] = origins;
      }
      return out;
    }),
);

const originList = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
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

/** One deployed microfrontend: served from a local build folder, or proxied to its own static server. */
export type WebRemoteSource = { kind: 'dir'; dir: string } | { kind: 'url'; origin: string; basePath: string };

export interface WebRemote {
  /** Path segment: the remote is served under `/mf/<key>/`. */
  key: string;
  /** Module Federation container name, `mf_<key>`. */
  name: string;
  /** Registry entry: `/mf/<key>/mf-manifest.json`. */
  entry: string;
  source: WebRemoteSource;
}

const REMOTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** `http(s)://host[:port][/base/]` of a remote's own static server; the gateway maps `/mf/<key>/x` to `<base>/x`. */
function remoteUrl(value: string): { origin: string; basePath: string } | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username || u.password) return null;
  return { origin: u.origin, basePath: u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/` };
}

/**
 * `WEB_REMOTES`: the deployed microfrontends, in registry order. JSON object (`{"listings":"mf-listings/dist",
 * "forum":"http://127.0.0.1:3102"}`) or `name=value` pairs separated by commas. A value starting with http:// or
 * https:// is the remote's own static server (proxied); anything else is a build folder (relative to the working
 * directory).
 */
const webRemotes = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out: WebRemote[] = [];
      if (v === undefined) return out;
      const entries = nameValueEntries(v, ctx, 'must be a JSON object of remote name to folder or URL, or name=value pairs separated by commas', 'name=value');
      if (!entries) return z.NEVER;
      for (const [key, value] of entries) {
        if (!REMOTE_KEY.test(key)) {
          ctx.addIssue({ code: 'custom', message: `remote name "${key}" must match ${REMOTE_KEY.source} (served under /mf/<name>/, container mf_<name>)` });
          return z.NEVER;
        }
        if (out.some((r) => r.key === key)) {
          ctx.addIssue({ code: 'custom', message: `remote "${key}" is listed twice` });
          return z.NEVER;
        }
        if (typeof value !== 'string' || value.trim() === '') {
          ctx.addIssue({ code: 'custom', message: `${key}: needs a build folder or an http(s) URL` });
          return z.NEVER;
        }
        let source: WebRemoteSource;
        if (/^https?:\/\//i.test(value.trim())) {
          const u = remoteUrl(value.trim());
          if (!u) {
            ctx.addIssue({ code: 'custom', message: `${key}: must be an http(s) URL without query, e.g. http://127.0.0.1:3101` });
            return z.NEVER;
          }
          source = { kind: 'url', ...u };
        } else {
          source = { kind: 'dir', dir: path.resolve(value.trim()) };
        }
        out.push({ key, name: `mf_${key}`, entry: `/mf/${key}/mf-manifest.json`, source });
      }
      return out;
    }),
);

const optionalDir = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : path.resolve(v.trim()))),
);

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

export const GatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** The site's public origin (what the browser shows). Default http://localhost:<PORT>. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** More origins allowed to send state-changing requests (comma separated). */
  ALLOWED_ORIGINS: originList,
  /** Accept `Sec-Fetch-Site: same-site` (a sibling subdomain) for state-changing requests. */
  ALLOW_SAME_SITE: bool(false),
  /** Trust X-Forwarded-* from a proxy in front of the gateway (its last hop only). Off when the gateway faces the internet. */
  TRUST_PROXY: bool(false),

  SERVICE_URLS: serviceUrls,
  IDENTITY_URL: optionalUpstream,
  LISTINGS_URL: optionalUpstream,
  FORUM_URL: optionalUpstream,
  DIRECTORY_URL: optionalUpstream,
  ADS_URL: optionalUpstream,
  COMMS_URL: optionalUpstream,
  SEARCH_URL: optionalUpstream,
  /** The renderer (issue 20): each page's head and status, robots.txt, the sitemaps, the link-preview images. */
  RENDERER_URL: optionalUpstream,
  /** Moderation (issue 21): reports, the admin's moderation queue, bans and audit log. */
  MODERATION_URL: optionalUpstream,
  /** Messages (issue 23): conversations between neighbours, the unread count, blocks. */
  MESSAGES_URL: optionalUpstream,
  /** The page's wait for its head from the renderer; past it the page goes out with the shell's head (200). */
  PAGE_HEAD_TIMEOUT_MS: int(300, 1),
  /**
   * The same wait for a link previewer or a search engine (WhatsApp, facebookexternalhit, Googlebot...): they read the
   * head once and keep it (a shared link's preview for days) and wait seconds, so they get the page's own head even
   * when the renderer is slow for a moment.
   */
  PAGE_HEAD_PREVIEWER_TIMEOUT_MS: int(3_000, 1),
  /** How long a page's head is reused (anonymous content): a change shows within this time. 0: asked every time. */
  PAGE_HEAD_CACHE_TTL_MS: int(30_000, 0),
  /** At most this many pages' heads are kept (least recently used go first). */
  PAGE_HEAD_CACHE_ENTRIES: int(5_000, 1),

  /** The shell's production build (index.html, csp.json, assets). Unset: the gateway serves no site, only the API. */
  WEB_ROOT: optionalDir,
  /** Redoc's standalone bundle for /api/docs (api-docs.ts). Unset: the `redoc` package's, when installed. */
  API_DOCS_BUNDLE: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional()),
  /** The microfrontends: see webRemotes above. */
  WEB_REMOTES: webRemotes,
  /** Time allowed to a remote's static server (response headers, gaps between body chunks). */
  WEB_REMOTE_TIMEOUT_MS: int(5_000, 1),
  /**
   * How long the metadata of a remote served from a URL (routes, home slots, read from its mf-manifest.json) counts as
   * current before the registry revalidates it: an upgraded remote shows in the registry within this time.
   */
  WEB_REMOTE_METADATA_TTL_MS: int(60_000, 1),
  /** Memory for compressed copies of static files (brotli/gzip computed once per file version). */
  WEB_COMPRESSION_CACHE_BYTES: int(64 * 1024 * 1024, 0),

  UPSTREAM_TIMEOUT_MS: int(10_000, 1),
  UPLOAD_TIMEOUT_MS: int(60_000, 1),
  CONNECT_TIMEOUT_MS: int(2_000, 1),
  READY_TIMEOUT_MS: int(1_000, 1),
  /** How long a client may take to send a whole request (slow uploads). */
  CLIENT_REQUEST_TIMEOUT_MS: int(300_000, 1),

  MAX_BODY_BYTES: int(1024 * 1024, 0),
  MAX_UPLOAD_BYTES: int(110 * 1024 * 1024, 0),

  UPSTREAM_CONNECTIONS: int(64, 1),
  UPSTREAM_MAX_QUEUE: int(1_000, 1),
  /**
   * Live streams (routes of kind 'stream': server-sent events) hold a connection each for as long as a tab is open: they
   * have their own connections to each upstream, so they never take the API's; a stream may stay silent this long
   * between two chunks (the service sends a keep-alive comment every 15 s).
   */
  STREAM_CONNECTIONS: int(1_024, 1),
  STREAM_IDLE_TIMEOUT_MS: int(60_000, 1),
  BREAKER_FAILURES: int(5, 1),
  BREAKER_COOLDOWN_MS: int(5_000, 1),

  /** Per client IP and window; 0 turns a limit off. */
  RATE_LIMIT_WINDOW_MS: int(60_000, 1),
  RATE_LIMIT_GLOBAL: int(600),
  /** The site's files (everything outside /api, /uploads): a page view with its remotes fetches 30 or more. */
  RATE_LIMIT_WEB: int(6000),
  RATE_LIMIT_AUTH: int(20),
  RATE_LIMIT_PASSWORD: int(10),
  RATE_LIMIT_CONTACT: int(10),
  RATE_LIMIT_UPLOAD: int(30),
  RATE_LIMIT_AD_EVENTS: int(300),

  /** The operator's site settings, SITE_* (site-settings.ts): required in production, marked samples elsewhere. */
  ...SiteSettingsEnv.shape,
});

export interface GatewayConfig {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: string | undefined;
  /** Origin of the site, e.g. http://localhost:8080. */
  publicUrl: string;
  /** Origins allowed to make state-changing requests: the public URL first, then ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  allowSameSite: boolean;
  trustProxy: boolean;
  /** Upstream origins per configured service (several: replicas, requests spread across them); a missing service answers 503. */
  services: Partial<Record<ServiceName, string[]>>;
  timeouts: { upstreamMs: number; uploadMs: number; connectMs: number; readyMs: number; clientRequestMs: number };
  bodyLimits: { apiBytes: number; uploadBytes: number };
  pool: { connections: number; maxQueue: number };
  streams: { connections: number; idleMs: number };
  breaker: { failures: number; cooldownMs: number };
  rateLimits: { windowMs: number; global: number; web: number; auth: number; password: number; contact: number; upload: number; adEvents: number };
  /** The web site: the shell build and the microfrontends (see web.ts). */
  web: { root: string | undefined; remotes: WebRemote[]; remoteTimeoutMs: number; metadataTtlMs: number; compressionCacheBytes: number };
  /** What the pages show of the operator (site-settings.ts), written into every page served. */
  siteSettings: SiteSettings;
  /** The page's head from the renderer (page-head.ts). */
  pageHead: { timeoutMs: number; previewerTimeoutMs: number; ttlMs: number; maxEntries: number };
  /** Redoc's bundle for /api/docs (api-docs.ts); undefined: the installed `redoc` package's. */
  apiDocsBundle?: string | undefined;
}

const INDIVIDUAL: Record<ServiceName, keyof z.infer<typeof GatewayEnv>> = {
  identity: 'IDENTITY_URL',
  listings: 'LISTINGS_URL',
  forum: 'FORUM_URL',
  directory: 'DIRECTORY_URL',
  ads: 'ADS_URL',
  comms: 'COMMS_URL',
  search: 'SEARCH_URL',
  renderer: 'RENDERER_URL',
  moderation: 'MODERATION_URL',
  messages: 'MESSAGES_URL',
};

/** Reads and validates the gateway's environment; throws a ConfigError listing every problem. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): GatewayConfig {
  const e = loadConfig(GatewayEnv, env);
  const services: Partial<Record<ServiceName, string[]>> = { ...e.SERVICE_URLS };
  for (const name of SERVICE_NAMES) {
    const value = e[INDIVIDUAL[name]];
    if (Array.isArray(value)) services[name] = value as string[]; // an individual variable wins over SERVICE_URLS
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    allowedOrigins: [...new Set([publicUrl, ...e.ALLOWED_ORIGINS])],
    allowSameSite: e.ALLOW_SAME_SITE,
    trustProxy: e.TRUST_PROXY,
    services,
    timeouts: {
      upstreamMs: e.UPSTREAM_TIMEOUT_MS,
      uploadMs: e.UPLOAD_TIMEOUT_MS,
      connectMs: e.CONNECT_TIMEOUT_MS,
      readyMs: e.READY_TIMEOUT_MS,
      clientRequestMs: e.CLIENT_REQUEST_TIMEOUT_MS,
    },
    bodyLimits: { apiBytes: e.MAX_BODY_BYTES, uploadBytes: e.MAX_UPLOAD_BYTES },
    pool: { connections: e.UPSTREAM_CONNECTIONS, maxQueue: e.UPSTREAM_MAX_QUEUE },
    streams: { connections: e.STREAM_CONNECTIONS, idleMs: e.STREAM_IDLE_TIMEOUT_MS },
    breaker: { failures: e.BREAKER_FAILURES, cooldownMs: e.BREAKER_COOLDOWN_MS },
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      global: e.RATE_LIMIT_GLOBAL,
      web: e.RATE_LIMIT_WEB,
      auth: e.RATE_LIMIT_AUTH,
      password: e.RATE_LIMIT_PASSWORD,
      contact: e.RATE_LIMIT_CONTACT,
      upload: e.RATE_LIMIT_UPLOAD,
      adEvents: e.RATE_LIMIT_AD_EVENTS,
    },
    web: { root: e.WEB_ROOT, remotes: e.WEB_REMOTES, remoteTimeoutMs: e.WEB_REMOTE_TIMEOUT_MS, metadataTtlMs: e.WEB_REMOTE_METADATA_TTL_MS, compressionCacheBytes: e.WEB_COMPRESSION_CACHE_BYTES },
    apiDocsBundle: e.API_DOCS_BUNDLE,
    siteSettings: siteSettingsOf(e),
    pageHead: { timeoutMs: e.PAGE_HEAD_TIMEOUT_MS, previewerTimeoutMs: e.PAGE_HEAD_PREVIEWER_TIMEOUT_MS, ttlMs: e.PAGE_HEAD_CACHE_TTL_MS, maxEntries: e.PAGE_HEAD_CACHE_ENTRIES },
  };
}
