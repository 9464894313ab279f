import { Suspense } from 'react';
import { ShieldAlert } from 'lucide-react';
import { EmptyState, LoadingState } from '@cp/ui';
import { useAuth } from '@cp/web-core';
import { lazyPage } from '@cp/web-core/contract';
import { LoginRequired } from '@cp/web-core/login-button';
import { adminGate, PAGE_LOADING } from '../lib/admin.ts';
// Here, not in ./routes: the admin styles load with the page, not on every page of the site.
import '../styles.css';

// The dashboard (its tabs, lists and their calls) is loaded only for an admin: a visitor or a member sees a gate and
// loads none of it.
const AdminDashboard = lazyPage(() => import('./AdminDashboard.tsx'));

/** The page while the session is asked for (also the server's markup) and while an admin's dashboard loads. */
const pageLoading = <LoadingState label="Loading…" {...PAGE_LOADING} />;

/** /admin (spec §2 Admin): the login and admin gates, then the Advertisements (default), Yellow Pages and Reports tabs. */
export function AdminPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return pageLoading;
  const gate = adminGate(user);
  if (gate === 'login') {
    return <LoginRequired title="Authentication Required" description="Please log in to reach the admin dashboard." linkLabel="Go to Login" />;
  }
  if (gate === 'denied') {
    return (
      <EmptyState
        headingLevel={1}
        role="alert"
        icon={<ShieldAlert />}
        title="Access Denied"
        description={
          <>
            <strong className="block text-foreground">Admin Access Required</strong>
            This page is only available to administrators.
          </>
        }
        links={[{ to: '/', label: 'Return to Home', variant: 'outline' }]}
      />
    );
  }
  return (
    <Suspense fallback={pageLoading}>
      <AdminDashboard />
    </Suspense>
  );
}

export default AdminPage;
