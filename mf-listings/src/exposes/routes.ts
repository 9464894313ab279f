import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-listings' `./routes`: a page per route of metadata.json. Each page is its own chunk, loaded when visited. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/listings': lazyPage(() => import('../pages/ListingsPage.tsx')),
  '/listing/:id': lazyPage(() => import('../pages/ListingDetailPage.tsx')),
  '/my-listings': lazyPage(() => import('../pages/MyListingsPage.tsx')),
  '/saved': lazyPage(() => import('../pages/SavedListingsPage.tsx')),
  '/search': lazyPage(() => import('../pages/SearchPage.tsx')),
  // Issue 22: the expiry reminder's links (no login).
  '/renew-listing': lazyPage(() => import('../pages/RenewListingPage.tsx')),
  '/reminders/unsubscribe': lazyPage(() => import('../pages/StopRemindersPage.tsx')),
  '/alerts': lazyPage(() => import('../pages/AlertsPage.tsx')),
  '/alerts/unsubscribe': lazyPage(() => import('../pages/AlertUnsubscribePage.tsx')),
});
