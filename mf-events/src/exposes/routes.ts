import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-events' `./routes`: the calendar page and the mails' unsubscribe page, each its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/events': lazyPage(() => import(/* webpackChunkName: "events-page" */ '../pages/EventsPage.tsx')),
  '/events/unsubscribe': lazyPage(() => import(/* webpackChunkName: "events-unsubscribe" */ '../pages/UnsubscribePage.tsx')),
});
