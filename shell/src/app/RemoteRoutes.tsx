import { lazy, useEffect, useMemo } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes, useRemotesController } from '../mf/RemotesContext.tsx';
import { isPending, routeOwners } from '../mf/remotes.ts';
// Not on a first view that works: loaded when a path turns out to be nobody's, or its remote failed.
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const SectionUnavailablePage = lazy(() => import('../pages/NotFoundPage.tsx').then((m) => ({ default: m.SectionUnavailablePage })));

/**
 * Every path the shell does not own. The registry says which remote owns it (its declared route patterns): only that
 * remote's ./routes are loaded, each route in its own boundary, with a skeleton while it loads. A path nobody owns is
 * '404 Page Not Found' at once, without loading any remote; "unavailable" (with Try again) when its remote failed.
 */
export function RemoteRoutes() {
  const controller = useRemotesController();
  const snapshot = useRemotes();
  const { routes, phase, retry } = snapshot;
  const { pathname } = useLocation();
  useEffect(() => {
    void controller.loadRoutesFor(pathname);
  }, [controller, pathname]);
  const owners = routeOwners(snapshot, pathname);
  const pending = phase === 'loading' || owners.some((r) => isPending(r.routesLoad));
  const ownerFailed = owners.some((r) => r.routesLoad.status === 'failed');
  const table = useMemo<RouteObject[]>(
    () => [
      ...routes.map(({ path, Component, remote }) => ({
        path,
        element: (
          <RemoteBoundary key={remote} remote={remote} resetKey={pathname} fallback={<SectionSkeleton label="Loading page…" />}>
            <Component />
          </RemoteBoundary>
        ),
      })),
      {
        path: '*',
        element: pending ? <SectionSkeleton label="Loading page…" /> : ownerFailed ? <SectionUnavailablePage onRetry={() => void retry()} /> : <NotFoundPage />,
      },
    ],
    [routes, pending, ownerFailed, retry, pathname],
  );
  return useRoutes(table);
}
