import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/**
 * mf-messages' `./widgets`: no home section; the header's Messages link with the unread badge (its header slot in
 * metadata.json). The shell loads this module for signed-in visitors once their page is interactive.
 */
export const { widgets, headerWidgets } = defineRemoteWidgets(metadata, {
  widgets: [],
  headerWidgets: [{ id: 'messages.unread', slot: 'header-actions', Component: lazyPage(() => import('../widgets/MessagesLink.tsx')) }],
});
