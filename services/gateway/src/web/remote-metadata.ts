/**
 * What each deployed microfrontend contributes (its routes, home slots, Post Ad panel, header links: @cp/contracts mf-metadata),
 * read from the mf-manifest.json its build published (`metaData.cpRemote`), for the registry (`GET /mf/registry.json`).
 * Moving or upgrading a remote stays a configuration change: the gateway reads the metadata from wherever WEB_REMOTES
 * points, the shell is not rebuilt.
 *
 * - A build folder: the file is read at start and again whenever it changes (size or mtime: `npm run dev` rebuilds).
 * - A URL (the remote's own static server): fetched at start, then revalidated (If-None-Match) when a registry
 *   request comes after WEB_REMOTE_METADATA_TTL_MS; the registry answers at once with what it knows while the
 *   refresh runs. Only the very first read of a remote is waited for (bounded by WEB_REMOTE_TIMEOUT_MS).
 *
 * Failure mode (the site stays up): a remote whose metadata cannot be read (server down, file missing, invalid)
 * keeps its last good metadata when it had one; without one it is still listed, with empty routes and slots and
 * `metadataUnavailable: true`, and the shell treats it as a remote that may own any path or slot (it loads it to find
 * out, and shows that remote's fallback when it fails). A URL remote is tried again after min(TTL, 5 s).
 */
import path from 'node:path';
import { FIRST_SCREEN_SLOTS, matchesRoute, publishedMetadata, RemoteManifestMetadataSchema, type RegistryDocument, type RegistryRemote, type RemoteMetadata } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import type { WebRemote } from './config.ts';
import type { Upstream } from '../shared/upstream.ts';
import { watchedFile } from './watched-file.ts';

export const MANIFEST_FILE = 'mf-manifest.json';
/** A manifest is a few KB; anything this big is not one. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
const RETRY_AFTER_FAILURE_MS = 5_000;

/** The metadata a remote's manifest carries; throws a readable error when there is none or it is invalid. */
export function metadataFromManifest(text: string): RemoteMetadata {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_FILE} is not JSON`);
  }
  const parsed = RemoteManifestMetadataSchema.safeParse(document);
  if (!parsed.success) {
    throw new Error(`${MANIFEST_FILE} has no valid remote metadata (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  }
  return publishedMetadata(parsed.data.metaData.cpRemote);
}

/** One remote of the registry document: its metadata, or empty metadata marked unavailable. */
export function registryEntry(remote: Pick<WebRemote, 'name' | 'entry'>, metadata: RemoteMetadata | undefined): RegistryRemote {
  if (!metadata) return { name: remote.name, entry: remote.entry, routes: [], slots: [], metadataUnavailable: true };
  const { postAdPanel, ...published } = publishedMetadata(metadata);
  return { name: remote.name, entry: remote.entry, ...published, ...(postAdPanel ? { postAdPanel: true as const } : {}) };
}

/** The registry document the shell reads at start (shell/src/mf/registry.ts), in configuration order. */
export function registryDocument(remotes: readonly WebRemote[], metadata: ReadonlyMap<string, RemoteMetadata | undefined> = new Map()): RegistryDocument {
  return { remotes: remotes.map((r) => registryEntry(r, metadata.get(r.key))) };
}

export interface MetadataReader {
  /** The remote's metadata as known now (see the module comment for when it is read again); undefined when unknown. */
  current(): Promise<RemoteMetadata | undefined>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A remote served from a build folder: its manifest, read again when the file changes. */
export function folderMetadataReader(remote: WebRemote & { source: { kind: 'dir' } }, log: Logger): MetadataReader {
  const file = path.join(remote.source.dir, MANIFEST_FILE);
  const current = watchedFile(file, (text): RemoteMetadata | undefined => {
    if (text === undefined) {
      log.warn({ remote: remote.name, file }, 'remote has no build: listed without metadata');
      return undefined;
    }
    try {
      return metadataFromManifest(text);
    } catch (err) {
      log.warn({ remote: remote.name, file, error: messageOf(err) }, 'remote metadata unreadable: listed without metadata');
      return undefined;
    }
  });
  return { current };
}

export interface UrlMetadataOptions {
  /** How long fetched metadata counts as current; the next registry request after that revalidates it. */
  ttlMs: number;
  /** Time allowed for the answer's headers and between body chunks. */
  timeoutMs: number;
  now?: () => number;
}

/** Reads a proxied remote's manifest through its upstream pool (no cookies, no forwarding headers). */
async function fetchManifest(upstream: Upstream, manifestPath: string, etag: string | undefined, timeoutMs: number): Promise<{ status: 304 } | { status: 200; text: string; etag: string | undefined }> {
  if (upstream.openFor() > 0) throw new Error('circuit breaker open');
  const response = await upstream.pool.request({
    path: manifestPath,
    method: 'GET',
    headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  if (response.statusCode === 304) {
    await response.body.dump();
    return { status: 304 };
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`${MANIFEST_FILE}: ${response.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_MANIFEST_BYTES) {
      response.body.destroy();
      throw new Error(`${MANIFEST_FILE} is larger than ${MAX_MANIFEST_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  const tag = response.headers.etag;
  return { status: 200, text: Buffer.concat(chunks).toString('utf8'), etag: typeof tag === 'string' ? tag : undefined };
}

/** A remote behind its own static server: its manifest fetched at start, revalidated after the TTL. */
export function urlMetadataReader(remote: WebRemote & { source: { kind: 'url' } }, upstream: Upstream, options: UrlMetadataOptions, log: Logger): MetadataReader {
  const now = options.now ?? Date.now;
  const manifestPath = `${remote.source.basePath}${MANIFEST_FILE}`;
  let metadata: RemoteMetadata | undefined;
  let etag: string | undefined;
  let attempted = false;
  let nextAttemptAt = 0;
  let lastError: string | undefined;
  let inflight: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    try {
      const answer = await fetchManifest(upstream, manifestPath, metadata ? etag : undefined, options.timeoutMs);
      if (answer.status === 200) {
        metadata = metadataFromManifest(answer.text);
        etag = answer.etag;
      }
      nextAttemptAt = now() + options.ttlMs;
      if (lastError !== undefined) log.info({ remote: remote.name }, 'remote metadata readable again');
      lastError = undefined;
    } catch (err) {
      const error = messageOf(err);
      nextAttemptAt = now() + Math.min(options.ttlMs, RETRY_AFTER_FAILURE_MS);
      // Logged when the failure starts or changes, not at every retry of an outage.
      if (error !== lastError) {
        log.warn(
          { remote: remote.name, url: `${remote.source.origin}${manifestPath}`, error },
          metadata ? 'remote metadata unreadable: keeping the last metadata read' : 'remote metadata unreadable: listed without metadata',
        );
      }
      lastError = error;
    } finally {
      attempted = true;
    }
  }

  const reader: MetadataReader = {
    async current() {
      if (!inflight && now() >= nextAttemptAt) {
        inflight = refresh().finally(() => {
          inflight = undefined;
        });
      }
      if (!attempted && inflight) await inflight;
      return metadata;
    },
  };
  // Read at start, so the first page view finds it.
  void reader.current();
  return reader;
}

/**
 * A `Link` preload hint for a same-origin path the page will `fetch()` (credentials 'same-origin', which is what
 * `crossorigin=anonymous` asks for: the fetch then takes the preloaded response).
 */
export function fetchPreload(pathname: string): string {
  return `<${pathname}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

/** Paths a preload hint may carry: a remote's own files under /mf/<key>/, nothing that could break the header. */
const PRELOADABLE = /^\/mf\/[A-Za-z0-9_-]+\/[A-Za-z0-9._/-]+$/;

/**
 * `Link` preload hints for a page: the manifest of each remote its first view needs — on the home page the remotes
 * that fill a first-screen slot, elsewhere the remote that owns the path — so it loads while the shell's own code
 * does, and the runtime's own preloading (remoteEntry.js and the exposed chunks, from the manifest) starts at once
 * (anchors.md: prefetch what the first view needs). Not remoteEntry.js itself: a preload that failed (the remote
 * down) would be reused by the script tag of a later Try again, which would then fail too.
 */
export function preloadLinks(remotes: readonly Pick<WebRemote, 'key' | 'entry'>[], metadata: ReadonlyMap<string, RemoteMetadata | undefined>, pathname: string): string[] {
  const links: string[] = [];
  for (const remote of remotes) {
    const known = metadata.get(remote.key);
    if (!known) continue;
    const needed = pathname === '/' ? known.slots.some((slot) => FIRST_SCREEN_SLOTS.includes(slot)) : known.routes.some((route) => matchesRoute(route, pathname));
    if (needed && remote.entry.startsWith(`/mf/${remote.key}/`) && PRELOADABLE.test(remote.entry)) {
      links.push(fetchPreload(remote.entry));
    }
  }
  return links;
}
