import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-messages' `./routes`: a page per route of metadata.json, each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/messages': lazyPage(() => import('../pages/InboxPage.tsx')),
  '/messages/new': lazyPage(() => import('../pages/NewConversationPage.tsx')),
  '/messages/unsubscribe': lazyPage(() => import('../pages/UnsubscribePage.tsx')),
  '/messages/:id': lazyPage(() => import('../pages/ConversationPage.tsx')),
});
