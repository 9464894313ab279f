import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-forum's `./routes`: a page per route of metadata.json, each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/forum': lazyPage(() => import('../pages/ForumPage.tsx')),
  '/forum/post/:id': lazyPage(() => import('../pages/ForumPostPage.tsx')),
});
