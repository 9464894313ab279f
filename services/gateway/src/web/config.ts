/**
 * The web half's configuration: the shell's build and the microfrontends, the page's head from the renderer, the
 * operator's site settings, and the pools of remotes served from a URL. Its own zod schema (WebEnv): the web half is
 * built and tested from it alone (loadWebConfig); the gateway's config (../config.ts) parses it with the proxy's.
 */
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig } from '@cp/service-kit';
import type { SiteSettings } from '@cp/contracts';
import { blankAsUnset, int, nameValueEntries, NodeEnv, UpstreamPoolEnv, upstreamPoolOf, type NodeEnvName, type UpstreamPoolConfig } from '../shared/env.ts';
import { SiteSettingsEnv, siteSettingsOf } from './site-settings.ts';
import { parseVisitorIdKeys, VISITOR_ID_KEYS_FORMAT, type VisitorIdKey } from './visitor-cookie.ts';

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
  blankAsUnset,
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
  blankAsUnset,
  z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : path.resolve(v.trim()))),
);

export const WebEnv = z.object({
  NODE_ENV: NodeEnv,
  /** The shell's production build (index.html, csp.json, assets). Unset: no site is served, only the API. */
  WEB_ROOT: optionalDir,
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
  /** The remotes' static servers get pools and breakers like the services'. */
  ...UpstreamPoolEnv.shape,

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

  /** The operator's site settings, SITE_* (site-settings.ts): required in production, marked samples elsewhere. */
  ...SiteSettingsEnv.shape,

  /**
   * The keys that sign the visitor id cookie (issue 41 §2, visitor-cookie.ts): `<key id>:<key>` entries separated by
   * commas, each key at least 32 random bytes (base64url or hex), key ids of lowercase letters and digits. The first
   * signs; every one listed verifies (rotation: put the new key first, drop the old one after a while). Required in
   * production; unset elsewhere, no visitor cookie is set or trusted (everyone counts by address and browser).
   */
  VISITOR_ID_KEYS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const keys = parseVisitorIdKeys(v);
        if (!keys) {
          ctx.addIssue({ code: 'custom', message: VISITOR_ID_KEYS_FORMAT });
          return z.NEVER;
        }
        return keys;
      }),
  ),
});
export type WebEnvValues = z.infer<typeof WebEnv>;

export interface WebConfig {
  nodeEnv: NodeEnvName;
  root: string | undefined;
  remotes: WebRemote[];
  remoteTimeoutMs: number;
  metadataTtlMs: number;
  compressionCacheBytes: number;
  /** Pools and breakers of the remotes served from a URL (at most 16 connections each). */
  pool: UpstreamPoolConfig;
  /** What the pages show of the operator (site-settings.ts), written into every page served. */
  siteSettings: SiteSettings;
  /** The page's head from the renderer (page-head.ts). */
  pageHead: { timeoutMs: number; previewerTimeoutMs: number; ttlMs: number; maxEntries: number };
  /** The visitor id cookie's keys (VISITOR_ID_KEYS), the signing one first; none: no visitor cookie. */
  visitorIdKeys: VisitorIdKey[] | undefined;
}

export function webConfigOf(e: WebEnvValues): WebConfig {
  const siteSettings = siteSettingsOf(e);
  if (e.NODE_ENV === 'production' && !e.VISITOR_ID_KEYS) {
    throw new ConfigError('Invalid configuration:\n  VISITOR_ID_KEYS: required in production (the keys that sign the visitor id cookie)');
  }
  return {
    nodeEnv: e.NODE_ENV,
    root: e.WEB_ROOT,
    remotes: e.WEB_REMOTES,
    remoteTimeoutMs: e.WEB_REMOTE_TIMEOUT_MS,
    metadataTtlMs: e.WEB_REMOTE_METADATA_TTL_MS,
    compressionCacheBytes: e.WEB_COMPRESSION_CACHE_BYTES,
    pool: upstreamPoolOf(e),
    siteSettings,
    pageHead: { timeoutMs: e.PAGE_HEAD_TIMEOUT_MS, previewerTimeoutMs: e.PAGE_HEAD_PREVIEWER_TIMEOUT_MS, ttlMs: e.PAGE_HEAD_CACHE_TTL_MS, maxEntries: e.PAGE_HEAD_CACHE_ENTRIES },
    visitorIdKeys: e.VISITOR_ID_KEYS,
  };
}

/** The web half's configuration alone; throws a ConfigError listing every problem. */
export function loadWebConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): WebConfig {
  return webConfigOf(loadConfig(WebEnv, env));
}

/** Whether the configuration asks for a site at all (a shell build or a remote). */
export function servesSite(web: Pick<WebConfig, 'root' | 'remotes'>): boolean {
  return web.root !== undefined || web.remotes.length > 0;
}
