import { lazy } from 'react';
import { defineRemoteWidgets } from '@cp/web-core/contract';
import '../styles.css';

/** mf-listings' `./widgets`: its home sections and the body of the Post Ad dialog. */
export const { widgets, postAdPanel } = defineRemoteWidgets({
  widgets: [
    { id: 'listings.hero', slot: 'hero', Component: lazy(() => import('../widgets/HomeHero.tsx')) },
    { id: 'listings.categories', slot: 'categories', Component: lazy(() => import('../widgets/BrowseByCategory.tsx')) },
    { id: 'listings.featured', slot: 'featured-listings', Component: lazy(() => import('../widgets/FeaturedListings.tsx')) },
    { id: 'listings.recent', slot: 'recent-listings', Component: lazy(() => import('../widgets/RecentListings.tsx')) },
  ],
  postAdPanel: lazy(() => import('../widgets/PostAdPanel.tsx')),
});
