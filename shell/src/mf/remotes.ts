import type { ComponentType } from 'react';
import { parseRoutesModule, parseWidgetsModule, REMOTE_EXPOSES, type HomeWidget, type PostAdPanelProps, type RemoteRoute } from '@cp/web-core/contract';
import { failureOf } from './fallback.ts';
import type { RemoteDescriptor } from './registry.ts';

export type RemoteStatus = 'loading' | 'ready' | 'failed';

export interface RemoteState extends RemoteDescriptor {
  status: RemoteStatus;
  error?: string;
}

export interface LoadedRoute extends RemoteRoute {
  remote: string;
}

export interface LoadedWidget extends HomeWidget {
  remote: string;
}

export interface RemotesSnapshot {
  /** 'loading' until the registry has been read and every remote has answered (or failed, or timed out). */
  phase: 'loading' | 'ready';
  registryError?: string;
  remotes: readonly RemoteState[];
  routes: readonly LoadedRoute[];
  widgets: readonly LoadedWidget[];
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

export interface RemotesDeps {
  /** Reads the registry (fetchRegistry in the browser). */
  readRegistry: () => Promise<{ remotes: RemoteDescriptor[]; error?: string }>;
  /** Registers the remotes with the Module Federation runtime (registerRemotes). */
  register: (remotes: RemoteDescriptor[], options?: { force?: boolean }) => void;
  /** Loads `<name>/<expose>` (loadRemote). */
  load: (id: string) => Promise<unknown>;
  /** A remote that has not answered after this long counts as failed (the page stops waiting for it). */
  timeoutMs?: number;
}

export interface RemotesController {
  getSnapshot: () => RemotesSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Reads the registry and loads every remote's ./routes and ./widgets in parallel. Once. */
  start: () => Promise<void>;
  /** Loads the failed remotes again. */
  retry: () => Promise<void>;
}

const exposeId = (name: string, expose: string) => `${name}/${expose.replace(/^\.\//, '')}`;

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

interface Loaded {
  routes: LoadedRoute[];
  widgets: LoadedWidget[];
  postAdPanel?: ComponentType<PostAdPanelProps>;
}

/**
 * Loads the microfrontends listed in the registry and keeps what they contribute (routes, home widgets, the Post Ad
 * panel) in a small external store for React (useSyncExternalStore). One failing remote is marked failed and
 * contributes nothing; the others load normally.
 */
export function createRemotesController(deps: RemotesDeps): RemotesController {
  const timeoutMs = deps.timeoutMs ?? 15_000;
  let snapshot: RemotesSnapshot = { phase: 'loading', remotes: [], routes: [], widgets: [] };
  const loaded = new Map<string, Loaded>();
  const listeners = new Set<() => void>();
  let started: Promise<void> | undefined;

  const publish = (next: Partial<RemotesSnapshot>) => {
    const merged: RemotesSnapshot = { ...snapshot, ...next };
    const ordered = merged.remotes.map((r) => loaded.get(r.name)).filter((l): l is Loaded => l !== undefined);
    const postAdPanel = ordered.find((l) => l.postAdPanel)?.postAdPanel;
    snapshot = {
      ...merged,
      routes: ordered.flatMap((l) => l.routes),
      widgets: ordered.flatMap((l) => l.widgets).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      ...(postAdPanel ? { postAdPanel } : {}),
    };
    if (!postAdPanel) delete (snapshot as { postAdPanel?: unknown }).postAdPanel;
    for (const listener of listeners) listener();
  };

  const setRemote = (name: string, patch: Partial<RemoteState>) => {
    publish({ remotes: snapshot.remotes.map((r) => (r.name === name ? { ...r, ...patch } : r)) });
  };

  async function loadOne(remote: RemoteDescriptor): Promise<void> {
    try {
      const [routesModule, widgetsModule] = await withTimeout(
        Promise.all([deps.load(exposeId(remote.name, REMOTE_EXPOSES.routes)), deps.load(exposeId(remote.name, REMOTE_EXPOSES.widgets))]),
        timeoutMs,
        remote.name,
      );
      const failure = failureOf(routesModule) ?? failureOf(widgetsModule);
      if (failure !== undefined) throw new Error(failure);
      const { routes } = parseRoutesModule(routesModule);
      const widgets = parseWidgetsModule(widgetsModule);
      loaded.set(remote.name, {
        routes: routes.map((r) => ({ ...r, remote: remote.name })),
        widgets: widgets.widgets.map((w) => ({ ...w, remote: remote.name })),
        ...(widgets.postAdPanel ? { postAdPanel: widgets.postAdPanel } : {}),
      });
      setRemote(remote.name, { status: 'ready', error: undefined });
    } catch (error) {
      loaded.delete(remote.name);
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Microfrontend ${remote.name} is unavailable: ${message}`);
      setRemote(remote.name, { status: 'failed', error: message });
    }
  }

  const finish = () => publish({ phase: 'ready' });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started ??= (async () => {
        const { remotes, error } = await deps.readRegistry();
        if (error) console.error(`Microfrontend registry unavailable: ${error}`);
        try {
          if (remotes.length > 0) deps.register(remotes);
        } catch (registerError) {
          console.error('Microfrontend registration failed', registerError);
        }
        publish({ remotes: remotes.map((r) => ({ ...r, status: 'loading' as const })), ...(error ? { registryError: error } : {}) });
        await Promise.all(remotes.map(loadOne));
        finish();
      })();
      return started;
    },
    async retry() {
      const failed = snapshot.remotes.filter((r) => r.status === 'failed');
      if (failed.length === 0) return;
      try {
        deps.register(failed.map(({ name, entry }) => ({ name, entry })), { force: true });
      } catch (registerError) {
        console.error('Microfrontend registration failed', registerError);
      }
      for (const r of failed) setRemote(r.name, { status: 'loading' });
      await Promise.all(failed.map(loadOne));
      finish();
    },
  };
}
