import { createContext, createElement, lazy, useContext, type ComponentType } from 'react';
import type { Listing, ListingCategory } from '@cp/contracts';
import { checkPageMetadata, HOME_SLOTS, PAGE_SLOTS, type HomeSlot, type PageSlot, type PageSlotKeys, type RemoteMetadata } from '@cp/contracts/mf-metadata';

export { HOME_SLOTS, PAGE_SLOTS, type HomeSlot, type PageSlot, type RemoteMetadata };

/**
 * The contract between the shell and every microfrontend (mf-listings, mf-forum, mf-directory, mf-admin, ...).
 *
 * A remote is a Module Federation container named `mf_<name>`, listed at run time in the registry
 * (`GET /mf/registry.json` → `{ remotes: [{ name, entry, routes, slots, postAdPanel? }] }`), that
 * - declares what it contributes, as data, in `src/exposes/metadata.json` ({@link RemoteMetadata}: the route patterns
 *   it owns, the home slots its widgets fill, whether it provides the Post Ad panel, the links it puts into the
 *   header). Its build publishes that file in its mf-manifest.json, the gateway copies it into the registry, and the
 *   shell loads the remote only when the current URL matches one of its routes, a slot it fills is shown, or the Post
 *   Ad dialog opens (a header link is data the shell draws: it loads no remote);
 * - exposes exactly two modules, built from that file with {@link defineRemoteRoutes} and {@link defineRemoteWidgets}
 *   (which refuse to disagree with it):
 *   - `./routes`  → {@link RemoteRoutesModule}: the pages it owns, by path;
 *   - `./widgets` → {@link RemoteWidgetsModule}: what it contributes to the shell's pages (home sections, Post Ad body)
 *     and to other remotes' pages ({@link PageSlot}s, shown through {@link PageSlotOutlet}).
 * Both modules must stay small: pages and widgets are {@link lazyPage} components, loaded when shown (and before the
 * server's markup of the first view is hydrated).
 * A remote reaches the store through react-redux hooks and adds data with `baseApi.injectEndpoints(...)` or
 * `rootReducer.inject(slice)`; it never creates a store, a router or a toast queue of its own.
 */
export const REMOTE_EXPOSES = { routes: './routes', widgets: './widgets' } as const;
export type RemoteExpose = (typeof REMOTE_EXPOSES)[keyof typeof REMOTE_EXPOSES];

export interface RemoteRoute {
  /** An absolute react-router path pattern: '/listings', '/listing/:id'. */
  path: string;
  /** The page, rendered inside the shell's chrome, an error boundary and a Suspense boundary. */
  Component: ComponentType;
}

export interface RemoteRoutesModule {
  routes: readonly RemoteRoute[];
}

export interface HomeWidget {
  /** Unique on the page: `<remote>.<widget>`, e.g. 'listings.hero'. */
  id: string;
  slot: HomeSlot;
  /** Order inside the slot when several widgets fill it (ascending, default 0). */
  order?: number;
  Component: ComponentType;
}

export interface PostAdPanelProps {
  /** Called after a successful post or a cancel: the shell closes its dialog. */
  onDone: () => void;
  initialCategory?: ListingCategory;
}

/**
 * What a page gives the widgets of a page slot, by slot. The props are data about what the page shows (never the
 * page's own components or store keys), so the page and the widgets' remote stay free to change apart.
 */
export interface PageSlotProps {
  'listing-actions': { listing: Pick<Listing, 'id' | 'category' | 'title' | 'userId' | 'status' | 'location'> };
}

/** The values a page slot's declarations can ask for (`when` of mf-metadata's PageSlotDeclaration), from its props. */
export const PAGE_SLOT_KEYS_OF: { [S in PageSlot]: (props: PageSlotProps[S]) => PageSlotKeys[S] } = {
  'listing-actions': ({ listing }) => ({ category: listing.category }),
};

/** A widget a remote shows in a page slot of another remote's page: `id` as for a home widget, rendered with the slot's props. */
export type PageWidget = { [S in PageSlot]: { id: string; slot: S; order?: number; Component: ComponentType<PageSlotProps[S]> } }[PageSlot];

/**
 * How a page renders a page slot: the shell provides it ({@link PageSlotsContext}); the slot's widgets come after the
 * page has hydrated, so the server's markup and the first render never have them. Without a provider (a remote's own
 * standalone page, a test) nothing is rendered.
 */
export type PageSlotRenderer = ComponentType<{ [S in PageSlot]: { slot: S; props: PageSlotProps[S] } }[PageSlot]>;
export const PageSlotsContext = createContext<PageSlotRenderer | null>(null);

/** Where a page shows the widgets other remotes put into its slot `slot` (nothing when none, or when they fail). */
export function PageSlotOutlet<S extends PageSlot>({ slot, props }: { slot: S; props: PageSlotProps[S] }) {
  const Renderer = useContext(PageSlotsContext);
  return Renderer ? createElement(Renderer as ComponentType<{ slot: S; props: PageSlotProps[S] }>, { slot, props }) : null;
}

export interface RemoteWidgetsModule {
  widgets: readonly HomeWidget[];
  /** Its widgets in page slots of other remotes' pages, exactly the `pageSlots` its metadata declares. */
  pageWidgets?: readonly PageWidget[];
  /** The body of the header's Post Ad dialog (mf-listings), shown to a logged-in user. */
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

/** The metadata pages need (the build checks the rest, header links included, against the zod schema). */
function metadataOf(metadata: unknown, what: string): Omit<RemoteMetadata, 'headerLinks'> {
  const checked = checkPageMetadata(metadata);
  if (!checked.ok) throw new Error(`${what}: invalid metadata.json: ${checked.error}`);
  return checked.metadata;
}

const listed = (values: Iterable<string>) => [...values].join(', ') || 'none';

/**
 * A remote's `./routes` module, from its metadata.json and one page per declared route pattern: the patterns and
 * their order come from the metadata, so the routes the shell loads are the ones the registry announced. Throws (the
 * remote fails to load, and its tests fail) when a declared route has no page or a page has no declared route.
 */
/** A component made by {@link lazyPage}: its code can be fetched before it is first rendered. */
export type PreloadableComponent<P extends object = Record<string, never>> = ComponentType<P> & { preload: () => Promise<void> };

/** The `preload` of a component made by {@link lazyPage}; undefined for any other component. */
export function preloadOf(component: unknown): (() => Promise<void>) | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<void>) : undefined;
}

/**
 * A page or widget whose code is loaded when it is first shown, as with `React.lazy`, and which can also be fetched
 * before: the shell fetches the first view's pages and widgets before it hydrates the server's markup (and the
 * renderer before it renders). A `React.lazy` met while hydrating leaves its part of the page as inert HTML until its
 * code arrives — buttons that do nothing on a page that looks ready; fetched first, the page hydrates in one pass.
 * A load that failed is tried again by the next preload.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  // Once the code is here the page renders it directly: no Suspense on the way (the markup is the same either way).
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}

export function defineRemoteRoutes(metadata: unknown, pages: Readonly<Record<string, ComponentType>>): RemoteRoutesModule {
  const { routes } = metadataOf(metadata, './routes');
  const declared = Object.keys(pages);
  const missing = routes.filter((path) => !declared.includes(path));
  const extra = declared.filter((path) => !routes.includes(path));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`./routes disagrees with metadata.json: no page for ${listed(missing)}; not declared: ${listed(extra)}`);
  }
  return { routes: routes.map((path) => ({ path, Component: pages[path]! })) };
}

/**
 * A remote's `./widgets` module, checked against its metadata.json: every widget's slot is declared, every declared
 * slot has a widget, and `postAdPanel` is there exactly when the metadata says so. Throws otherwise.
 */
export function defineRemoteWidgets(metadata: unknown, module: RemoteWidgetsModule): RemoteWidgetsModule {
  const { slots, postAdPanel = false } = metadataOf(metadata, './widgets');
  // Home slots and page slots together (their names differ). The build checked the file's page slots (zod): their
  // rules stay out of the pages' first bundle.
  const declared: string[] = [...slots, ...((metadata as { pageSlots?: Array<{ slot: PageSlot }> }).pageSlots ?? []).map((d) => d.slot)];
  const filled = new Set<string>([...module.widgets, ...(module.pageWidgets ?? [])].map((w) => w.slot));
  const undeclared = [...filled].filter((slot) => !declared.includes(slot));
  const empty = declared.filter((slot) => !filled.has(slot));
  if (undeclared.length > 0 || empty.length > 0) {
    throw new Error(`./widgets disagrees with metadata.json: slots without a widget: ${listed(empty)}; widgets in undeclared slots: ${listed(undeclared)}`);
  }
  if (postAdPanel !== (module.postAdPanel !== undefined)) {
    throw new Error(`./widgets disagrees with metadata.json: postAdPanel is ${postAdPanel ? 'declared but not exported' : 'exported but not declared'}`);
  }
  return module;
}

const isComponent = (value: unknown): boolean => typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** Checks what a remote returned for `./routes`; the shell rejects (and reports) anything else. */
export function parseRoutesModule(value: unknown): RemoteRoutesModule {
  const routes = (value as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) throw new Error('./routes must export `routes`: an array');
  for (const route of routes as unknown[]) {
    const r = route as { path?: unknown; Component?: unknown } | null;
    if (typeof r?.path !== 'string' || !r.path.startsWith('/') || !isComponent(r.Component)) {
      throw new Error('./routes: every route needs an absolute `path` and a `Component`');
    }
  }
  return { routes: routes as RemoteRoute[] };
}

/** Throws unless `list` is an array of widgets, each with an `id`, a slot of `slots` and a `Component`. */
function checkWidgets(list: unknown, slots: readonly string[], what: string): void {
  if (!Array.isArray(list)) throw new Error(`./widgets: \`${what}\` must be an array`);
  for (const widget of list as unknown[]) {
    const w = widget as { id?: unknown; slot?: unknown; Component?: unknown } | null;
    if (typeof w?.id !== 'string' || !slots.includes(w.slot as string) || !isComponent(w.Component)) {
      throw new Error(`./widgets: every one of \`${what}\` needs an \`id\`, a known \`slot\` and a \`Component\``);
    }
  }
}

/** Checks what a remote returned for `./widgets`. */
export function parseWidgetsModule(value: unknown): RemoteWidgetsModule {
  const module = value as { widgets?: unknown; pageWidgets?: unknown; postAdPanel?: unknown } | null;
  checkWidgets(module?.widgets, HOME_SLOTS, 'widgets');
  checkWidgets(module?.pageWidgets ?? [], PAGE_SLOTS, 'pageWidgets');
  if (module?.postAdPanel !== undefined && !isComponent(module.postAdPanel)) throw new Error('./widgets: `postAdPanel` must be a component');
  return module as RemoteWidgetsModule;
}
