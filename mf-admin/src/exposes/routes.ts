import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';

/** mf-admin's `./routes`: /admin (metadata.json), its own chunk (with its gates inside). */
export const { routes } = defineRemoteRoutes(metadata, { '/admin': lazyPage(() => import('../pages/AdminPage.tsx')) });
