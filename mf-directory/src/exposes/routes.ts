import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-directory's `./routes`: the business directory, a business's own page and the Yellow Pages (the routes of metadata.json), each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/businesses': lazy(() => import('../pages/BusinessesPage.tsx')),
  '/yellow-pages': lazy(() => import('../pages/YellowPagesPage.tsx')),
  '/business/:id': lazy(() => import('../pages/BusinessPage.tsx')),
});
