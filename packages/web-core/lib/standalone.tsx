import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router';
import { Toaster } from '@cp/ui';
import type { HomeWidget, RemoteRoute } from './contract.ts';
import { createAppStore } from './store.ts';

export interface StandaloneOptions {
  routes: readonly RemoteRoute[];
  widgets: readonly HomeWidget[];
  /** Paths linked in the small top bar (the remote's pages). */
  links: readonly string[];
}

/**
 * Runs a remote alone (`npm run dev -w mf-<x>`) with the same providers the shell gives it, so a remote can be
 * developed without the shell: its widgets on `/`, its routes at their paths. Production builds never load this.
 */
export function runStandalone({ routes, widgets, links }: StandaloneOptions): void {
  function Frame() {
    return (
      <div className="mx-auto max-w-7xl space-y-6 p-4">
        <nav aria-label="Standalone" className="flex gap-4 text-sm text-primary">
          <Link to="/">Widgets</Link>
          {links.map((to) => (
            <Link key={to} to={to}>
              {to}
            </Link>
          ))}
        </nav>
        <main className="space-y-12">
          <Outlet />
        </main>
      </div>
    );
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Provider store={createAppStore()}>
        <BrowserRouter>
          <Routes>
            <Route element={<Frame />}>
              <Route
                index
                element={
                  <>
                    {widgets.map(({ id, Component }) => (
                      <Component key={id} />
                    ))}
                  </>
                }
              />
              {routes.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
            </Route>
          </Routes>
        </BrowserRouter>
        <Toaster />
      </Provider>
    </StrictMode>,
  );
}
