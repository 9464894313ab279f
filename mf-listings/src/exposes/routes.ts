import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import '../styles.css';

/** mf-listings' `./routes`: the pages it owns. Each page is its own chunk, loaded when visited. */
export const { routes } = defineRemoteRoutes([
  { path: '/listings', Component: lazy(() => import('../pages/ListingsPage.tsx')) },
  { path: '/listing/:id', Component: lazy(() => import('../pages/ListingDetailPage.tsx')) },
  { path: '/my-listings', Component: lazy(() => import('../pages/MyListingsPage.tsx')) },
]);
