import { defineRemoteWidgets, lazyPage } from '@cp/web-core/contract';
import type { PageSlotProps } from '@cp/web-core/contract';
import metadata from './metadata.json';
import '../styles.css';

/**
 * mf-events' `./widgets`: the home page's "This weekend" (the open `community` slot) and the RSVP control on an Events
 * listing's page (the `listing-actions` page slot, declared for the category Events only). Each is a small chunk of
 * its own, named, loaded when shown: home pays for the weekend's cards only, a listing page for the RSVP control only.
 */
export const { widgets, pageWidgets } = defineRemoteWidgets(metadata, {
  widgets: [{ id: 'events.weekend', slot: 'community', Component: lazyPage(() => import(/* webpackChunkName: "events-weekend" */ '../widgets/WeekendWidget.tsx')) }],
  pageWidgets: [
    {
      id: 'events.rsvp',
      slot: 'listing-actions',
      Component: lazyPage<PageSlotProps['listing-actions']>(() => import(/* webpackChunkName: "events-rsvp" */ '../widgets/RsvpWidget.tsx')),
    },
  ],
});
