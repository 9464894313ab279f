import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';

/** mf-admin's `./routes`: /admin, its own chunk (with its gates inside). */
export const { routes } = defineRemoteRoutes([{ path: '/admin', Component: lazy(() => import('../pages/AdminPage.tsx')) }]);
