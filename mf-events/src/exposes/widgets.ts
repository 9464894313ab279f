import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/**
 * mf-events' `./widgets`: the home page's "This weekend" (the open `community` slot), its own chunk, loaded when the
 * section comes near.
 *
 * Not yet declared: the RSVP control (widgets/RsvpWidget.tsx, tested) in the `listing-actions` page slot of Events
 * listings. With it, an Events listing's page loads 199.5 KB gzip of JavaScript, 45.9 KB of it our code (budgets: 190
 * and 40): a second container's runtime (remoteEntry, 8.9 KB) and the control's chunks (5.5 KB of our code). It is
 * declared (metadata.json `pageSlots`, and `pageWidgets` here) once the page has that room; until then people answer
 * through the API the control uses.
 */
export const { widgets } = defineRemoteWidgets(metadata, {
  widgets: [{ id: 'events.weekend', slot: 'community', Component: lazyPage(() => import(/* webpackChunkName: "events-weekend" */ '../widgets/WeekendWidget.tsx')) }],
});
