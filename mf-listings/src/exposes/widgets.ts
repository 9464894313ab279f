import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/**
 * mf-listings' `./widgets`: its home sections (the slots of metadata.json) and the body of the Post Ad dialog.
 * The four sections fill the home page's first screen together, so they are one chunk ("home"): one request, and one
 * copy of what they share (the listing card, the API, the icons' runtime) instead of four.
 */
export const { widgets, postAdPanel } = defineRemoteWidgets(metadata, {
  widgets: [
    { id: 'listings.hero', slot: 'hero', Component: lazyPage(() => import(/* webpackChunkName: "home" */ '../widgets/HomeHero.tsx')) },
    { id: 'listings.categories', slot: 'categories', Component: lazyPage(() => import(/* webpackChunkName: "home" */ '../widgets/BrowseByCategory.tsx')) },
    { id: 'listings.featured', slot: 'featured-listings', Component: lazyPage(() => import(/* webpackChunkName: "home" */ '../widgets/FeaturedListings.tsx')) },
    { id: 'listings.recent', slot: 'recent-listings', Component: lazyPage(() => import(/* webpackChunkName: "home" */ '../widgets/RecentListings.tsx')) },
    // The sponsored ads live here because this remote is the one home's first screen already loads: a remote of their
    // own would add its ~9 KB remoteEntry to the page. The sidebar ad is on the first screen: in the same chunk. The
    // large ads' section is further down (a deferred slot): its own small chunk, loaded when it comes near, so the first
    // view does not carry it (what it shares with the sidebar ad, the card and the API, is in the home chunk already).
    { id: 'ads.sponsored', slot: 'sponsored-ads', Component: lazyPage(() => import(/* webpackChunkName: "sponsored-ads" */ '../widgets/SponsoredAds.tsx')) },
    { id: 'ads.sidebar', slot: 'sidebar-ad', Component: lazyPage(() => import(/* webpackChunkName: "home" */ '../widgets/SidebarAd.tsx')) },
  ],
  postAdPanel: lazyPage(() => import('../widgets/PostAdPanel.tsx')),
});
