import { checkPageMetadata, MF_REGISTRY_PATH, REMOTE_NAME_PATTERN, type HomeSlot, type PageSlotDeclaration } from '@cp/contracts/mf-metadata';

/**
 * The runtime registry of microfrontends. The shell knows no remote at build time: at startup it reads
 * `GET /mf/registry.json` (served by the gateway from its configuration and each remote's build) →
 * `{ "remotes": [{ "name": "mf_listings", "entry": "/mf/listings/mf-manifest.json", "routes": ["/listings", ...],
 *    "slots": ["hero", ...], "postAdPanel": true }, ...] }`.
 * The metadata (routes, slots, pageSlots, postAdPanel) says which remote to load for a path, a home slot, a page slot
 * (issue 35) or the Post Ad dialog,
 * before loading any. Its header links (`headerLinks`) are kept as they came: the header's own chunk checks and draws
 * them (src/chrome/HeaderLinks.tsx), so this first bundle does not carry their rules. A remote listed without it (`metadataUnavailable`, an older gateway, invalid metadata) may own
 * any path or slot: the shell loads it to find out.
 * A registry that cannot be read means "no remotes": the shell's own pages keep working.
 * Checked by hand (@cp/contracts/mf-metadata, no zod): this code is part of the home page's first bundle.
 */

export interface RemoteDescriptor {
  /** The container name, as built: 'mf_<name>'. */
  name: string;
  /** The remote's mf-manifest.json (or remoteEntry.js): a same-origin path or an http(s) URL. */
  entry: string;
  /** The route path patterns it declares (react-router patterns). */
  routes: readonly string[];
  /** The home slots its widgets fill. */
  slots: readonly HomeSlot[];
  /**
   * The slots on other remotes' pages its widgets fill, as the registry gave them: like `headerLinks`, their rules are
   * not in this first bundle (the gateway served them checked; `fillsPageSlot` matches nothing malformed).
   */
  pageSlots: readonly PageSlotDeclaration[];
  /** It provides the body of the Post Ad dialog. */
  postAdPanel: boolean;
  /** Its header links as the registry gave them, unchecked (`checkHeaderLinks` of @cp/contracts/mf-metadata). */
  headerLinks?: unknown;
  /** false: the registry has no (valid) metadata for it; it may own any path and fill any slot. */
  metadataKnown: boolean;
  /** The version this visitor is served, when the remote has a release by percentage (issue 35 §4; release-beacon.ts). */
  version?: string;
}

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,79}$/;

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

const UNKNOWN = { routes: [], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: false } as const;

/**
 * Validates the registry document; invalid entries are dropped (and reported), duplicates keep the first. A valid
 * entry with missing or invalid metadata is kept as a remote of unknown metadata (and reported when invalid).
 */
export function parseRegistry(document: unknown, origin?: string): { remotes: RemoteDescriptor[]; rejected: string[] } {
  const list = (document as { remotes?: unknown } | null)?.remotes;
  const remotes: RemoteDescriptor[] = [];
  const rejected: string[] = [];
  if (!Array.isArray(list)) return { remotes, rejected: ['registry: `remotes` is not an array'] };
  const seen = new Set<string>();
  for (const item of list as unknown[]) {
    const { name, entry, routes, slots, pageSlots, postAdPanel, headerLinks, metadataUnavailable, version } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !REMOTE_NAME_PATTERN.test(name) || typeof entry !== 'string' || !isAllowedEntry(entry, origin)) {
      rejected.push(`registry: invalid remote ${JSON.stringify(item)}`);
      continue;
    }
    if (seen.has(name)) {
      rejected.push(`registry: duplicate remote ${name}`);
      continue;
    }
    seen.add(name);
    const released = typeof version === 'string' && VERSION.test(version) ? { version } : {};
    if (metadataUnavailable === true || (routes === undefined && slots === undefined)) {
      remotes.push({ name, entry, ...UNKNOWN, ...released });
      continue;
    }
    const checked = checkPageMetadata({ routes, slots, postAdPanel });
    if (!checked.ok) {
      rejected.push(`registry: invalid metadata of ${name} (${checked.error}): it is loaded to find out what it owns`);
      remotes.push({ name, entry, ...UNKNOWN, ...released });
      continue;
    }
    const { metadata } = checked;
    remotes.push({ name, entry, routes: metadata.routes, slots: metadata.slots, pageSlots: Array.isArray(pageSlots) ? (pageSlots as PageSlotDeclaration[]) : [], postAdPanel: metadata.postAdPanel === true, ...(headerLinks !== undefined ? { headerLinks } : {}), metadataKnown: true, ...released });
  }
  return { remotes, rejected };
}

/** Fetches and parses the registry; any failure yields no remotes and an error text. */
export async function fetchRegistry(fetchFn: typeof fetch = fetch, url: string = MF_REGISTRY_PATH, origin?: string): Promise<{ remotes: RemoteDescriptor[]; error?: string }> {
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
