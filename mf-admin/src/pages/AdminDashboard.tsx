import { Suspense, useState } from 'react';
import { LoadingState } from '@cp/ui';
import { lazyPage } from '@cp/web-core/contract';
import { Tabs, type Tab } from '@cp/ui/tabs';
import { AdvertisementsTab } from '../components/AdvertisementsTab.tsx';
import { PAGE_LOADING } from '../lib/admin.ts';

// The tabs an admin opens later load on intent of their tab (a pointer over it, its focus, a touch) and at the latest
// when it is chosen; the default tab, Advertisements, comes with the page.
const BusinessesTab = lazyPage<object>(() => import('../components/BusinessesTab.tsx').then((m) => ({ default: m.BusinessesTab })));
const ReportsTab = lazyPage<object>(() => import('../components/ReportsTab.tsx').then((m) => ({ default: m.ReportsTab })));
const ReleasesTab = lazyPage<object>(() => import('../components/ReleasesTab.tsx').then((m) => ({ default: m.ReleasesTab })));
// Its charts (issue 36 §4) are in its own chunk: no other tab or page loads them.
const OperationsTab = lazyPage<object>(() => import('../components/OperationsTab.tsx').then((m) => ({ default: m.OperationsTab })));

const preload = (load: () => Promise<void>) => () => void load().catch(() => undefined);

const TABS: readonly Tab[] = [
  { value: 'advertisements', label: 'Advertisements' },
  { value: 'yellow-pages', label: 'Yellow Pages', onIntent: preload(BusinessesTab.preload) },
  { value: 'reports', label: 'Reports', onIntent: preload(ReportsTab.preload) },
  { value: 'releases', label: 'Releases', onIntent: preload(ReleasesTab.preload) },
  { value: 'operations', label: 'Operations', onIntent: preload(OperationsTab.preload) },
];

/** The chosen tab's panel; a tab's code still loading shows the page's loading state (the tab bar stays where it is). */
function TabPanel({ tab }: { tab: string }) {
  if (tab === 'yellow-pages') {
    return (
      <Suspense fallback={<LoadingState label="Loading the Yellow Pages tab…" {...PAGE_LOADING} />}>
        <BusinessesTab />
      </Suspense>
    );
  }
  if (tab === 'reports') {
    return (
      <Suspense fallback={<LoadingState label="Loading the Reports tab…" {...PAGE_LOADING} />}>
        <ReportsTab />
      </Suspense>
    );
  }
  if (tab === 'releases') {
    return (
      <Suspense fallback={<LoadingState label="Loading the Releases tab…" {...PAGE_LOADING} />}>
        <ReleasesTab />
      </Suspense>
    );
  }
  if (tab === 'operations') {
    return (
      <Suspense fallback={<LoadingState label="Loading the Operations tab…" {...PAGE_LOADING} />}>
        <OperationsTab />
      </Suspense>
    );
  }
  return <AdvertisementsTab />;
}

/**
 * /admin for an admin (spec §2 Admin): the Advertisements (default), Yellow Pages, Reports, Releases (issue 35 §4) and Operations (issue 36 §4) tabs. Loaded by AdminPage
 * only once the session is an admin's, so the login and admin gates load none of it.
 */
export default function AdminDashboard() {
  const [tab, setTab] = useState('advertisements');
  return (
    <div className="space-y-6">
      <title>Admin Dashboard | Central PA Desi Community</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Manage sponsored advertisements and Yellow Pages businesses, review reported content, release new versions of the site's parts, and watch how each service is doing.</p>
      </div>
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} panelClassName="pt-4">
        {(chosen) => <TabPanel tab={chosen} />}
      </Tabs>
    </div>
  );
}
