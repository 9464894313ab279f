import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { Toaster, TooltipProvider } from '@cp/ui';
import { createAppStore } from '@cp/web-core';
import { routes } from './exposes/routes.ts';
import { widgets } from './exposes/widgets.ts';
import './standalone.css';

/**
 * Runs mf-forum alone (`npm run dev -w mf-forum`, http://127.0.0.1:3002/) with the same providers the shell
 * gives it, so a remote can be developed without the shell. Production builds never load this file.
 */
function Frame() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4">
      <nav aria-label="Standalone" className="flex gap-4 text-sm text-primary">
        <Link to="/">Widgets</Link>
        <Link to="/forum">/forum</Link>
      </nav>
      <main className="space-y-12">
        <Outlet />
      </main>
    </div>
  );
}

const router = createBrowserRouter([
  {
    element: <Frame />,
    children: [
      {
        index: true,
        element: (
          <>
            {widgets.map(({ id, Component }) => (
              <Component key={id} />
            ))}
          </>
        ),
      },
      ...routes.map(({ path, Component }) => ({ path, element: <Component /> })),
    ],
  },
]);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <Provider store={createAppStore()}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </Provider>
  </StrictMode>,
);
