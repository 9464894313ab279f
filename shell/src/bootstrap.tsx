import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAppStore } from '@cp/web-core';
import { App, SiteRoutes } from './app/App.tsx';
import { createBrowserRemotes } from './mf/runtime.ts';
import './styles.css';

const store = createAppStore();
const remotes = createBrowserRemotes();
// Session (spec §4) and remotes start together, before the first render; so does the code of the first view.
void remotes.loadFirstView(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={store} remotes={remotes}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>,
);
