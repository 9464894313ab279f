import { defineRemoteRoutes, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/** mf-events' `./routes`: the calendar page, its own chunk. */
export const { routes } = defineRemoteRoutes(metadata, {
  '/events': lazyPage(() => import(/* webpackChunkName: "events-page" */ '../pages/EventsPage.tsx')),
});
