import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { RemotesController, RemotesSnapshot } from './remotes.ts';

const RemotesContext = createContext<RemotesController | null>(null);

export function RemotesProvider({ controller, children }: { controller: RemotesController; children: ReactNode }) {
  return <RemotesContext.Provider value={controller}>{children}</RemotesContext.Provider>;
}

export function useRemotesController(): RemotesController {
  const controller = useContext(RemotesContext);
  if (!controller) throw new Error('useRemotes needs a RemotesProvider');
  return controller;
}

/** What the microfrontends contribute right now (routes, widgets, Post Ad panel) and their status. */
export function useRemotes(): RemotesSnapshot & { retry: () => Promise<void> } {
  const controller = useRemotesController();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return { ...snapshot, retry: controller.retry };
}
