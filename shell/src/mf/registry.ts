/**
 * The runtime registry of microfrontends. The shell knows no remote at build time: at startup it reads
 * `GET /mf/registry.json` (served by the gateway from its configuration) →
 * `{ "remotes": [{ "name": "mf_listings", "entry": "/mf/listings/mf-manifest.json" }, ...] }`.
 * A registry that cannot be read means "no remotes": the shell's own pages keep working.
 */
export const REGISTRY_URL = '/mf/registry.json';

export interface RemoteDescriptor {
  /** The container name, as built: 'mf_<name>'. */
  name: string;
  /** The remote's mf-manifest.json (or remoteEntry.js): a same-origin path or an http(s) URL. */
  entry: string;
}

const NAME = /^mf_[a-z][a-z0-9_]{0,40}$/;

function isAllowedEntry(entry: string, origin: string | undefined): boolean {
  if (entry.startsWith('/') && !entry.startsWith('//')) return true;
  try {
    const url = new URL(entry);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    // Only same-origin remotes unless the page itself is served from elsewhere (development).
    return origin === undefined || url.origin === origin;
  } catch {
    return false;
  }
}

/** Validates the registry document; invalid entries are dropped (and reported), duplicates keep the first. */
export function parseRegistry(document: unknown, origin?: string): { remotes: RemoteDescriptor[]; rejected: string[] } {
  const list = (document as { remotes?: unknown } | null)?.remotes;
  const remotes: RemoteDescriptor[] = [];
  const rejected: string[] = [];
  if (!Array.isArray(list)) return { remotes, rejected: ['registry: `remotes` is not an array'] };
  const seen = new Set<string>();
  for (const item of list as unknown[]) {
    const { name, entry } = (item ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || !NAME.test(name) || typeof entry !== 'string' || !isAllowedEntry(entry, origin)) {
      rejected.push(`registry: invalid remote ${JSON.stringify(item)}`);
      continue;
    }
    if (seen.has(name)) {
      rejected.push(`registry: duplicate remote ${name}`);
      continue;
    }
    seen.add(name);
    remotes.push({ name, entry });
  }
  return { remotes, rejected };
}

/** Fetches and parses the registry; any failure yields no remotes and an error text. */
export async function fetchRegistry(fetchFn: typeof fetch = fetch, url: string = REGISTRY_URL, origin?: string): Promise<{ remotes: RemoteDescriptor[]; error?: string }> {
  try {
    const response = await fetchFn(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return { remotes: [], error: `${response.status}: ${response.statusText || 'registry unavailable'}` };
    const { remotes, rejected } = parseRegistry(await response.json(), origin);
    for (const message of rejected) console.warn(message);
    return { remotes };
  } catch (error) {
    return { remotes: [], error: error instanceof Error ? error.message : String(error) };
  }
}
