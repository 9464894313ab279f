/**
 * The web site at the one origin (shell/README.md, "What the gateway must serve"):
 *   /mf/registry.json   the deployed remotes (WEB_REMOTES) with what each contributes,  no-cache
 *                       read from its build's mf-manifest.json (remote-metadata.ts)
 *   /mf/<key>/<file>    a remote's build: from its folder, or proxied to its own static server; 404 when missing
 *   /<file>             the shell's build (WEB_ROOT); 404 when missing
 *   any other page path shell/index.html, no-cache, with the Content-Security-Policy (the shell routes it, its own
 *                       404 page included), the site settings written into it (site-settings.ts), and the page's
 *                       head, status and body from the renderer when it answers in time (page-head.ts; else 200,
 *                       the shell's head): streamed, its start as soon as the head is known, its body once rendered
 * Hashed file names are immutable for a year, everything else is revalidated (ETag). Compressible files go out as
 * brotli or gzip. Only GET and HEAD.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Context, Middleware, Next } from 'koa';
import { MF_REGISTRY_PATH, type PageBody, type RemoteMetadata } from '@cp/contracts';
import { HttpError, isLinkPreviewer, notFound, type Logger, type RegistryTable, type RegistryWatch } from '@cp/service-kit';
import type { ReleaseMonitor } from '../releases/monitor.ts';
import type { WebConfig, WebRemote } from './config.ts';
import { forwardInfoOf, proxyRequest, RegisteredUpstreams, Upstream, UpstreamGroup } from '../shared/upstream.ts';
import { preferredEncoding, streamCompressor } from '../shared/compression.ts';
import { visitorOf } from '../shared/visitor.ts';
import { pageSource, serverRenderedDocument, withPageBody, withPageHead, type PageLookup, type PageSource } from './page-head.ts';
import { fetchPreload, folderMetadataReader, preloadLinks, registryDocument, urlMetadataReader, type MetadataReader } from './remote-metadata.ts';
import { withSiteSettings } from './site-settings.ts';
import { watchedFile } from './watched-file.ts';
import { cacheControlOf, CompressionCache, resolveInside, sendContent, sendFile } from './static-files.ts';

/** How long the page waits for the remotes' metadata for its preload hints (only while it is first being read). */
const PRELOAD_WAIT_MS = 200;

export { registryDocument } from './remote-metadata.ts';

/**
 * The policy of the page. Scripts only from this origin plus the hashes of index.html's inline scripts (csp.json of
 * the build: the theme script that runs before first paint). Styles allow inline: the dialogs' scroll lock
 * (react-remove-scroll) inserts a <style> element. Images: the site's uploads plus https logos and ad images that
 * admins link to. The runtime fetches the registry and manifests from this origin only.
 */
export function contentSecurityPolicy(extra: Readonly<Record<string, readonly string[]>> = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  for (const [name, sources] of Object.entries(extra)) {
    if (!/^[a-z-]+$/.test(name)) continue;
    const valid = sources.filter((s) => typeof s === 'string' && /^[^\s;,]+$/.test(s));
    directives[name] = [...new Set([...(directives[name] ?? ["'self'"]), ...valid])];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A path the shell routes: no file extension in its last segment, not under /mf. (/api, /uploads, /internal never get here.) */
export function isPagePath(p: string): boolean {
  if (p === '/mf' || p.startsWith('/mf/')) return false;
  let last = p.slice(p.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    return false;
  }
  return !last.includes('.');
}

/** What the web half is given by the gateway that hosts it. */
export interface WebDeps {
  /** The renderer's upstreams: each page's head, status and body (page-head.ts). Without it the page is the shell's, 200. */
  renderer?: UpstreamGroup | undefined;
  /**
   * The run-time registry (issue 35): a remote that registers itself is served under `/mf/<name>/` from its instances
   * and listed in `/mf/registry.json` with no restart; it leaves both when its registrations do. A configured remote
   * (WEB_REMOTES) keeps its configured source.
   */
  registry?: RegistryWatch | undefined;
  /**
   * The releases by percentage (issue 35 §4): a registered remote with a release is served to each visitor from the
   * instances of the version chosen for him (his cookie), and `/mf/registry.json` lists that version with its metadata.
   */
  releases?: ReleaseMonitor | undefined;
  /** Told how each page's answer was found (the gateway's `gateway_page_answers_total` series). */
  onPageLookup?: ((outcome: PageLookup) => void) | undefined;
}

export interface WebSite {
  middleware: Middleware;
  /** One per remote served from a URL (a registered remote's: a group of its instances). */
  upstreams: ReadonlyMap<string, Upstream | UpstreamGroup>;
  close(): Promise<void>;
}

/** The Content-Security-Policy of index.html, re-read when the build's csp.json changes (watch mode rebuilds). */
function cspReader(root: string, log: Logger): () => Promise<string> {
  const file = path.join(root, 'csp.json');
  return watchedFile(file, (text) => {
    if (text === undefined) {
      log.warn({ file }, 'no csp.json in the web build: inline scripts of index.html will be blocked');
      return contentSecurityPolicy({});
    }
    let extra: Record<string, string[]> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      extra = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string[]] => Array.isArray(e[1])));
    } catch (err) {
      log.warn({ err, file }, 'csp.json unreadable: the page gets the policy without inline script hashes');
    }
    return contentSecurityPolicy(extra);
  });
}

const READ_METHODS = new Set(['GET', 'HEAD']);


/**
 * The remote's answer for the browser: the gateway's cache rule on success, no cookies. It is compressed on its way
 * out when it was not (compressForwarded, as every forwarded answer).
 */
function finishRemoteAnswer(ctx: Context, file: string): void {
  ctx.remove('Set-Cookie');
  if (ctx.status === 200) ctx.set('Cache-Control', cacheControlOf(file));
}

/**
 * The site's routes, for the gateway's static hook. Remotes with a URL get their own pool and circuit breaker, so a
 * stopped remote answers 502 at once (then 503 while the breaker is open) and a hanging one 504 after
 * WEB_REMOTE_TIMEOUT_MS; its area in the page shows the shell's fallback.
 */
export function createWebSite(config: WebConfig, logger: Logger, deps: WebDeps = {}): WebSite {
  const { root } = config;
  /** The configured remotes, then those registered at run time (registered() below). */
  let remotes: readonly WebRemote[] = config.remotes;
  const cache = new CompressionCache(config.compressionCacheBytes);
  // Each page's head, status and body come from the renderer when there is one (page-head.ts).
  const fromRenderer: PageSource | undefined = deps.renderer ? pageSource(deps.renderer, { ...config.pageHead, siteSettings: config.siteSettings, ...(deps.onPageLookup ? { onLookup: deps.onPageLookup } : {}) }) : undefined;
  let byKey = new Map(remotes.map((r) => [r.key, r]));
  const upstreams = new Map<string, Upstream | UpstreamGroup>();
  const metadataReaders = new Map<string, MetadataReader>();
  /** A remote's own static server: a pool and breaker of at most 16 connections. */
  const remoteUpstream = (key: string, origin: string) =>
    new Upstream({
      name: `web:${key}`,
      origin,
      connections: Math.min(config.pool.connections, 16),
      maxQueue: config.pool.maxQueue,
      connectTimeoutMs: config.pool.connectMs,
      breakerFailures: config.pool.breaker.failures,
      breakerCooldownMs: config.pool.breaker.cooldownMs,
    });
  for (const r of remotes) {
    if (r.source.kind !== 'url') {
      metadataReaders.set(r.key, folderMetadataReader({ ...r, source: r.source }, logger));
      continue;
    }
    const upstream = remoteUpstream(r.key, r.source.origin);
    upstreams.set(r.key, upstream);
    metadataReaders.set(r.key, urlMetadataReader({ ...r, source: r.source }, upstream, { ttlMs: config.metadataTtlMs, timeoutMs: config.remoteTimeoutMs }, logger));
  }
  /** One Upstream per registered remote instance's origin, kept while it stays registered. */
  const registeredUpstreams = new RegisteredUpstreams();
  /**
   * Per registered remote: its instances grouped by the version they run (oldest instance's version first), and each
   * version's metadata reader (its oldest instance's manifest), for the releases by percentage.
   */
  let versionGroups = new Map<string, Map<string, UpstreamGroup>>();
  const versionReaders = new Map<string, { origin: string; reader: MetadataReader }>();
  /** The registry's remotes join (or leave) the served ones; a configured remote of the same name keeps its source. */
  const registered = (table: RegistryTable) => {
    const configuredKeys = new Set(config.remotes.map((r) => r.key));
    const added: WebRemote[] = [];
    const nextGroups = new Map<string, Map<string, UpstreamGroup>>();
    for (const [name, entry] of table.remotes) {
      if (configuredKeys.has(name)) continue;
      const origins = [...new Set(entry.instances.map((i) => i.address))];
      const members = origins.map((origin) => registeredUpstreams.get(`${name} ${origin}`, () => remoteUpstream(name, origin)));
      const remote: WebRemote = { key: name, name: `mf_${name}`, entry: `/mf/${name}/mf-manifest.json`, source: { kind: 'url', origin: origins[0]!, basePath: '/' } };
      added.push(remote);
      upstreams.set(name, new UpstreamGroup(`web:${name}`, members));
      const groups = new Map<string, UpstreamGroup>();
      for (const version of [...new Set(entry.instances.map((i) => i.version))]) {
        const own = [...new Set(entry.instances.filter((i) => i.version === version).map((i) => i.address))];
        groups.set(version, new UpstreamGroup(`web:${name}@${version}`, own.map((origin) => registeredUpstreams.get(`${name} ${origin}`, () => remoteUpstream(name, origin)))));
        const readerKey = `${name}@${version}`;
        if (versionReaders.get(readerKey)?.origin !== own[0]) {
          const source = { kind: 'url' as const, origin: own[0]!, basePath: '/' };
          versionReaders.set(readerKey, { origin: own[0]!, reader: urlMetadataReader({ ...remote, source }, groups.get(version)!.members[0]!, { ttlMs: config.metadataTtlMs, timeoutMs: config.remoteTimeoutMs }, logger) });
        }
      }
      nextGroups.set(name, groups);
      // Its metadata is read from its oldest instance; read again when that one changes.
      const previous = byKey.get(name);
      if (!previous || previous.source.kind !== 'url' || previous.source.origin !== origins[0]) {
        metadataReaders.set(name, urlMetadataReader({ ...remote, source: remote.source as { kind: 'url'; origin: string; basePath: string } }, members[0]!, { ttlMs: config.metadataTtlMs, timeoutMs: config.remoteTimeoutMs }, logger));
      }
    }
    for (const r of remotes) {
      if (configuredKeys.has(r.key) || table.remotes.has(r.key)) continue;
      upstreams.delete(r.key);
      metadataReaders.delete(r.key);
    }
    for (const key of versionReaders.keys()) {
      const [name, version] = key.split('@') as [string, string];
      if (!nextGroups.get(name)?.has(version)) versionReaders.delete(key);
    }
    versionGroups = nextGroups;
    registeredUpstreams.sweep(config.remoteTimeoutMs);
    remotes = [...config.remotes, ...added];
    byKey = new Map(remotes.map((r) => [r.key, r]));
  };
  if (deps.registry) {
    registered(deps.registry.table());
    deps.registry.onChange(registered);
  }

  /**
   * The version of each registered remote with a release that this visitor is served (a version with live instances
   * only: one that has none left is not chosen, the remote's instances serve as without a release).
   */
  function versionsFor(visitorId: string | undefined): Map<string, string> {
    const out = new Map<string, string>();
    if (!deps.releases) return out;
    for (const [name, groups] of versionGroups) {
      const version = deps.releases.versionFor(name, visitorId);
      if (version !== undefined && groups.has(version)) out.set(name, version);
    }
    return out;
  }
  /** Every remote's metadata as known now (see remote-metadata.ts); a remote with a chosen version, that version's. */
  async function metadata(chosen: ReadonlyMap<string, string> = new Map()): Promise<Map<string, RemoteMetadata | undefined>> {
    const now = remotes;
    return new Map(
      await Promise.all(
        now.map(async (r) => {
          const version = chosen.get(r.key);
          const reader = (version !== undefined ? versionReaders.get(`${r.key}@${version}`)?.reader : undefined) ?? metadataReaders.get(r.key);
          return [r.key, await reader?.current()] as const;
        }),
      ),
    );
  }
  /** The registry document with every remote's metadata, and the versions of this visitor's releases. */
  async function registry(chosen: ReadonlyMap<string, string>): Promise<string> {
    const document = registryDocument(remotes, await metadata(chosen));
    for (const entry of document.remotes) {
      const key = remotes.find((r) => r.name === entry.name)?.key;
      const version = key !== undefined ? chosen.get(key) : undefined;
      if (version !== undefined) entry.version = version;
    }
    return JSON.stringify(document);
  }
  /**
   * The page's preload hints: the registry, which every page reads as soon as the shell runs, and the manifests of the
   * remotes its first view needs (none rather than a slow page while a remote's metadata is first being read).
   */
  async function pageLinks(pathname: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const known = await Promise.race([metadata(), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PRELOAD_WAIT_MS)))]);
    clearTimeout(timer);
    return [fetchPreload(MF_REGISTRY_PATH), ...(known ? preloadLinks(remotes, known, pathname === '/index.html' ? '/' : pathname) : [])];
  }
  const csp = root ? cspReader(root, logger) : async () => contentSecurityPolicy();
  /** index.html with the site settings in it, made again when a rebuild changes the file. Its version is its content's hash. */
  const indexPage = root
    ? watchedFile(path.join(root, 'index.html'), (text) => {
        if (text === undefined) return undefined;
        const bytes = Buffer.from(withSiteSettings(text, config.siteSettings));
        return { name: 'index.html', bytes, version: createHash('sha256').update(bytes).digest('base64url').slice(0, 22) };
      })
    : async () => undefined;

  async function page(ctx: Context): Promise<void> {
    if (!root) throw notFound();
    const log = (ctx.state.log as Logger | undefined) ?? logger;
    // The page from the renderer: only its path and query go there, never the visitor's cookies.
    const target = ctx.path === '/index.html' ? '/' : ctx.url;
    const chosen = versionsFor(visitorOf(ctx));
    const rendering = fromRenderer?.(target, log, { previewer: isLinkPreviewer(ctx.get('user-agent')), ...(chosen.size > 0 ? { remoteVersions: [...chosen].map(([name, version]) => `${name}=${version}`).join(',') } : {}) });
    const [shell, links, head] = await Promise.all([indexPage(), pageLinks(ctx.path), rendering?.head]);
    if (!shell) {
      log.error({ root }, 'index.html missing from WEB_ROOT (build the web apps: npm run build:web)');
      throw new HttpError(503, 'Site not built');
    }
    const headers: Record<string, string> = { 'Content-Security-Policy': await csp() };
    // A body on its way: the document's start goes now, its body when rendered (a HEAD needs neither).
    if (head?.body && rendering && !rendering.bodySettled() && ctx.method === 'GET') {
      const doc = serverRenderedDocument(withPageHead(shell.bytes.toString('utf8'), head.head), head.styles);
      if (doc) return streamPage(ctx, head.status, headers, doc, rendering.body);
    }
    const body = head?.body && rendering && ctx.method === 'GET' ? await rendering.body : undefined;
    let content = shell;
    if (head) {
      const withHead = withPageHead(shell.bytes.toString('utf8'), head.head);
      const bytes = Buffer.from(body ? withPageBody(withHead, body) : withHead);
      content = { name: 'index.html', bytes, version: createHash('sha256').update(bytes).digest('base64url').slice(0, 22) };
      // A 404 or 410 is answered in full: never a 304 that would keep it as a cached page.
      if (head.status !== 200) delete ctx.req.headers['if-none-match'];
    }
    // A server-rendered page preloads nothing: its scripts are fetched once it is painted (serverRenderedDocument).
    if (!body && links.length > 0) headers.Link = links.join(', ');
    await sendContent(ctx, content, cache, { cacheControl: 'no-cache', headers });
    // The SPA document either way: the shell shows its own not-found page, the status tells crawlers.
    if (head && head.status !== 200) ctx.status = head.status;
  }

  /**
   * A page whose body is still being rendered: its start (the head, the styles, the header's place) is sent and
   * flushed now, its body and the document's end when the renderer has them (or, past the budget, the empty root: the
   * browser renders the page). Compressed as it streams; no ETag (the page is made for this request).
   */
  function streamPage(ctx: Context, status: number, headers: Record<string, string>, doc: NonNullable<ReturnType<typeof serverRenderedDocument>>, body: Promise<PageBody | undefined>): void {
    ctx.status = status;
    ctx.set({ ...headers, 'Cache-Control': 'no-cache' });
    ctx.type = 'text/html; charset=utf-8';
    ctx.vary('Accept-Encoding');
    const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
    const out = encoding === 'identity' ? new PassThrough() : streamCompressor(encoding);
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.body = out;
    out.write(doc.start);
    if (!(out instanceof PassThrough)) out.flush();
    void body.then((rendered) => {
      if (!out.destroyed) out.end(doc.finish(rendered));
    });
  }

  async function remoteFile(ctx: Context, remote: WebRemote, rest: string): Promise<void> {
    let privateAnswer = false;
    if (remote.source.kind === 'dir') {
      const file = resolveInside(remote.source.dir, rest);
      if (!file || !(await sendFile(ctx, file, cache))) throw notFound();
      return;
    }
    let upstream = upstreams.get(remote.key)!;
    const served = deps.releases?.servedVersions(remote.key);
    const groups = versionGroups.get(remote.key);
    if (served && groups) {
      // A remote with a release: the visitor's version, from its own instances; the answer depends on the cookie.
      const version = versionsFor(visitorOf(ctx)).get(remote.key);
      const group = version !== undefined ? groups.get(version) : undefined;
      if (group) upstream = group;
      ctx.vary('Cookie');
      privateAnswer = !cacheControlOf(rest).includes('immutable');
    }
    ctx.state.upstream = upstream.name;
    // Only the file is asked for: the browser's cookies and credentials are not the remote's business.
    delete ctx.req.headers.cookie;
    delete ctx.req.headers.authorization;
    await proxyRequest(ctx, upstream, {
      path: `${remote.source.basePath}${rest}${ctx.search}`,
      timeoutMs: config.remoteTimeoutMs,
      maxBodyBytes: 0,
      forward: forwardInfoOf(ctx),
      log: ctx.state.log as Logger,
    });
    finishRemoteAnswer(ctx, rest);
    // A file whose content depends on the visitor's version (not a hashed one: those are the same in every version
    // that has them) is kept by the browser only, never by a shared cache.
    if (privateAnswer && ctx.status === 200) ctx.set('Cache-Control', `private, ${ctx.response.get('Cache-Control') || 'no-cache'}`);
  }

  async function middleware(ctx: Context, _next: Next): Promise<void> {
    const p = ctx.path;
    if (!READ_METHODS.has(ctx.method)) throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'GET, HEAD' } });
    if (p === MF_REGISTRY_PATH) {
      const chosen = versionsFor(visitorOf(ctx));
      // With releases, the document depends on the visitor's cookie: the browser's alone, never a shared cache's.
      ctx.set('Cache-Control', deps.releases ? 'private, no-cache' : 'no-cache');
      if (deps.releases) ctx.vary('Cookie');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = await registry(chosen);
      return;
    }
    if (p === '/mf' || p.startsWith('/mf/')) {
      const m = /^\/mf\/([^/]+)\/(.+)$/.exec(p);
      const remote = m ? byKey.get(m[1]!) : undefined;
      if (!m || !remote) throw notFound();
      return remoteFile(ctx, remote, m[2]!);
    }
    if (p === '/' || p === '/index.html') return page(ctx);
    if (root) {
      const file = resolveInside(root, p);
      // index.html and csp.json are the page's own: index.html always goes out with its policy (above). The shell's
      // server bundle (server/, the renderer's) is not the browser's. (A remote's server/ is: the renderer reads it here.)
      if (file && path.basename(file) !== 'csp.json' && !p.startsWith('/server/') && (await sendFile(ctx, file, cache))) return;
    }
    if (isPagePath(p)) return page(ctx);
    throw notFound(); // a missing asset is a 404, never the page
  }

  return {
    middleware,
    upstreams,
    close: async () => {
      await Promise.all(config.remotes.map((r) => upstreams.get(r.key)?.close()));
      await registeredUpstreams.close();
    },
  };
}
