import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAppStore, hydrateApi, readSsrState } from '@cp/web-core';
import { App, preloadShellPage, SiteRoutes, type Hydration } from './app/App.tsx';
import { createBrowserRemotes } from './mf/runtime.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// A page the renderer rendered (issue 20) carries its data and the remotes that failed there (web-core ssr.ts).
const ssr = container.firstElementChild ? readSsrState(document) : undefined;

const store = createAppStore();
if (ssr) store.dispatch(hydrateApi(ssr.api));
const remotes = createBrowserRemotes(ssr?.failedRemotes);
// Session (spec §4) and remotes start together, before the first render; so does the code of the first view (the
// remotes' modules and the page's own chunk, so the server's markup hydrates in one pass, nothing left inert).
const firstView = Promise.all([remotes.loadFirstView(window.location.pathname), preloadShellPage(window.location.pathname)]);

const page = (hydration?: Hydration) => (
  <StrictMode>
    <App store={store} remotes={remotes} hydration={hydration}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
);

if (ssr) {
  // The server's markup is hydrated once the first view's remotes are here, so the first render matches it; the
  // remotes that failed on the server show their fallback, then are tried again.
  const state = store.getState();
  void firstView.then(() => {
    // As a transition: React hydrates in slices of a few milliseconds and lets the browser answer in between (a default
    // update hydrates the root's part in one long task, which a phone feels as a frozen page: Total Blocking Time). The
    // root and each Suspense boundary commit apart; the page says it is ready once all are React's (app/ready.ts), and a
    // click before that makes React hydrate what was clicked first.
    startTransition(() => {
      hydrateRoot(container, page({ state, remotes: remotes.getSnapshot() }), {
        // A mismatch is a defect (the page's first render must be the server's): say where, then React renders it again.
        onRecoverableError: (error, info) => console.error('Hydration:', error, info.componentStack),
      });
    });
    if (ssr.failedRemotes.length > 0) setTimeout(() => void remotes.retry(), 0);
  });
} else {
  createRoot(container).render(page());
}
