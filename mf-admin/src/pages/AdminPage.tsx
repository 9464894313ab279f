import { LogIn, ShieldAlert } from 'lucide-react';
import { EmptyState, Skeleton } from '@cp/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cp/ui/tabs';
import { useAuth } from '@cp/web-core';
import { AdvertisementsTab } from '../components/AdvertisementsTab.tsx';
import { BusinessesTab } from '../components/BusinessesTab.tsx';
import { ReportsTab } from '../components/ReportsTab.tsx';
import { adminGate } from '../lib/admin.ts';
// Here, not in ./routes: the admin styles load with the page, not on every page of the site.
import '../styles.css';

/** /admin (spec §2 Admin): the login and admin gates, then the Advertisements (default), Yellow Pages and Reports tabs. */
export function AdminPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const gate = adminGate(user);
  if (gate === 'login') {
    return (
      <EmptyState
        headingLevel={1}
        icon={<LogIn />}
        title="Authentication Required"
        description="Please log in to reach the admin dashboard."
        links={[{ to: '/auth', label: 'Go to Login' }]}
      />
    );
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
    <div className="space-y-6">
      <title>Admin Dashboard | Central PA Desi Community</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Manage sponsored advertisements and Yellow Pages businesses, and review reported content.</p>
      </div>
      <Tabs defaultValue="advertisements">
        <TabsList>
          <TabsTrigger value="advertisements">Advertisements</TabsTrigger>
          <TabsTrigger value="yellow-pages">Yellow Pages</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
        </TabsList>
        <TabsContent value="advertisements" className="pt-4">
          <AdvertisementsTab />
        </TabsContent>
        <TabsContent value="yellow-pages" className="pt-4">
          <BusinessesTab />
        </TabsContent>
        <TabsContent value="reports" className="pt-4">
          <ReportsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default AdminPage;
