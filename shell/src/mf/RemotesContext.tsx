import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { RemotesController, RemotesSnapshot } from './remotes.ts';

interface RemotesContextValue {
  controller: RemotesController;
  /** What hydration renders with (the snapshot the server rendered the page with); the current one elsewhere. */
  getServerSnapshot: () => RemotesSnapshot;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

/** `serverSnapshot`: the remotes as they were when the page was rendered on the server (hydration, issue 20). */
export function RemotesProvider({ controller, serverSnapshot, children }: { controller: RemotesController; serverSnapshot?: RemotesSnapshot | undefined; children: ReactNode }) {
  const value = useMemo(() => ({ controller, getServerSnapshot: serverSnapshot ? () => serverSnapshot : controller.getSnapshot }), [controller, serverSnapshot]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

function useRemotesContext(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes needs a RemotesProvider');
  return value;
}

export function useRemotesController(): RemotesController {
  return useRemotesContext().controller;
}

/** What the microfrontends contribute right now (routes, widgets, Post Ad panel) and their status. */
export function useRemotes(): RemotesSnapshot & { retry: () => Promise<void> } {
  const { controller, getServerSnapshot } = useRemotesContext();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, getServerSnapshot);
  return { ...snapshot, retry: controller.retry };
}
