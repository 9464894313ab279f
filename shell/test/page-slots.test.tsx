/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { renderToString } from 'react-dom/server';
import { screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { PageSlotOutlet, type PageSlotProps } from '@cp/web-core/contract';
import { PageSlotsProvider } from '../src/mf/PageSlots.tsx';
import { RemotesProvider } from '../src/mf/RemotesContext.tsx';
import { createRemotesController, type RemotesDeps } from '../src/mf/remotes.ts';
import type { RemoteDescriptor } from '../src/mf/registry.ts';
import { EVENTS_REMOTE } from './support/events-remote.ts';
import { renderSite } from './support/render-site.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/**
 * Page slots (issue 35): a remote shows a widget on another remote's page — the Events team's RSVP control on an
 * Events listing's page — with no import between the two. The page names the slot and gives its props; the shell loads
 * the remotes that declare the slot for the page's keys, after hydration, and shows nothing when there are none, while
 * they load, or when they fail.
 */

type Listing = PageSlotProps['listing-actions']['listing'];
const LISTINGS: Record<string, Listing> = {
  diwali: { id: 'diwali', category: 'Events', title: 'Diwali Mela', userId: 'u1', status: 'active', location: 'Harrisburg' },
  sofa: { id: 'sofa', category: 'Buy & Sell', title: 'Sofa', userId: 'u2', status: 'active', location: 'Enola' },
};

/** The listing page as mf-listings has it: its own content, then the slot in its side column. */
function ListingPage() {
  const listing = LISTINGS[useParams().id ?? '']!;
  return (
    <article>
      <h1>{listing.title}</h1>
      <PageSlotOutlet slot="listing-actions" props={{ listing }} />
      <p>Contact the seller</p>
    </article>
  );
}

/** The Events team's widget: what it is given is the page's listing. */
function Rsvp({ listing }: PageSlotProps['listing-actions']) {
  return <button type="button">{`Going to ${listing.title} in ${listing.location}`}</button>;
}

const listingsRemote: RemoteDescriptor = { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listing/:id'], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: true };
const eventsRemote = EVENTS_REMOTE;

function site(eventsWidgets: () => Promise<unknown>) {
  const loaded: string[] = [];
  const load: RemotesDeps['load'] = async (id) => {
    loaded.push(id);
    if (id === 'mf_listings/routes') return { routes: [{ path: '/listing/:id', Component: ListingPage }] };
    if (id === 'mf_events/widgets') return eventsWidgets();
    throw new Error(`no module ${id}`);
  };
  const controller = createRemotesController({ readRegistry: async () => ({ remotes: [listingsRemote, eventsRemote] }), register: () => undefined, load, timeoutMs: 500 });
  return { controller, loaded };
}

const rsvpModule = async () => ({ widgets: [], pageWidgets: [{ id: 'events.rsvp', slot: 'listing-actions', Component: Rsvp }] });

describe('page slots', () => {
  quietConsole();

  it('an Events listing shows the widget of the remote that declares the slot for Events, with the page\'s listing', async () => {
    const { controller, loaded } = site(rsvpModule);
    await renderSite(controller, '/listing/diwali');
    expect(await screen.findByRole('button', { name: 'Going to Diwali Mela in Harrisburg' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Diwali Mela' })).toBeTruthy();
    expect(loaded.sort()).toEqual(['mf_events/widgets', 'mf_listings/routes']);
  });

  it('a listing of another category never loads that remote', async () => {
    const { controller, loaded } = site(rsvpModule);
    await renderSite(controller, '/listing/sofa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofa' })).toBeTruthy();
    await waitFor(() => expect(controller.getSnapshot().routes).toHaveLength(1));
    expect(loaded).toEqual(['mf_listings/routes']);
    expect(screen.queryByRole('button', { name: /^Going to/ })).toBeNull();
  });

  it('a remote that is down, or a widget that throws, leaves the slot empty and the page whole', async () => {
    const down = site(async () => {
      throw new Error('RUNTIME-003: Failed to get manifest');
    });
    await renderSite(down.controller, '/listing/diwali');
    await waitFor(() => expect(down.controller.getSnapshot().remotes.find((r) => r.name === 'mf_events')?.widgetsLoad.status).toBe('failed'));
    expect(screen.getByText('Contact the seller')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Going to/ })).toBeNull();
    expect(screen.queryByText('This section could not be loaded')).toBeNull();
    document.body.innerHTML = '';

    const Broken = () => {
      throw new Error('widget bug');
    };
    const broken = site(async () => ({ widgets: [], pageWidgets: [{ id: 'events.rsvp', slot: 'listing-actions', Component: Broken }] }));
    await renderSite(broken.controller, '/listing/diwali');
    await waitFor(() => expect(broken.controller.getSnapshot().pageWidgets).toHaveLength(1));
    expect(screen.getByText('Contact the seller')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the server\'s markup has no slot widget, even when its remote is already loaded (hydration renders the same)', async () => {
    const { controller } = site(rsvpModule);
    await controller.loadPageWidgetsFor('listing-actions', { category: 'Events' });
    expect(controller.getSnapshot().pageWidgets).toHaveLength(1);
    const html = renderToString(
      <RemotesProvider controller={controller}>
        <PageSlotsProvider>
          <PageSlotOutlet slot="listing-actions" props={{ listing: LISTINGS.diwali! }} />
        </PageSlotsProvider>
      </RemotesProvider>,
    );
    expect(html).toBe('');
  });

  it('without the shell (a remote\'s standalone page) the slot renders nothing', () => {
    expect(renderToString(<PageSlotOutlet slot="listing-actions" props={{ listing: LISTINGS.diwali! }} />)).toBe('');
  });
});
