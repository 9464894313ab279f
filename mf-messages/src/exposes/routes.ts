import { lazy } from 'react';
import { defineRemoteRoutes } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-messages' `./routes`: a page per route of metadata.json, each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/messages': lazy(() => import('../pages/InboxPage.tsx')),
  '/messages/new': lazy(() => import('../pages/NewConversationPage.tsx')),
  '/messages/unsubscribe': lazy(() => import('../pages/UnsubscribePage.tsx')),
  '/messages/:id': lazy(() => import('../pages/ConversationPage.tsx')),
});
