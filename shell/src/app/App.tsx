import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { Toaster } from '@cp/ui';
import { ErrorBoundary, type AppStore } from '@cp/web-core';
import { Layout } from '../chrome/Layout.tsx';
import { PageSlotsProvider } from '../mf/PageSlots.tsx';
import { RemotesProvider } from '../mf/RemotesContext.tsx';
import type { RemotesController, RemotesSnapshot } from '../mf/remotes.ts';
import { RemoteRoutes } from './RemoteRoutes.tsx';
import { RouteError } from './RouteError.tsx';
import { FlashToast } from './flash-toast-loader.tsx';
import { HOME_PAGE, SHELL_PAGES } from './shell-pages.ts';
import { markReadyWhenHydrated } from './ready.ts';

/**
 * The site's routes inside the chrome: the shell's own pages; every other path goes to the remotes' routes
 * (RemoteRoutes) and finally to the 404 page. Render inside a router (BrowserRouter; MemoryRouter in tests).
 */
export function SiteRoutes() {
  return (
    // Last resort when the chrome itself fails (a page's failure stays inside the chrome: Layout's boundary).
    <ErrorBoundary fallback={() => <RouteError />}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HOME_PAGE />} />
          {Object.entries(SHELL_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<RemoteRoutes />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}

/** Marks the page interactive (`<html data-ready>`) once React has committed it: all of it hydrated, or rendered. */
function Ready() {
  useEffect(() => markReadyWhenHydrated(document.getElementById('root')), []);
  return null;
}

export interface Hydration {
  state: ReturnType<AppStore['getState']>;
  remotes: RemotesSnapshot;
}

/**
 * The page's providers: one store, the remotes, the toasts. `children`: the router with the site's routes.
 * `hydration`: what the page was rendered with on the server (issue 20). Parts that hydrate later (a lazy page's code
 * arriving after the session answered) still render first with exactly that, as the server did, then with what is
 * current: react-redux's `serverState` and the remotes' server snapshot.
 */
export function App({ store, remotes, hydration, children }: { store: AppStore; remotes: RemotesController; hydration?: Hydration | undefined; children: ReactNode }) {
  return (
    <Provider store={store} serverState={hydration?.state}>
      <RemotesProvider controller={remotes} serverSnapshot={hydration?.remotes}>
        <PageSlotsProvider>{children}</PageSlotsProvider>
        <Ready />
        <Toaster />
        <FlashToast />
      </RemotesProvider>
    </Provider>
  );
}
