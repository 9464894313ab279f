/**
 * The pages the deployed remotes declare (issue 35: `pages` in a remote's metadata, carried by the gateway's
 * `/mf/registry.json`): their heads and their place in the sitemap, so a new team's `/events` is a page with its own
 * title, description, canonical link and preview, not a 404, with no change of the renderer. Read from the site's
 * registry (WEB_ORIGIN) at most once per `ttlMs`; the last good copy is kept while the registry cannot be read.
 */
import { RegistryDocumentSchema, type RemotePage } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';

/** Declared pages by lower-cased path (paths match case-insensitively, as the shell's routes do). */
export type RemotePages = ReadonlyMap<string, RemotePage>;
export type RemotePagesReader = (signal?: AbortSignal) => Promise<RemotePages>;

export function remotePagesReader(opts: { webOrigin: string; ttlMs: number; logger: Logger; fetchImpl?: typeof fetch; now?: () => number }): RemotePagesReader {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const now = opts.now ?? Date.now;
  let pages: RemotePages = new Map();
  let readAt = -Infinity;
  let reading: Promise<RemotePages> | undefined;
  const read = async (): Promise<RemotePages> => {
    try {
      const res = await fetchImpl(new URL('/mf/registry.json', opts.webOrigin), { signal: AbortSignal.timeout(2_000), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      const doc = RegistryDocumentSchema.parse(await res.json());
      const next = new Map<string, RemotePage>();
      for (const remote of doc.remotes) for (const page of remote.pages ?? []) if (!next.has(page.path.toLowerCase())) next.set(page.path.toLowerCase(), page);
      pages = next;
    } catch (err) {
      opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'remote pages: the registry could not be read; keeping the last copy');
    }
    readAt = now();
    return pages;
  };
  return async (signal) => {
    if (now() - readAt >= opts.ttlMs) reading ??= read().finally(() => (reading = undefined));
    if (!reading) return pages;
    // Past the caller's budget, the copy it has.
    return signal ? Promise.race([reading, new Promise<RemotePages>((resolve) => signal.addEventListener('abort', () => resolve(pages), { once: true }))]) : reading;
  };
}
