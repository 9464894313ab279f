import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { PublicUser } from '@cp/contracts';
import { Skeleton } from '@cp/ui';
import { useAuth } from '@cp/web-core';

/** Where a signed-out visitor of `path` is sent: the login page, with the page to come back to. */
export const loginPath = (path: string) => `/auth?next=${encodeURIComponent(path)}`;

/**
 * The messages pages are a signed-in person's: while the session loads (on the server, and in the browser's first
 * render) a skeleton; signed out, the login page (with `next=` this page); signed in, the page.
 */
export function SignedIn({ label, children }: { label: string; children: (user: PublicUser) => ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  if (isLoading) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">{`Loading ${label}…`}</span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (!user) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  return children(user);
}
