import { lazy } from 'react';
import { defineRemoteWidgets } from '@cp/web-core/contract';
import '../styles.css';

/** mf-directory's `./widgets`: the Featured Businesses section of the home page. */
export const { widgets } = defineRemoteWidgets({
  widgets: [{ id: 'directory.featured', slot: 'featured-businesses', Component: lazy(() => import('../widgets/FeaturedBusinesses.tsx')) }],
});
