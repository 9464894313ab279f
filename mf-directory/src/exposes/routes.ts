import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-directory's `./routes`: the business directory, a business's own page and the Yellow Pages (the routes of metadata.json), each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/businesses': lazyPage(() => import('../pages/BusinessesPage.tsx')),
  '/yellow-pages': lazyPage(() => import('../pages/YellowPagesPage.tsx')),
  '/business/:id': lazyPage(() => import('../pages/BusinessPage.tsx')),
});
