/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { lazy } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { createAppStore } from '@cp/web-core';
import { PostAdDialog } from '../src/chrome/PostAdDialog.tsx';
import { RemotesProvider } from '../src/mf/RemotesContext.tsx';
import { createRemotesController, type RemotesDeps } from '../src/mf/remotes.ts';
import type { RemoteDescriptor } from '../src/mf/registry.ts';
import { renderSite } from './support/render-site.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

const ListingsPage = () => <h1>Listings page from the remote</h1>;
const ForumPage = () => <h1>Forum page from the remote</h1>;
const AdminPage = () => <h1>Admin page from the remote</h1>;
const Hero = () => <h1>Remote hero</h1>;
const ForumWidget = () => <h2>Forum widget from the remote</h2>;
const PostAdPanel = () => <p>The ad form from the remote</p>;
const Broken = () => {
  throw new Error('widget bug');
};

/** The registry as the gateway serves it: each remote with the metadata of its build. */
const REGISTRY: RemoteDescriptor[] = [
  { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings'], slots: ['hero', 'recent-listings'], pageSlots: [], postAdPanel: true, metadataKnown: true },
  { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum', '/forum/post/:id'], slots: ['forum'], pageSlots: [], postAdPanel: false, metadataKnown: true },
  { name: 'mf_admin', entry: '/mf/admin/mf-manifest.json', routes: ['/admin'], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: true },
];

const MODULES: Record<string, unknown> = {
  'mf_listings/routes': { routes: [{ path: '/listings', Component: ListingsPage }] },
  'mf_listings/widgets': {
    widgets: [
      { id: 'listings.hero', slot: 'hero', Component: Hero },
      { id: 'listings.recent', slot: 'recent-listings', Component: Broken },
    ],
    postAdPanel: PostAdPanel,
  },
  'mf_forum/routes': { routes: [{ path: '/forum', Component: ForumPage }, { path: '/forum/post/:id', Component: ForumPage }] },
  'mf_forum/widgets': { widgets: [{ id: 'forum.recent', slot: 'forum', Component: ForumWidget }] },
  'mf_admin/routes': { routes: [{ path: '/admin', Component: AdminPage }] },
  'mf_admin/widgets': { widgets: [] },
};

let loaded: string[] = [];
const healthy: RemotesDeps['load'] = async (id) => {
  loaded.push(id);
  return MODULES[id];
};

function remotes(load: RemotesDeps['load'], registry: RemoteDescriptor[] = REGISTRY) {
  return createRemotesController({ readRegistry: async () => ({ remotes: registry }), register: () => undefined, load, timeoutMs: 200 });
}

/** No backend in these tests: every API call fails fast like an unreachable gateway, except a logged-in session when asked. */
function fakeApi({ loggedIn = false } = {}) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (loggedIn && url.endsWith('/api/auth/user')) {
      return new Response(JSON.stringify({ id: 'u1', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'Patel', isAdmin: false }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response('', { status: 502, statusText: 'Bad Gateway' });
  }) as typeof fetch;
}

async function renderAt(path: string, load: RemotesDeps['load'], registry: RemoteDescriptor[] = REGISTRY) {
  fakeApi();
  return renderSite(remotes(load, registry), path);
}

/** An IntersectionObserver that reports "near the viewport" only when a test scrolls (`scrollAll`). */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  private targets: Element[] = [];
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollAll() {
    for (const o of FakeIntersectionObserver.instances) {
      if (o.targets.length > 0) o.callback(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  loaded = [];
});
quietConsole();

describe('shell composition', () => {
  it('home: remote widgets in their slots, a throwing widget contained in its own area, shell defaults elsewhere', async () => {
    await renderAt('/', healthy, [REGISTRY[0]!]);
    expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
    expect(screen.getByText('This section could not be loaded')).toBeTruthy();
    // The forum's remote is not in this registry: its home area says it could not be loaded, not that it is empty.
    expect(screen.getByRole('heading', { name: 'The forum could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Featured businesses could not be loaded' })).toBeTruthy();
    expect(screen.queryByText('No Posts Yet')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Stay in the Loop' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('home: one placeholder until the first screen\'s remotes have answered and its widgets\' code has loaded, then the whole first screen at once', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let codeLoaded: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (codeLoaded = resolve));
    const LazyHero = lazy(async () => (await code, { default: Hero }));
    const Recent = () => <h2>Recent listings from the remote</h2>;
    const widgets = { widgets: [{ id: 'listings.hero', slot: 'hero', Component: LazyHero }, { id: 'listings.recent', slot: 'recent-listings', Component: Recent }] };
    await renderAt('/', async (id) => (await answered, id === 'mf_listings/widgets' ? widgets : MODULES[id]), [REGISTRY[0]!]);
    const main = within(screen.getByRole('main'));
    const placeholderOnly = () => {
      expect(main.getByRole('status')).toHaveProperty('textContent', 'Loading…');
      expect(main.queryAllByRole('heading')).toEqual([]); // no section laid out against it (the shell's own ones neither)
    };
    placeholderOnly();
    await act(async () => answer());
    placeholderOnly(); // the remote answered, the hero's code is still loading
    await act(async () => codeLoaded());
    expect(await main.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
    expect(main.getByRole('heading', { name: 'Recent listings from the remote' })).toBeTruthy();
    expect(main.getByRole('heading', { name: 'The forum could not be loaded' })).toBeTruthy();
    expect(main.queryByText('Loading…')).toBeNull();
  });

  it('a path owned by a remote renders its page inside the chrome', async () => {
    await renderAt('/listings', healthy);
    expect(await screen.findByRole('heading', { name: 'Listings page from the remote' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('an unknown path shows 404 Page Not Found, decided from the registry without loading any remote', async () => {
    await renderAt('/no-such-page', healthy);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(loaded).toEqual([]);
  });

  it('a remote page loads only that remote (its ./routes), and client-side navigation loads the next one', async () => {
    const router = await renderAt('/forum/post/12', healthy);
    expect(await screen.findByRole('heading', { name: 'Forum page from the remote' })).toBeTruthy();
    expect(loaded).toEqual(['mf_forum/routes']);
    await router.navigate('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin page from the remote' })).toBeTruthy();
    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
    expect(loaded.sort()).toEqual(['mf_admin/routes', 'mf_forum/routes', 'mf_forum/widgets', 'mf_listings/widgets']);
  });

  it('a remote page shows a skeleton while its remote loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await renderAt('/listings', async (id) => (await gate, healthy(id)));
    expect(screen.getByText('Loading page…')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Listings page from the remote' })).toBeTruthy();
  });

  it('home loads the remotes of its first screen only; a section below loads its remote when it comes near', async () => {
    globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    try {
      await renderAt('/', healthy);
      expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
      expect(loaded).toEqual(['mf_listings/widgets']);
      expect(screen.queryByRole('heading', { name: 'Forum widget from the remote' })).toBeNull();
      await act(async () => FakeIntersectionObserver.scrollAll());
      expect(await screen.findByRole('heading', { name: 'Forum widget from the remote' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Stay in the Loop' })).toBeTruthy();
      // mf_admin fills no slot: never loaded on the home page
      expect(loaded.sort()).toEqual(['mf_forum/widgets', 'mf_listings/widgets']);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
      FakeIntersectionObserver.instances = [];
    }
  });

  it('a team\'s own home section (the open `community` slot, issue 35): its remote loads when it comes near; with none it takes no room', async () => {
    const Weekend = () => <h2>This weekend</h2>;
    const events: RemoteDescriptor = { name: 'mf_events', entry: '/mf/events/mf-manifest.json', routes: ['/events'], slots: ['community'], pageSlots: [], postAdPanel: false, metadataKnown: true };
    const load: RemotesDeps['load'] = async (id) => {
      loaded.push(id);
      return id === 'mf_events/widgets' ? { widgets: [{ id: 'events.weekend', slot: 'community', Component: Weekend }] } : MODULES[id];
    };
    globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    try {
      await renderAt('/', load, [...REGISTRY, events]);
      expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
      expect(loaded).toEqual(['mf_listings/widgets']);
      await act(async () => FakeIntersectionObserver.scrollAll());
      expect(await screen.findByRole('heading', { name: 'This weekend' })).toBeTruthy();
      expect(loaded).toContain('mf_events/widgets');
      document.body.innerHTML = '';

      // Nobody fills it: no placeholder (one fewer block collapsing as the visitor scrolls), the sections keep their order.
      FakeIntersectionObserver.instances = [];
      await renderAt('/', healthy);
      expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
      const placeholders = () => document.querySelectorAll('div.min-h-64[aria-hidden="true"]').length;
      // The forum, featured businesses, newsletter and contact wait for their turn; the community and sponsored-ads slots,
      // which no remote of this registry fills and the shell has no default for, take no room.
      expect(placeholders()).toBe(4);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
      FakeIntersectionObserver.instances = [];
    }
  });

  it('an offline remote below the first screen: its section fails alone, with the notice and Try again', async () => {
    let forumDown = true;
    await renderAt('/', async (id) => {
      if (forumDown && id.startsWith('mf_forum/')) throw new Error('RUNTIME-003');
      return healthy(id);
    });
    expect(await screen.findByRole('heading', { name: 'Remote hero' })).toBeTruthy();
    expect(await screen.findByText('Some sections of this page could not be loaded. The rest of the site works.')).toBeTruthy();
    forumDown = false;
    const notice = screen.getByText('Some sections of this page could not be loaded. The rest of the site works.').closest('[role="alert"]') as HTMLElement;
    await act(async () => within(notice).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Forum widget from the remote' })).toBeTruthy();
    expect(screen.queryByText('Some sections of this page could not be loaded. The rest of the site works.')).toBeNull();
  });

  it('a remote the registry has no metadata for is loaded to find out whether it owns the path', async () => {
    const registry: RemoteDescriptor[] = [REGISTRY[0]!, { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: [], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: false }];
    await renderAt('/forum', healthy, registry);
    expect(await screen.findByRole('heading', { name: 'Forum page from the remote' })).toBeTruthy();
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

describe('the Post Ad dialog', () => {
  async function openDialog(load: RemotesDeps['load'], { loggedIn = true } = {}) {
    fakeApi({ loggedIn });
    const controller = remotes(load);
    await act(async () => {
      render(
        <Provider store={createAppStore()}>
          <RemotesProvider controller={controller}>
            <MemoryRouter initialEntries={['/forum']}>
              <PostAdDialog open onOpenChange={() => undefined} />
            </MemoryRouter>
          </RemotesProvider>
        </Provider>,
      );
    });
  }

  it('loads the remote that provides its panel when it opens (logged in)', async () => {
    await openDialog(healthy);
    expect(await screen.findByText('The ad form from the remote')).toBeTruthy();
    expect(loaded).toEqual(['mf_listings/widgets']);
  });

  it('logged out: the login gate, no remote loaded', async () => {
    await openDialog(healthy, { loggedIn: false });
    expect(await screen.findByText('You need to be logged in to post an ad')).toBeTruthy();
    expect(loaded).toEqual([]);
  });

  it('its remote offline: posting is unavailable', async () => {
    await openDialog(async () => {
      throw new Error('RUNTIME-003');
    });
    expect(await screen.findByText('Posting is unavailable right now')).toBeTruthy();
  });
});

