import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-directory's `./widgets`: the Featured Businesses section of the home page (its slot in metadata.json). */
export const { widgets } = defineRemoteWidgets(metadata, {
  widgets: [{ id: 'directory.featured', slot: 'featured-businesses', Component: lazyPage(() => import('../widgets/FeaturedBusinesses.tsx')) }],
});
