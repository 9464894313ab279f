import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-forum's `./widgets`: the Community Forum section of the home page (its slot in metadata.json). */
export const { widgets } = defineRemoteWidgets(metadata, {
  widgets: [{ id: 'forum.recent', slot: 'forum', Component: lazyPage(() => import('../widgets/ForumWidget.tsx')) }],
});
