import { lazy } from 'react';
import { defineRemoteWidgets } from '@cp/web-core/contract';
import '../styles.css';

/** mf-forum's `./widgets`: the Community Forum section of the home page. */
export const { widgets } = defineRemoteWidgets({
  widgets: [{ id: 'forum.recent', slot: 'forum', Component: lazy(() => import('../widgets/ForumWidget.tsx')) }],
});
