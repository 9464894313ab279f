import type { RemoteDescriptor } from '../../src/mf/registry.ts';

/** A team's remote as the registry lists it: a page of its own and an RSVP widget on Events listings' pages (issue 35's page slots). */
export const EVENTS_REMOTE: RemoteDescriptor = {
  name: 'mf_events',
  entry: '/mf/events/mf-manifest.json',
  routes: ['/events'],
  slots: [],
  pageSlots: [{ slot: 'listing-actions', when: { category: ['Events'] } }],
  postAdPanel: false,
  metadataKnown: true,
};
