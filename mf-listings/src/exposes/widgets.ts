import { lazy } from 'react';
import { defineRemoteWidgets } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-listings' `./widgets`: its home sections (the slots of metadata.json) and the body of the Post Ad dialog. */
export const { widgets, postAdPanel } = defineRemoteWidgets(metadata, {
  widgets: [
    { id: 'listings.hero', slot: 'hero', Component: lazy(() => import('../widgets/HomeHero.tsx')) },
    { id: 'listings.categories', slot: 'categories', Component: lazy(() => import('../widgets/BrowseByCategory.tsx')) },
    { id: 'listings.featured', slot: 'featured-listings', Component: lazy(() => import('../widgets/FeaturedListings.tsx')) },
    { id: 'listings.recent', slot: 'recent-listings', Component: lazy(() => import('../widgets/RecentListings.tsx')) },
  ],
  postAdPanel: lazy(() => import('../widgets/PostAdPanel.tsx')),
});
