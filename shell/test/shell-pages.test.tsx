/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '@cp/web-core';
import { App, SiteRoutes } from '../src/app/App.tsx';
import { createRemotesController, type RemotesDeps } from '../src/mf/remotes.ts';

const ListingsPage = () => <h1>Listings page from the remote</h1>;
const Hero = () => <h1>Remote hero</h1>;
const Broken = () => {
  throw new Error('widget bug');
};

function remotes(load: RemotesDeps['load']) {
  return createRemotesController({ readRegistry: async () => ({ remotes: [{ name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' }] }), register: () => undefined, load, timeoutMs: 200 });
}

const healthy: RemotesDeps['load'] = async (id) =>
  id.endsWith('/routes')
    ? { routes: [{ path: '/listings', Component: ListingsPage }] }
    : {
        widgets: [
          { id: 'listings.hero', slot: 'hero', Component: Hero },
          { id: 'listings.recent', slot: 'recent-listings', Component: Broken },
        ],
      };

async function renderAt(path: string, load: RemotesDeps['load']) {
  // No backend in these tests: every API call fails fast like an unreachable gateway.
  globalThis.fetch = (async () => new Response('', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch;
  const controller = remotes(load);
  await controller.start();
  await act(async () => {
    render(
      <App store={createAppStore()} remotes={controller}>
        <MemoryRouter initialEntries={[path]}>
          <SiteRoutes />
        </MemoryRouter>
      </App>,
    );
  });
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('shell composition', () => {
  it('home: remote widgets in their slots, a throwing widget contained in its own area, shell defaults elsewhere', async () => {
    await renderAt('/', healthy);
    expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
    expect(screen.getByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No Posts Yet' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stay in the Loop' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('a path owned by a remote renders its page inside the chrome', async () => {
    await renderAt('/listings', healthy);
    expect(await screen.findByRole('heading', { name: 'Listings page from the remote' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('an unknown path shows 404 Page Not Found', async () => {
    await renderAt('/no-such-page', healthy);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });

  it('an offline remote: home still renders, with a notice', async () => {
    const offline: RemotesDeps['load'] = async () => {
      throw new Error('RUNTIME-003');
    };
    await renderAt('/', offline);
    expect(await screen.findByText('Some sections of this page could not be loaded. The rest of the site works.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('an offline remote: its path shows the unavailable page with a retry', async () => {
    const offline: RemotesDeps['load'] = async () => {
      throw new Error('RUNTIME-003');
    };
    await renderAt('/listings', offline);
    expect(await screen.findByRole('heading', { name: 'This page is temporarily unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shell pages: terms has 15 sections and the update date', async () => {
    await renderAt('/terms', healthy);
    expect(await screen.findByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeTruthy();
    expect(within(screen.getByRole('article')).getAllByRole('heading', { level: 2 })).toHaveLength(15);
    expect(screen.getByText(/November 3, 2025/)).toBeTruthy();
  });
});
