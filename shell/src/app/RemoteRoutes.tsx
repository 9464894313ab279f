import { useMemo } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RemoteBoundary, SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { useRemotes } from '../mf/RemotesContext.tsx';
import { NotFoundPage, SectionUnavailablePage } from '../pages/NotFoundPage.tsx';

/**
 * Every path the shell does not own: the routes the remotes exposed, each in its own boundary; while the remotes are
 * still loading a skeleton; then '404 Page Not Found', or "unavailable" when a remote that might own it failed.
 */
export function RemoteRoutes() {
  const { routes, phase, remotes, retry } = useRemotes();
  const location = useLocation();
  const anyFailed = remotes.some((r) => r.status === 'failed');
  const table = useMemo<RouteObject[]>(
    () => [
      ...routes.map(({ path, Component, remote }) => ({
        path,
        element: (
          <RemoteBoundary key={remote} resetKey={location.pathname} fallback={<SectionSkeleton label="Loading page…" />}>
            <Component />
          </RemoteBoundary>
        ),
      })),
      {
        path: '*',
        element: phase === 'loading' ? <SectionSkeleton label="Loading page…" /> : anyFailed ? <SectionUnavailablePage onRetry={() => void retry()} /> : <NotFoundPage />,
      },
    ],
    [routes, phase, anyFailed, retry, location.pathname],
  );
  return useRoutes(table);
}
