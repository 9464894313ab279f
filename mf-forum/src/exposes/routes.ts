import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import '../styles.css';

/** mf-forum's `./routes`: the pages it owns, each its own chunk. */
export const { routes } = defineRemoteRoutes([
  { path: '/forum', Component: lazy(() => import('../pages/ForumPage.tsx')) },
  { path: '/forum/post/:id', Component: lazy(() => import('../pages/ForumPostPage.tsx')) },
]);
