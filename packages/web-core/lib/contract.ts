import type { ComponentType } from 'react';
import type { ListingCategory } from '@cp/contracts';

/**
 * The contract between the shell and every microfrontend (mf-listings, mf-forum, mf-directory, mf-admin, ...).
 *
 * A remote is a Module Federation container named `mf_<name>`, listed at run time in the registry
 * (`GET /mf/registry.json` → `{ remotes: [{ name, entry }] }`), that exposes exactly two modules:
 * - `./routes`  → {@link RemoteRoutesModule}: the pages it owns, by path;
 * - `./widgets` → {@link RemoteWidgetsModule}: what it contributes to the shell's pages (home sections, Post Ad body).
 * Both modules must stay small: pages and widgets are `React.lazy` components, loaded when shown.
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

/** The sections of the home page in the order the shell lays them out (spec §2 Home). */
export const HOME_SLOTS = [
  'hero',
  'categories',
  'featured-listings',
  'recent-listings',
  'forum',
  'sponsored-ads',
  'featured-businesses',
  'newsletter',
  'contact',
  'sidebar-ad',
] as const;
export type HomeSlot = (typeof HOME_SLOTS)[number];

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

export interface RemoteWidgetsModule {
  widgets: readonly HomeWidget[];
  /** The body of the header's Post Ad dialog (mf-listings), shown to a logged-in user. */
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

/** Typed identity helpers for a remote's `./routes` and `./widgets` modules. */
export function defineRemoteRoutes(routes: readonly RemoteRoute[]): RemoteRoutesModule {
  return { routes };
}

export function defineRemoteWidgets(module: RemoteWidgetsModule): RemoteWidgetsModule {
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

/** Checks what a remote returned for `./widgets`. */
export function parseWidgetsModule(value: unknown): RemoteWidgetsModule {
  const module = value as { widgets?: unknown; postAdPanel?: unknown } | null;
  if (!Array.isArray(module?.widgets)) throw new Error('./widgets must export `widgets`: an array');
  for (const widget of module.widgets as unknown[]) {
    const w = widget as { id?: unknown; slot?: unknown; Component?: unknown } | null;
    if (typeof w?.id !== 'string' || !(HOME_SLOTS as readonly unknown[]).includes(w.slot) || !isComponent(w.Component)) {
      throw new Error('./widgets: every widget needs an `id`, a known `slot` and a `Component`');
    }
  }
  if (module.postAdPanel !== undefined && !isComponent(module.postAdPanel)) throw new Error('./widgets: `postAdPanel` must be a component');
  return module as RemoteWidgetsModule;
}
