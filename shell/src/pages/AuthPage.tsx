import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '@cp/web-core';
import { SectionSkeleton } from '../mf/RemoteBoundary.tsx';
import { afterLoginPath } from './after-login.ts';

// The forms (tabs, checkboxes, schemas, sign-in) load once the session says the visitor is not signed in: a signed-in
// user who opens /auth is sent on (spec §4) and never loads them (issue 20 §7: /auth signed in keeps to the budget).
const AuthForms = lazy(() => import('./AuthForms.tsx'));

/** /auth (spec §2): login and register tabs; logged-in users go to / (or to `?next=`, afterLoginPath). */
export function AuthPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <SectionSkeleton label="Checking your session…" />;
  if (isAuthenticated) return <Navigate to={afterLoginPath(params.get('next'))} replace />;
  return (
    <>
      <title>Login or Register | Central PA Desi Community</title>
      <Suspense fallback={<SectionSkeleton label="Loading the login form…" />}>
        <AuthForms />
      </Suspense>
    </>
  );
}

export default AuthPage;
