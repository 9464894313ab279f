import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-listings' `./routes`: a page per route of metadata.json. Each page is its own chunk, loaded when visited. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/listings': lazy(() => import('../pages/ListingsPage.tsx')),
  '/listing/:id': lazy(() => import('../pages/ListingDetailPage.tsx')),
  '/my-listings': lazy(() => import('../pages/MyListingsPage.tsx')),
  '/saved': lazy(() => import('../pages/SavedListingsPage.tsx')),
  '/search': lazy(() => import('../pages/SearchPage.tsx')),
  // Issue 22: the expiry reminder's links (no login).
  '/renew-listing': lazy(() => import('../pages/RenewListingPage.tsx')),
  '/reminders/unsubscribe': lazy(() => import('../pages/StopRemindersPage.tsx')),
  '/alerts': lazy(() => import('../pages/AlertsPage.tsx')),
  '/alerts/unsubscribe': lazy(() => import('../pages/AlertUnsubscribePage.tsx')),
});
