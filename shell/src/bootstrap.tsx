import { startTransition, StrictMode, type ReactNode } from 'react';
import type { Hydration } from './app/App.tsx';
import { hydrateApi, readSsrState } from '@cp/web-core/ssr';
import { preloadShellPage } from './app/shell-pages.ts';
import { createBrowserRemotes } from './mf/runtime.ts';
import { nextTask } from './next-task.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container: HTMLElement = root;
// A page the renderer rendered (issue 20) carries its data and the remotes that failed there (web-core ssr.ts).
const ssr = container.firstElementChild ? readSsrState(document) : undefined;
const remotes = createBrowserRemotes(ssr?.failedRemotes);
// The remotes and the code of the first view (the remotes' modules and the page's own chunk, so the server's markup
// hydrates in one pass, nothing left inert) are fetched first, while this file's own work below goes on.
const firstView = Promise.all([remotes.loadFirstView(window.location.pathname), preloadShellPage(window.location.pathname)]);

/**
 * The app's code is in the page's first files, but running its modules (React DOM, the store and its API, the shell's
 * components) is most of the page's start-up work: on a phone, one task of a few hundred milliseconds in which the
 * page answers nothing (Total Blocking Time). So the largest parts run in tasks of their own: `webpackMode: "eager"`
 * keeps them in the first files (no extra request), the import only decides when a module first runs.
 */
async function start(): Promise<void> {
  await nextTask();
  // The store's libraries, RTK Query, the design system, web-core (the API and its endpoints), then the store: each a
  // task of its own. web-core imports RTK Query and @cp/ui: imported first, they run here, and web-core's own task is
  // only its own modules (together they were one task of about 75 ms on a phone, 4× slower than this machine).
  await Promise.all([import(/* webpackMode: "eager" */ '@reduxjs/toolkit'), import(/* webpackMode: "eager" */ 'react-redux')]);
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["buildCreateApi", "coreModule", "reactHooksModule"] */ '@reduxjs/toolkit/query/react');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@cp/ui');
  await nextTask();
  const { createAppStore } = await import(/* webpackMode: "eager" */ '@cp/web-core');
  await nextTask();
  const store = createAppStore();
  if (ssr) store.dispatch(hydrateApi(ssr.api));
  await nextTask();
  const { App, SiteRoutes } = await import(/* webpackMode: "eager" */ './app/App.tsx');
  const { BrowserRouter } = await import(/* webpackMode: "eager" */ 'react-router');
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');

  const page = (hydration?: Hydration): ReactNode => (
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
      // As a transition: React hydrates in slices of a few milliseconds and lets the browser answer in between (a
      // default update hydrates the root's part in one long task, which a phone feels as a frozen page: Total Blocking
      // Time). The root and each Suspense boundary commit apart; the page says it is ready once all are React's
      // (app/ready.ts), and a click before that makes React hydrate what was clicked first.
      startTransition(() => {
        hydrateRoot(container, page({ state, remotes: remotes.getSnapshot() }), {
          // A mismatch is a defect (the page's first render must be the server's): say where, then React renders it
          // again.
          onRecoverableError: (error, info) => console.error('Hydration:', error, info.componentStack),
        });
      });
      if (ssr.failedRemotes.length > 0) setTimeout(() => void remotes.retry(), 0);
    });
  } else {
    // No server markup (the renderer missed its budget, is down, or a dev build): the page is rendered here, also as a
    // transition, so React renders it in slices instead of one long task (a default update renders the whole tree
    // without yielding).
    const app = createRoot(container);
    startTransition(() => app.render(page()));
  }
}

void start();
