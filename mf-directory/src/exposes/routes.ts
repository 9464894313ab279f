import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import '../styles.css';

/** mf-directory's `./routes`: the business directory and the Yellow Pages, each its own chunk. */
export const { routes } = defineRemoteRoutes([
  { path: '/businesses', Component: lazy(() => import('../pages/BusinessesPage.tsx')) },
  { path: '/yellow-pages', Component: lazy(() => import('../pages/YellowPagesPage.tsx')) },
]);
