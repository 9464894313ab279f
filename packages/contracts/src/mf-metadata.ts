/**
 * What a microfrontend (a Module Federation remote `mf_<name>`) declares it contributes to the site, as data: the
 * route path patterns it owns, the home-page slots its widgets fill, whether it provides the body of the Post Ad
 * dialog, and the links it puts into the header (optional). Each remote keeps it in `src/exposes/metadata.json`; its `./routes` and `./widgets` modules are built from
 * that file (`defineRemoteRoutes` / `defineRemoteWidgets` of `@cp/web-core/contract` refuse to disagree with it), its
 * build publishes it in `mf-manifest.json` (`metaData.cpRemote`), the gateway copies it into `GET /mf/registry.json`,
 * and the shell decides from it which remote to load, and when, without loading any remote first.
 *
 * This module has no zod: the browser (the shell's first view, the remotes' exposed modules) validates with
 * `checkRemoteMetadata`. The zod schemas of the same rules, for the build and the gateway, are in
 * `microfrontends.ts`; a test checks both agree.
 */

/**
 * Where the site serves its registry of deployed remotes (`{ remotes: [...] }`, `RemoteRegistrySchema` in
 * microfrontends.ts): the gateway answers it, the shell reads it (and preloads it from its index.html), the shell's
 * development and preview servers answer it the gateway's way.
 */
export const MF_REGISTRY_PATH = '/mf/registry.json';

/** The sections of the home page in the order the shell lays them out (spec §2 Home). */
export const HOME_SLOTS = [
  'hero',
  'categories',
  'featured-listings',
  'recent-listings',
  // Open to any team (issue 35): the sections a new team adds to the home page ("This weekend" of the Events team),
  // in their widgets' `order`, below the listings and above the forum. Deferred like the slots below it.
  'community',
  'forum',
  'sponsored-ads',
  'featured-businesses',
  'newsletter',
  'contact',
  'sidebar-ad',
] as const;
export type HomeSlot = (typeof HOME_SLOTS)[number];

/**
 * The home slots of the first screen: the shell renders them (and loads the remotes that fill them) at once; the
 * others when they come near the viewport. The gateway preloads the remotes that fill them with the home page.
 */
export const FIRST_SCREEN_SLOTS: readonly HomeSlot[] = ['hero', 'categories', 'featured-listings', 'recent-listings'];

/**
 * The places on another remote's page where a remote may show a widget (issue 35: the Events team's RSVP control on
 * an Events listing's page, without mf-listings importing mf-events). The page that has the slot renders it with the
 * slot's props (`PageSlotProps` of @cp/web-core/contract); the shell loads the widgets that fill it after the page has
 * hydrated, so the server's markup never depends on them, and a remote that is down leaves the slot empty.
 * - `listing-actions`: the side column of a listing's page, under the seller's contact card.
 */
export const PAGE_SLOTS = ['listing-actions'] as const;
export type PageSlot = (typeof PAGE_SLOTS)[number];

/**
 * What a page slot tells about itself before any remote is loaded, by slot: a remote's declaration may ask for some
 * values of these (`when`), and the shell loads the remote only for a page whose slot has one of them, so a listing
 * page of another category fetches nothing of the Events team's remote.
 */
export const PAGE_SLOT_KEYS = { 'listing-actions': ['category'] } as const satisfies Record<PageSlot, readonly string[]>;
export type PageSlotKeys = { [S in PageSlot]: { [K in (typeof PAGE_SLOT_KEYS)[S][number]]: string } };

export const PAGE_SLOT_LIMITS = { perRemote: 10, values: 20, valueLength: 80 } as const;

/** A page slot a remote fills: `when` (optional) limits it to pages whose slot keys have one of the listed values. */
export interface PageSlotDeclaration {
  slot: PageSlot;
  when?: Record<string, string[]>;
}

/**
 * Whether a declaration asks for the slot as a page shows it (its slot, and each `when` key with one of its values).
 * Safe on unchecked data: the shell's first bundle keeps the registry's declarations as they came (checkPageSlots is
 * for the build, the gateway and the tests, like checkHeaderLinks), and anything malformed matches nothing.
 */
export function fillsPageSlot(declaration: PageSlotDeclaration, slot: PageSlot, keys: Readonly<Record<string, string>>): boolean {
  if (declaration?.slot !== slot) return false;
  const when: unknown = declaration.when ?? {};
  if (typeof when !== 'object' || when === null) return false;
  return Object.entries(when).every(([key, values]) => Array.isArray(values) && Object.hasOwn(keys, key) && values.includes(keys[key]));
}

const isPageSlot = (value: unknown): value is PageSlot => (PAGE_SLOTS as readonly unknown[]).includes(value);

/**
 * Checks a remote's `pageSlots` (absent: none): distinct known slots, `when` keys of the slot's own with a few short
 * values. Returns them with only the known keys, or why they are invalid.
 */
export function checkPageSlots(list: unknown): { ok: true; pageSlots: PageSlotDeclaration[] } | { ok: false; error: string } {
  if (list === undefined) return { ok: true, pageSlots: [] };
  if (!Array.isArray(list)) return { ok: false, error: '`pageSlots` must be an array' };
  if (list.length > PAGE_SLOT_LIMITS.perRemote) return { ok: false, error: `at most ${PAGE_SLOT_LIMITS.perRemote} page slots` };
  const seen = new Set<string>();
  for (const item of list as unknown[]) {
    const { slot, when } = (item ?? {}) as { slot?: unknown; when?: unknown };
    if (!isPageSlot(slot)) return { ok: false, error: `unknown page slot ${JSON.stringify(slot)}` };
    if (seen.has(slot)) return { ok: false, error: `page slot ${slot} is listed twice` };
    seen.add(slot);
    if (when === undefined) continue;
    if (typeof when !== 'object' || when === null || Array.isArray(when)) return { ok: false, error: `\`when\` of page slot ${slot} must be an object` };
    for (const [key, values] of Object.entries(when)) {
      if (!(PAGE_SLOT_KEYS[slot] as readonly string[]).includes(key)) return { ok: false, error: `page slot ${slot} has no key ${JSON.stringify(key)}` };
      const valid = Array.isArray(values) && values.length > 0 && values.length <= PAGE_SLOT_LIMITS.values;
      if (!valid || !(values as unknown[]).every((v) => typeof v === 'string' && v.length > 0 && v.length <= PAGE_SLOT_LIMITS.valueLength)) {
        return { ok: false, error: `\`when.${key}\` of page slot ${slot} must list 1 to ${PAGE_SLOT_LIMITS.values} values` };
      }
    }
  }
  const declared = list as PageSlotDeclaration[];
  return { ok: true, pageSlots: declared.map(({ slot, when }) => ({ slot, ...(when ? { when: { ...when } } : {}) })) };
}

/**
 * The places in the site's header a remote may put a link into (issue 23: mf-messages' Messages link and unread
 * badge). `header-actions`: beside the theme toggle, before the account menu.
 */
export const HEADER_SLOTS = ['header-actions'] as const;
export type HeaderSlot = (typeof HEADER_SLOTS)[number];

/** The icons a header link may show: the shell draws them (its header chunk carries each one). */
export const HEADER_LINK_ICONS = ['message-square', 'bell'] as const;
export type HeaderLinkIcon = (typeof HEADER_LINK_ICONS)[number];

/**
 * A link a remote puts into a header slot, as data: the shell draws it for signed-in visitors (never on a first view's
 * critical path) without loading the remote, so a badge on every page costs the page no remote container (issue 20
 * §7: every page within 190 KB). The remote's team still owns what it says and where it points: a new label, count
 * or stream ships with the remote's build, through the registry.
 * - `to`: one of the remote's own routes (a static path).
 * - `count`: the badge. The shell asks GET `url` (same origin, with the session) for a JSON object whose `field` is a
 *   whole number; past 0 the link shows it and its accessible name becomes "<label>, <n> <noun>". It asks again when
 *   the window gets the focus back, on every `live` event, and every minute while no stream is open.
 * - `live`: a server-sent event stream (GET `url`) whose `events` change the count. The page shares one connection
 *   per stream with the remote's own pages (`@cp/web-core/live-stream`).
 */
export interface HeaderLink {
  id: string;
  slot: HeaderSlot;
  to: string;
  label: string;
  icon: HeaderLinkIcon;
  count?: { url: string; field: string; noun: string };
  live?: { url: string; events: string[] };
}

/**
 * Whether `pathname` matches a route pattern of ROUTE_PATTERN's form the way react-router's matchPath does for the
 * shell: case-insensitive, a trailing slash allowed, `:param` one non-empty segment, `:param?` optional, `/*` the rest.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const patternParts = pattern.split('/').slice(1);
  const pathParts = path.split('/').slice(1);
  let i = 0;
  for (const part of patternParts) {
    if (part === '*') return true;
    const segment = pathParts[i];
    if (part.startsWith(':') && part.endsWith('?')) {
      if (segment !== undefined && segment !== '') i += 1;
      continue;
    }
    if (segment === undefined || segment === '') return false;
    if (!part.startsWith(':') && decodeSegment(segment).toLowerCase() !== part.toLowerCase()) return false;
    i += 1;
  }
  return i === pathParts.length;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape matches only itself
  }
}

/** A container name as the gateway names it and the shell registers it: `mf_<key>`. */
export const REMOTE_NAME_PATTERN = /^mf_[a-z][a-z0-9_]{0,40}$/;

/**
 * An absolute react-router path pattern: static segments and `:params` (optionally `:param?`), optionally ending in
 * `/*`. Not `/` (the shell's home page). E.g. `/listings`, `/listing/:id`, `/forum/post/:id`.
 */
export const ROUTE_PATTERN = /^(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*\??))+(?:\/\*)?$|^\/\*$/;

export const REMOTE_METADATA_LIMITS = { routes: 50, routeLength: 200 } as const;
export const REMOTE_PAGE_LIMITS = { perRemote: 20, title: 80, description: 300 } as const;

/** A page whose head a remote declares (microfrontends.ts RemotePageSchema): read by the renderer, not the browser. */
export interface RemotePage {
  path: string;
  title: string;
  description: string;
  /** Search engines may index it (default true). */
  index?: boolean;
  /** An API GET answering the head's description now (RemotePagePreviewSchema): a shared link names what is on the page. */
  preview?: string;
}

/** The key under `metaData` of a remote's mf-manifest.json where its build publishes its metadata. */
export const MANIFEST_METADATA_KEY = 'cpRemote';

export interface RemoteMetadata {
  /** Route path patterns the remote's `./routes` serves, in the order it lists them. */
  routes: string[];
  /** Home slots its `./widgets` fill. */
  slots: HomeSlot[];
  /** Slots on other remotes' pages its `./widgets` fill (`pageWidgets`); absent when none. */
  pageSlots?: PageSlotDeclaration[];
  /** Its `./widgets` export `postAdPanel` (the body of the header's Post Ad dialog). */
  postAdPanel?: boolean;
  /** The links it puts into the header's slots; absent when none. */
  headerLinks?: HeaderLink[];
  /** Pages whose heads it declares (issue 35); absent when none. */
  pages?: RemotePage[];
}

const isHomeSlot = (value: unknown): value is HomeSlot => (HOME_SLOTS as readonly unknown[]).includes(value);
export const isHeaderSlot = (value: unknown): value is HeaderSlot => (HEADER_SLOTS as readonly unknown[]).includes(value);

export function firstDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/** Why `list` is not a valid `field` (an array of valid, distinct values); undefined when it is. */
function listError(list: unknown, field: string, valid: (value: unknown) => boolean, invalid: (value: unknown) => string, name: string): string | undefined {
  if (!Array.isArray(list)) return `\`${field}\` must be an array`;
  const bad = (list as unknown[]).findIndex((value) => !valid(value));
  if (bad >= 0) return invalid(list[bad]);
  const duplicate = firstDuplicate(list as string[]);
  return duplicate === undefined ? undefined : `${name} ${duplicate} is listed twice`;
}

const isRoute = (route: unknown) => typeof route === 'string' && route.length <= REMOTE_METADATA_LIMITS.routeLength && ROUTE_PATTERN.test(route);

/**
 * Checks what pages need of a remote's metadata: its routes, home slots and Post Ad panel (unknown keys are ignored,
 * as by the zod schema, and so are `headerLinks` and `pageSlots`: see `checkHeaderLinks` and `checkPageSlots`). Returns them, or why they are invalid.
 */
export function checkPageMetadata(value: unknown): { ok: true; metadata: Omit<RemoteMetadata, 'headerLinks' | 'pages' | 'pageSlots'> } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'metadata must be an object' };
  const { routes, slots, postAdPanel } = value as { routes?: unknown; slots?: unknown; postAdPanel?: unknown };
  if (Array.isArray(routes) && routes.length > REMOTE_METADATA_LIMITS.routes) return { ok: false, error: `at most ${REMOTE_METADATA_LIMITS.routes} routes` };
  const error =
    listError(routes, 'routes', isRoute, (r) => `invalid route pattern ${JSON.stringify(r)}`, 'route') ??
    listError(slots, 'slots', isHomeSlot, (slot) => `unknown home slot ${JSON.stringify(slot)}`, 'slot') ??
    (postAdPanel !== undefined && typeof postAdPanel !== 'boolean' ? '`postAdPanel` must be a boolean' : undefined);
  if (error !== undefined) return { ok: false, error };
  return { ok: true, metadata: { routes: [...(routes as string[])], slots: [...(slots as HomeSlot[])], ...(postAdPanel ? { postAdPanel: true } : {}) } };
}
