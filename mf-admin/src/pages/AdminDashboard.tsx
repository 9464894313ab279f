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

/** The tabs after Advertisements: their panels load on intent of the tab, and show a loading state until they are in. */
const LAZY_TABS = [
  { value: 'yellow-pages', label: 'Yellow Pages', Panel: BusinessesTab },
  { value: 'reports', label: 'Reports', Panel: ReportsTab },
  { value: 'releases', label: 'Releases', Panel: ReleasesTab },
  { value: 'operations', label: 'Operations', Panel: OperationsTab },
];

const TABS: readonly Tab[] = [{ value: 'advertisements', label: 'Advertisements' }, ...LAZY_TABS.map(({ value, label, Panel }) => ({ value, label, onIntent: preload(Panel.preload) }))];

/** The chosen tab's panel; a tab's code still loading shows the page's loading state (the tab bar stays where it is). */
function TabPanel({ tab }: { tab: string }) {
  const lazyTab = LAZY_TABS.find(({ value }) => value === tab);
  if (!lazyTab) return <AdvertisementsTab />;
  const { label, Panel } = lazyTab;
  return (
    <Suspense fallback={<LoadingState label={`Loading the ${label} tab…`} {...PAGE_LOADING} />}>
      <Panel />
    </Suspense>
  );
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
