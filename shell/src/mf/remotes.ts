import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { fillsPageSlot, FIRST_SCREEN_SLOTS, type PageSlot } from '@cp/contracts/mf-metadata';
import { parseRoutesModule, parseWidgetsModule, preloadOf, REMOTE_EXPOSES, type HomeSlot, type HomeWidget, type PageWidget, type PostAdPanelProps, type RemoteRoute } from '@cp/web-core/contract';
import { failureOf } from './fallback.ts';
import type { RemoteDescriptor } from './registry.ts';

/** One exposed module of a remote: not asked for yet, loading, loaded, or failed (until retry). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface LoadState {
  status: LoadStatus;
  error?: string;
}

export interface RemoteState extends RemoteDescriptor {
  /** Its `./routes`: loaded when the current path may be one of its pages. */
  routesLoad: LoadState;
  /** Its `./widgets`: loaded when a home slot it fills is shown, or the Post Ad dialog needs its panel. */
  widgetsLoad: LoadState;
}

export interface LoadedRoute extends RemoteRoute {
  remote: string;
}

export interface LoadedWidget extends HomeWidget {
  remote: string;
}

export type LoadedPageWidget = PageWidget & { remote: string };

export interface RemotesSnapshot {
  /** 'loading' until the registry has been read (or failed). */
  phase: 'loading' | 'ready';
  registryError?: string;
  remotes: readonly RemoteState[];
  /** The routes of the remotes whose ./routes are loaded, in registry order. */
  routes: readonly LoadedRoute[];
  /** The widgets of the remotes whose ./widgets are loaded, by `order`. */
  widgets: readonly LoadedWidget[];
  /** Their widgets in other remotes' page slots, by `order`. */
  pageWidgets: readonly LoadedPageWidget[];
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

export interface RemotesDeps {
  /** Reads the registry (fetchRegistry in the browser). */
  readRegistry: () => Promise<{ remotes: RemoteDescriptor[]; error?: string }>;
  /** Registers the remotes with the Module Federation runtime (registerRemotes): cheap, nothing is fetched. */
  register: (remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }) => void;
  /** Loads `<name>/<expose>` (loadRemote). */
  load: (id: string) => Promise<unknown>;
  /** An exposed module that has not answered after this long counts as failed (the page stops waiting for it). */
  timeoutMs?: number;
  /**
   * Exposed modules (`<name>/routes`, `<name>/widgets`) that failed while the server rendered this page: they start
   * as failed, so the page hydrates the server's fallback; `retry` loads them again (issue 20).
   */
  initiallyFailed?: readonly string[];
  /** Told each exposed module's load, ok or failed (the releases' reports, release-beacon.ts). */
  onLoaded?: (name: string, ok: boolean) => void;
}

export interface RemotesController {
  getSnapshot: () => RemotesSnapshot;

  subscribe: (listener: () => void) => () => void;
  /** Reads the registry and registers every remote with the runtime (loads none). Once. */
  start: () => Promise<void>;
  /**
   * Starts loading what the first view of `pathname` needs as soon as the registry is read, before anything renders:
   * on the home page the widgets of its first-screen slots, elsewhere the routes of the path's owners.
   */
  loadFirstView: (pathname: string) => Promise<void>;
  /** Loads the ./routes of the remotes that may own this path (none: the path is a 404). */
  loadRoutesFor: (pathname: string) => Promise<void>;
  /** Loads the ./widgets of the remotes that fill this home slot. */
  loadWidgetsFor: (slot: HomeSlot) => Promise<void>;
  /** Loads the ./widgets of the remotes that fill this page slot as a page shows it (its keys). */
  loadPageWidgetsFor: (slot: PageSlot, keys: Readonly<Record<string, string>>) => Promise<void>;
  /** Loads the ./widgets of the remote that provides the Post Ad panel. */
  loadPostAdPanel: () => Promise<void>;
  /** Loads again every exposed module that failed (after registering its remote again). */
  retry: () => Promise<void>;
}

type ExposeKind = keyof typeof REMOTE_EXPOSES;

/** `<name>/routes`, `<name>/widgets`: what the runtime loads, and how the server names a failed module to the browser. */
export const exposeId = (name: string, kind: ExposeKind) => `${name}/${REMOTE_EXPOSES[kind].replace(/^\.\//, '')}`;

/** Waiting for the first answer, or about to ask: the area shows a skeleton. */
export const isPending = (load: LoadState) => load.status === 'idle' || load.status === 'loading';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const matches = (patterns: readonly string[], pathname: string) => patterns.some((path) => matchPath({ path, end: true }, pathname) !== null);

/**
 * The remotes that may own a path: those whose routes match it (their loaded ./routes once loaded, else the routes
 * the registry declares); when none does, those whose metadata is unknown and whose ./routes are not loaded yet.
 * Empty: nobody owns it (404), decided without loading any remote.
 */
export function routeOwners(snapshot: RemotesSnapshot, pathname: string): RemoteState[] {
  const owners = snapshot.remotes.filter((r) =>
    r.routesLoad.status === 'ready' ? matches(snapshot.routes.filter((route) => route.remote === r.name).map((route) => route.path), pathname) : r.metadataKnown && matches(r.routes, pathname),
  );
  if (owners.length > 0) return owners;
  return snapshot.remotes.filter((r) => !r.metadataKnown && r.routesLoad.status !== 'ready');
}

/** The remotes that fill a home slot: by their loaded widgets once loaded, else by the registry (unknown: maybe). */
export function slotOwners(snapshot: RemotesSnapshot, slot: HomeSlot): RemoteState[] {
  return snapshot.remotes.filter((r) => {
    if (r.widgetsLoad.status === 'ready') return snapshot.widgets.some((w) => w.remote === r.name && w.slot === slot);
    return r.metadataKnown ? r.slots.includes(slot) : true;
  });
}

/**
 * The remotes that fill a page slot as a page shows it: by their loaded widgets once loaded, else by the registry's
 * declarations. Unlike a home slot's, a remote of unknown metadata is not loaded to find out: a page slot is an
 * extra on someone else's page, which is whole without it.
 */
export function pageSlotOwners(snapshot: RemotesSnapshot, slot: PageSlot, keys: Readonly<Record<string, string>>): RemoteState[] {
  return snapshot.remotes.filter((r) => {
    if (!r.metadataKnown || !r.pageSlots.some((d) => fillsPageSlot(d, slot, keys))) return false;
    return r.widgetsLoad.status !== 'ready' || snapshot.pageWidgets.some((w) => w.remote === r.name && w.slot === slot);
  });
}

/**
 * The remotes that may still provide the Post Ad panel: not loaded yet, and declaring it (unknown metadata: maybe).
 * A loaded remote's panel is `snapshot.postAdPanel`.
 */
export function postAdPanelCandidates(snapshot: RemotesSnapshot): RemoteState[] {
  return snapshot.remotes.filter((r) => r.widgetsLoad.status !== 'ready' && (r.metadataKnown ? r.postAdPanel : true));
}

interface LoadedWidgets {
  widgets: LoadedWidget[];
  pageWidgets: LoadedPageWidget[];
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Keeps the registry's remotes and what they contribute (routes, home widgets, the Post Ad panel) in a small
 * external store for React (useSyncExternalStore). Every remote is registered with the runtime at start, but a
 * remote's exposed module is loaded only when the page needs it: its ./routes when the path may be one of its pages,
 * its ./widgets when a slot it fills is shown or the Post Ad dialog opens. A module that fails (or times out) is
 * marked failed, contributes nothing, and is loaded again by `retry`; the other remotes are not affected.
 */
export function createRemotesController(deps: RemotesDeps): RemotesController {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  let snapshot: RemotesSnapshot = { phase: 'loading', remotes: [], routes: [], widgets: [], pageWidgets: [] };
  const loadedRoutes = new Map<string, LoadedRoute[]>();
  const loadedWidgets = new Map<string, LoadedWidgets>();
  const inflight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let started: Promise<void> | undefined;

  const publish = (next: Partial<RemotesSnapshot>) => {
    const merged: RemotesSnapshot = { ...snapshot, ...next };
    const names = merged.remotes.map((r) => r.name);
    const byOrder = (a: { order?: number }, b: { order?: number }) => (a.order ?? 0) - (b.order ?? 0);
    const widgets = names.flatMap((n) => loadedWidgets.get(n)?.widgets ?? []).sort(byOrder);
    const pageWidgets = names.flatMap((n) => loadedWidgets.get(n)?.pageWidgets ?? []).sort(byOrder);
    const postAdPanel = names.map((n) => loadedWidgets.get(n)?.postAdPanel).find((p) => p !== undefined);
    snapshot = { ...merged, routes: names.flatMap((n) => loadedRoutes.get(n) ?? []), widgets, pageWidgets };
    if (postAdPanel) snapshot.postAdPanel = postAdPanel;
    else delete snapshot.postAdPanel;
    for (const listener of listeners) listener();
  };

  const setLoad = (name: string, kind: ExposeKind, load: LoadState) => {
    const key = kind === 'routes' ? 'routesLoad' : 'widgetsLoad';
    publish({ remotes: snapshot.remotes.map((r) => (r.name === name ? { ...r, [key]: load } : r)) });
  };

  /**
   * The remote's loaded module differs from what the registry said: the loaded one wins, with a warning. A development
   * aid only (each remote's own tests hold its metadata and exposes together): production builds leave it out, and
   * with it its bytes from every page.
   */
  function checkAgainstRegistry(remote: RemoteState, kind: ExposeKind, loaded: { routes?: string[]; slots?: string[]; pageSlots?: string[]; postAdPanel?: boolean }): void {
    if (process.env.NODE_ENV === 'production' || !remote.metadataKnown) return;
    const differences: string[] = [];
    const differ = (what: string, found: readonly string[] | undefined, registry: readonly string[]) => {
      if (found && !sameSet(found, registry)) differences.push(`${what} ${found.join(', ') || 'none'} (registry: ${registry.join(', ') || 'none'})`);
    };
    differ('routes', loaded.routes, remote.routes);
    differ('slots', loaded.slots, remote.slots);
    differ('page slots', loaded.pageSlots, remote.pageSlots.map((d) => d.slot));
    if (loaded.postAdPanel !== undefined && loaded.postAdPanel !== remote.postAdPanel) differences.push(`postAdPanel ${loaded.postAdPanel} (registry: ${remote.postAdPanel})`);
    if (differences.length > 0) console.warn(`Microfrontend ${remote.name}: its ./${kind} differ from the registry: ${differences.join('; ')}. Using what it loaded.`);
  }

  async function loadNow(remote: RemoteState, kind: ExposeKind): Promise<void> {
    setLoad(remote.name, kind, { status: 'loading' });
    try {
      const module = await withTimeout(deps.load(exposeId(remote.name, kind)), timeoutMs, `${remote.name}/${kind}`);
      const failure = failureOf(module);
      if (failure !== undefined) throw new Error(failure);
      if (kind === 'routes') {
        const { routes } = parseRoutesModule(module);
        checkAgainstRegistry(remote, kind, { routes: routes.map((r) => r.path) });
        loadedRoutes.set(remote.name, routes.map((r) => ({ ...r, remote: remote.name })));
      } else {
        const parsed = parseWidgetsModule(module);
        const pageWidgets = parsed.pageWidgets ?? [];
        const slotsOf = (list: ReadonlyArray<{ slot: string }>) => [...new Set(list.map((w) => w.slot))];
        checkAgainstRegistry(remote, kind, { slots: slotsOf(parsed.widgets), pageSlots: slotsOf(pageWidgets), postAdPanel: parsed.postAdPanel !== undefined });
        loadedWidgets.set(remote.name, {
          widgets: parsed.widgets.map((w) => ({ ...w, remote: remote.name })),
          pageWidgets: pageWidgets.map((w) => ({ ...w, remote: remote.name })),
          ...(parsed.postAdPanel ? { postAdPanel: parsed.postAdPanel } : {}),
        });
      }
      setLoad(remote.name, kind, { status: 'ready' });
      deps.onLoaded?.(remote.name, true);
    } catch (error) {
      deps.onLoaded?.(remote.name, false);
      (kind === 'routes' ? loadedRoutes : loadedWidgets).delete(remote.name);
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Microfrontend ${remote.name} (./${kind}) is unavailable: ${message}`);
      setLoad(remote.name, kind, { status: 'failed', error: message });
    }
  }

  /** Loads the module unless it is loaded, loading (shares that promise) or failed (only retry loads it again). */
  function ensure(remote: RemoteState, kind: ExposeKind): Promise<void> {
    const key = exposeId(remote.name, kind);
    const running = inflight.get(key);
    if (running) return running;
    const current = snapshot.remotes.find((r) => r.name === remote.name);
    if (!current || current[kind === 'routes' ? 'routesLoad' : 'widgetsLoad'].status !== 'idle') return Promise.resolve();
    const promise = loadNow(current, kind).finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  const start = () => {
    started ??= (async () => {
      const { remotes, error } = await deps.readRegistry();
      if (error) console.error(`Microfrontend registry unavailable: ${error}`);
      try {
        if (remotes.length > 0) deps.register(remotes.map(({ name, entry }) => ({ name, entry })));
      } catch (registerError) {
        console.error('Microfrontend registration failed', registerError);
      }
      const failedOnServer = new Set(deps.initiallyFailed ?? []);
      const initial = (name: string, kind: ExposeKind): LoadState =>
        failedOnServer.has(exposeId(name, kind)) ? { status: 'failed', error: 'unavailable when the page was rendered' } : { status: 'idle' };
      publish({
        phase: 'ready',
        remotes: remotes.map((r) => ({ ...r, routesLoad: initial(r.name, 'routes'), widgetsLoad: initial(r.name, 'widgets') })),
        ...(error ? { registryError: error } : {}),
      });
    })();
    return started;
  };

  const loadAll = async (owners: (s: RemotesSnapshot) => RemoteState[], kind: ExposeKind) => {
    await start();
    await Promise.all(owners(snapshot).map((r) => ensure(r, kind)));
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    loadRoutesFor: (pathname) => loadAll((s) => routeOwners(s, pathname), 'routes'),
    loadWidgetsFor: (slot) => loadAll((s) => slotOwners(s, slot), 'widgets'),
    loadPageWidgetsFor: (slot, keys) => loadAll((s) => pageSlotOwners(s, slot, keys), 'widgets'),
    async loadFirstView(pathname) {
      if (pathname === '/') await loadAll((s) => [...new Set(FIRST_SCREEN_SLOTS.flatMap((slot) => slotOwners(s, slot)))], 'widgets');
      else await loadAll((s) => routeOwners(s, pathname), 'routes');
      // And the code of the view itself (its lazyPage components): hydration then finishes in one pass.
      const components =
        pathname === '/'
          ? snapshot.widgets.filter((w) => FIRST_SCREEN_SLOTS.includes(w.slot)).map((w) => w.Component)
          : snapshot.routes.filter((r) => matches([r.path], pathname)).map((r) => r.Component);
      await Promise.all(
        components.map((component) => {
          const preload = preloadOf(component);
          // A page whose code does not come renders as before: lazily, in its Suspense boundary (its failure is its own).
          return preload ? withTimeout(preload(), timeoutMs, 'page code').catch(() => undefined) : undefined;
        }),
      );
    },
    async loadPostAdPanel() {
      await start();
      // In registry order, one at a time: the first remote that provides it is the one used.
      for (const candidate of postAdPanelCandidates(snapshot)) {
        if (snapshot.postAdPanel) return;
        if (candidate.widgetsLoad.status !== 'failed') await ensure(candidate, 'widgets');
      }
    },
    async retry() {
      const failed = snapshot.remotes.filter((r) => r.routesLoad.status === 'failed' || r.widgetsLoad.status === 'failed');
      if (failed.length === 0) return;
      try {
        deps.register(failed.map(({ name, entry }) => ({ name, entry })), { force: true });
      } catch (registerError) {
        console.error('Microfrontend registration failed', registerError);
      }
      const again: Array<[string, ExposeKind]> = failed.flatMap((r) => [
        ...(r.routesLoad.status === 'failed' ? [[r.name, 'routes'] as [string, ExposeKind]] : []),
        ...(r.widgetsLoad.status === 'failed' ? [[r.name, 'widgets'] as [string, ExposeKind]] : []),
      ]);
      for (const [name, kind] of again) setLoad(name, kind, { status: 'idle' });
      await Promise.all(again.map(([name, kind]) => ensure(snapshot.remotes.find((r) => r.name === name)!, kind)));
    },
  };
}
