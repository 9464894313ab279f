import { lazy } from 'react';
import { defineRemoteWidgets } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/**
 * mf-listings' `./widgets`: its home sections (the slots of metadata.json) and the body of the Post Ad dialog.
 * The four sections fill the home page's first screen together, so they are one chunk ("home"): one request, and one
 * copy of what they share (the listing card, the API, the icons' runtime) instead of four.
 */
export const { widgets, postAdPanel } = defineRemoteWidgets(metadata, {
  widgets: [
    { id: 'listings.hero', slot: 'hero', Component: lazy(() => import(/* webpackChunkName: "home" */ '../widgets/HomeHero.tsx')) },
    { id: 'listings.categories', slot: 'categories', Component: lazy(() => import(/* webpackChunkName: "home" */ '../widgets/BrowseByCategory.tsx')) },
    { id: 'listings.featured', slot: 'featured-listings', Component: lazy(() => import(/* webpackChunkName: "home" */ '../widgets/FeaturedListings.tsx')) },
    { id: 'listings.recent', slot: 'recent-listings', Component: lazy(() => import(/* webpackChunkName: "home" */ '../widgets/RecentListings.tsx')) },
  ],
  postAdPanel: lazy(() => import('../widgets/PostAdPanel.tsx')),
});
