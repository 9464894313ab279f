import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PageRendererOptions } from '@cp/contracts';
import { createRemotesController, type RemotesController } from './remotes.ts';
import { MF_REGISTRY_PATH } from '@cp/contracts/mf-metadata';
import { parseRemoteVersions } from '@cp/contracts/remote-versions';
import { parseRegistry, type RemoteDescriptor } from './registry.ts';

/**
 * The remotes on the server (issue 20): the registry the browser reads, but each remote's server container — the
 * `commonjs-module` build beside its browser one, `<folder of its entry>/server/remoteEntry.js` — registered with this
 * process's Module Federation runtime (the host's @module-federation/node runtime plugin fetches it and its chunks over
 * HTTP). The registry is read again, and each server container's ETag asked for, at most once per `registryTtlMs`; a
 * container whose ETag changed is registered again (`force`: its loaded modules are dropped), so a remote deployed
 * again is rendered again with no restart of the renderer. A remote whose container the origin does not serve stays
 * registered: loading it fails fast and the page shows its fallback. An origin that answers nothing at all (its gateway
 * restarting) changes nothing: the registry and the containers read last stay in use until it answers again.
 */
export interface ServerRemotes {
  /** Reads the registry and loads the remotes' containers now (at start), not at the first page. */
  warm(): void;
  /**
   * A remotes controller for one page, over the current registry (the loaded modules are the process's).
   * `remoteVersions`: the versions of the remotes with a release this page's visitor is served (the gateway's
   * contracts' REMOTE_VERSIONS_HEADER); a remote of which this process loaded another version is left to the browser.
   */
  forPage(remoteVersions?: string): Promise<RemotesController>;
  /**
   * The stylesheets of the exposed modules a page loaded (their browser build's CSS, from its mf-manifest.json): the
   * markup needs them before the browser loads the remotes, or it is painted unstyled and moves.
   */
  stylesheets(controller: RemotesController): string[];
}

interface Known {
  at: number;
  remotes: RemoteDescriptor[];
  error?: string;
}

/** `/mf/forum/mf-manifest.json` → `/mf/forum/server/remoteEntry.js`. */
export function serverEntryOf(entry: string): string {
  return entry.replace(/[^/]*$/, 'server/remoteEntry.js');
}


/**
 * The remotes a page leaves to the browser (issue 35 §4): those with a release whose version for this visitor is not
 * the one this process loaded (the registry it read, without a cookie, says which: the stable one), or of which it
 * cannot tell (its registry, read before the release, gives none). They render as a remote that failed on the server
 * would — the page's markup is their fallback, and the browser loads the visitor's own version at once — so the server
 * never renders markup of another version than the browser hydrates.
 */
export function leftToBrowser(remotes: ReadonlyArray<Pick<RemoteDescriptor, 'name' | 'version'>>, visitor: ReadonlyMap<string, string>): Set<string> {
  return new Set(
    remotes
      .filter((r) => {
        const wanted = visitor.get(r.name.replace(/^mf_/, ''));
        return wanted !== undefined && wanted !== r.version;
      })
      .map((r) => r.name),
  );
}

export function createServerRemotes(options: Pick<PageRendererOptions, 'siteOrigin' | 'registryTtlMs' | 'log'>): ServerRemotes {
  const versions = new Map<string, string>();
  /** Per remote: its exposes' CSS files (absolute paths), from its browser manifest, read again with each new version. */
  const styles = new Map<string, Record<string, string[]>>();

  async function readStyles(entry: string): Promise<Record<string, string[]>> {
    try {
      const res = await fetch(new URL(entry, options.siteOrigin), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2_000) });
      if (!res.ok) return {};
      const manifest = (await res.json()) as { metaData?: { publicPath?: unknown }; exposes?: Array<{ name?: unknown; assets?: { css?: { sync?: unknown } } }> };
      const base = typeof manifest.metaData?.publicPath === 'string' ? manifest.metaData.publicPath : entry.replace(/[^/]*$/, '');
      return Object.fromEntries(
        (manifest.exposes ?? []).map((e) => [String(e.name), (Array.isArray(e.assets?.css?.sync) ? e.assets.css.sync : []).filter((f): f is string => typeof f === 'string').map((f) => `${base}${f}`)]),
      );
    } catch {
      return {};
    }
  }
  let known: Known | undefined;
  let reading: Promise<Known> | undefined;

  /** The container's version; undefined when the origin says it is not there; null when the origin did not answer. */
  async function versionOf(url: string): Promise<string | undefined | null> {
    try {
      const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
      if (!res.ok) return undefined;
      return res.headers.get('etag') ?? res.headers.get('last-modified') ?? undefined;
    } catch {
      return null;
    }
  }

  async function read(): Promise<Known> {
    let remotes: RemoteDescriptor[] = [];
    let error: string | undefined;
    try {
      const res = await fetch(new URL(MF_REGISTRY_PATH, options.siteOrigin), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2_000) });
      if (!res.ok) throw new Error(`registry answered ${res.status}`);
      const parsed = parseRegistry(await res.json());
      for (const message of parsed.rejected) options.log('warn', message);
      remotes = parsed.remotes;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      // The origin answers nothing for a moment (a gateway restarting, a deploy): the remotes read last are still the
      // ones deployed, and their containers are loaded in this process; pages keep rendering with them. The next look
      // (after the TTL) reads the registry again. Only a renderer that never read it renders without remotes.
      if (known && !known.error) {
        options.log('warn', 'microfrontend registry unavailable: pages render with the remotes read last', { error });
        return { at: Date.now(), remotes: known.remotes };
      }
      options.log('warn', 'microfrontend registry unavailable: pages render without remotes', { error });
    }
    const changed: Array<{ name: string; entry: string }> = [];
    await Promise.all(
      remotes.map(async (r) => {
        const url = new URL(serverEntryOf(r.entry), options.siteOrigin).href;
        const answer = await versionOf(url);
        // No answer from the origin itself (as with the registry above): the container loaded last stays.
        if (answer === null && versions.has(r.name) && versions.get(r.name) !== 'unreachable') return;
        const version = answer ?? 'unreachable';
        if (versions.get(r.name) === version) return;
        // An unreachable container keeps a new entry each time it is found so, so the next look tries it again.
        const tag = version === 'unreachable' ? `unreachable-${Date.now()}` : version;
        versions.set(r.name, version);
        styles.set(r.name, await readStyles(r.entry));
        changed.push({ name: r.name, entry: `${url}?v=${encodeURIComponent(tag)}` });
      }),
    );
    if (changed.length > 0) {
      registerRemotes(changed, { force: true });
      options.log('info', 'server containers registered', { remotes: changed.map((c) => c.name) });
      // Loaded now, in the background, so the next page does not spend its budget fetching them (a start, a redeploy).
      for (const { name } of changed) {
        const remote = remotes.find((r) => r.name === name);
        if (!remote || !versions.get(name) || versions.get(name) === 'unreachable') continue;
        const exposes = remote.metadataKnown ? [...(remote.routes.length > 0 ? ['routes'] : []), ...(remote.slots.length > 0 || remote.postAdPanel ? ['widgets'] : [])] : [];
        for (const expose of exposes) void loadRemote(`${name}/${expose}`).catch(() => undefined);
      }
    }
    return { at: Date.now(), remotes, ...(error ? { error } : {}) };
  }

  async function current(): Promise<Known> {
    if (known && Date.now() - known.at < options.registryTtlMs) return known;
    reading ??= read().finally(() => (reading = undefined));
    known = await reading;
    return known;
  }

  return {
    warm: () => void current().catch(() => undefined),
    stylesheets(controller) {
      const files = controller.getSnapshot().remotes.flatMap((r) => [
        ...(r.routesLoad.status === 'ready' ? (styles.get(r.name)?.routes ?? []) : []),
        ...(r.widgetsLoad.status === 'ready' ? (styles.get(r.name)?.widgets ?? []) : []),
      ]);
      return [...new Set(files)];
    },
    async forPage(remoteVersions) {
      const { remotes, error } = await current();
      const others = leftToBrowser(remotes, parseRemoteVersions(remoteVersions));
      return createRemotesController({
        readRegistry: async () => ({ remotes, ...(error ? { error } : {}) }),
        // Registered once per version above, for the whole process.
        register: () => undefined,
        load: (id) => (others.has(id.split('/')[0]!) ? Promise.reject(new Error('this visitor is served another version of this remote')) : loadRemote(id)),
        timeoutMs: 5_000,
      });
    },
  };
}
