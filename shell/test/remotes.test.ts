import { createRemotesController, pageSlotOwners, postAdPanelCandidates, routeOwners, slotOwners, type RemotesDeps } from '../src/mf/remotes.ts';
import { fallbackModuleFor } from '../src/mf/fallback.ts';
import remoteFallbackPlugin from '../src/mf/runtime-plugin.ts';
import type { RemoteDescriptor } from '../src/mf/registry.ts';
import { EVENTS_REMOTE } from './support/events-remote.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

const Page = () => null;
const Widget = () => null;
const listings: RemoteDescriptor = {
  name: 'mf_listings',
  entry: '/mf/listings/mf-manifest.json',
  routes: ['/listings', '/listing/:id'],
  slots: ['hero', 'recent-listings'],
  pageSlots: [],
  postAdPanel: true,
  metadataKnown: true,
};
const forum: RemoteDescriptor = { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum', '/forum/post/:id'], slots: ['forum'], pageSlots: [], postAdPanel: false, metadataKnown: true };
const admin: RemoteDescriptor = { name: 'mf_admin', entry: '/mf/admin/mf-manifest.json', routes: ['/admin'], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: true };
const unknown = (name: string): RemoteDescriptor => ({ name, entry: `/mf/${name.slice(3)}/mf-manifest.json`, routes: [], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: false });

const modules: Record<string, unknown> = {
  'mf_listings/routes': { routes: [{ path: '/listings', Component: Page }, { path: '/listing/:id', Component: Page }] },
  'mf_listings/widgets': {
    widgets: [
      { id: 'listings.recent', slot: 'recent-listings', order: 1, Component: Widget },
      { id: 'listings.hero', slot: 'hero', Component: Widget },
    ],
    postAdPanel: Widget,
  },
  'mf_forum/routes': { routes: [{ path: '/forum', Component: Page }, { path: '/forum/post/:id', Component: Page }] },
  'mf_forum/widgets': { widgets: [{ id: 'forum.latest', slot: 'forum', Component: Widget }] },
  'mf_admin/routes': { routes: [{ path: '/admin', Component: Page }] },
  'mf_admin/widgets': { widgets: [] },
};

function deps(overrides: Partial<RemotesDeps> = {}, remotes: RemoteDescriptor[] = [listings, forum, admin]): RemotesDeps & { register: jest.Mock; load: jest.Mock } {
  return {
    readRegistry: async () => ({ remotes }),
    register: jest.fn(),
    timeoutMs: 200,
    ...overrides,
    load: jest.fn(overrides.load ?? (async (id: string) => modules[id])),
  } as RemotesDeps & { register: jest.Mock; load: jest.Mock };
}

const loadedIds = (d: { load: jest.Mock }) => d.load.mock.calls.map(([id]) => id as string).sort();
const stateOf = (controller: ReturnType<typeof createRemotesController>, name: string) => controller.getSnapshot().remotes.find((r) => r.name === name)!;

describe('remotes controller: registers every remote, loads one only when the page needs it', () => {
  quietConsole();

  it('start reads the registry and registers every remote (name and entry), loading none', async () => {
    const d = deps();
    const controller = createRemotesController(d);
    expect(controller.getSnapshot().phase).toBe('loading');
    await controller.start();
    const s = controller.getSnapshot();
    expect(d.register).toHaveBeenCalledWith([
      { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' },
      { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json' },
      { name: 'mf_admin', entry: '/mf/admin/mf-manifest.json' },
    ]);
    expect(d.load).not.toHaveBeenCalled();
    expect(s.phase).toBe('ready');
    expect(s.remotes.map((r) => [r.name, r.routesLoad.status, r.widgetsLoad.status])).toEqual([
      ['mf_listings', 'idle', 'idle'],
      ['mf_forum', 'idle', 'idle'],
      ['mf_admin', 'idle', 'idle'],
    ]);
    expect(s).toMatchObject({ routes: [], widgets: [] });
  });

  it('a path loads the ./routes of the remote whose declared routes match it (react-router patterns), nothing else', async () => {
    const d = deps();
    const controller = createRemotesController(d);
    await controller.loadRoutesFor('/forum/post/42'); // before start: waits for the registry
    expect(loadedIds(d)).toEqual(['mf_forum/routes']);
    expect(controller.getSnapshot().routes.map((r) => [r.path, r.remote])).toEqual([
      ['/forum', 'mf_forum'],
      ['/forum/post/:id', 'mf_forum'],
    ]);
    await controller.loadRoutesFor('/admin');
    await controller.loadRoutesFor('/admin'); // loaded once
    expect(loadedIds(d)).toEqual(['mf_admin/routes', 'mf_forum/routes']);
    expect(stateOf(controller, 'mf_listings').routesLoad.status).toBe('idle');
  });

  it('a path nobody declares is decided without loading any remote (404)', async () => {
    const d = deps();
    const controller = createRemotesController(d);
    await controller.start();
    for (const path of ['/nope', '/forum/post', '/listing/1/edit', '/administrator']) {
      await controller.loadRoutesFor(path);
      expect(routeOwners(controller.getSnapshot(), path)).toEqual([]);
    }
    expect(d.load).not.toHaveBeenCalled();
  });

  it('a home slot loads the ./widgets of the remotes that fill it; the Post Ad panel those of its provider', async () => {
    const d = deps();
    const controller = createRemotesController(d);
    await Promise.all([controller.loadWidgetsFor('hero'), controller.loadWidgetsFor('recent-listings'), controller.loadWidgetsFor('newsletter')]);
    expect(loadedIds(d)).toEqual(['mf_listings/widgets']);
    const s = controller.getSnapshot();
    expect(s.widgets.map((w) => w.id)).toEqual(['listings.hero', 'listings.recent']);
    expect(s.postAdPanel).toBe(Widget);
    expect(slotOwners(s, 'forum').map((r) => r.name)).toEqual(['mf_forum']);
    await controller.loadWidgetsFor('forum');
    expect(loadedIds(d)).toEqual(['mf_forum/widgets', 'mf_listings/widgets']);

    const d2 = deps();
    const other = createRemotesController(d2);
    await other.loadPostAdPanel();
    expect(loadedIds(d2)).toEqual(['mf_listings/widgets']);
    expect(other.getSnapshot().postAdPanel).toBe(Widget);
    expect(postAdPanelCandidates(other.getSnapshot())).toEqual([]);
  });

  it('a page slot loads the ./widgets of the remotes that declare it for the page\'s keys; never one of unknown metadata', async () => {
    const events = EVENTS_REMOTE;
    const everywhere: RemoteDescriptor = { ...events, name: 'mf_notes', entry: '/mf/notes/mf-manifest.json', routes: ['/notes'], pageSlots: [{ slot: 'listing-actions' }] };
    const pageModules: Record<string, unknown> = {
      ...modules,
      'mf_events/widgets': { widgets: [], pageWidgets: [{ id: 'events.rsvp', slot: 'listing-actions', order: 2, Component: Widget }] },
      'mf_notes/widgets': { widgets: [], pageWidgets: [{ id: 'notes.note', slot: 'listing-actions', order: 1, Component: Page }] },
    };
    const d = deps({ load: async (id: string) => pageModules[id] }, [listings, events, everywhere, unknown('mf_mystery')]);
    const controller = createRemotesController(d);
    await controller.start();
    expect(pageSlotOwners(controller.getSnapshot(), 'listing-actions', { category: 'Jobs' }).map((r) => r.name)).toEqual(['mf_notes']);
    await controller.loadPageWidgetsFor('listing-actions', { category: 'Jobs' });
    expect(loadedIds(d)).toEqual(['mf_notes/widgets']);
    await controller.loadPageWidgetsFor('listing-actions', { category: 'Events' });
    expect(loadedIds(d)).toEqual(['mf_events/widgets', 'mf_notes/widgets']);
    const s = controller.getSnapshot();
    expect(s.pageWidgets.map((w) => [w.id, w.remote])).toEqual([
      ['notes.note', 'mf_notes'],
      ['events.rsvp', 'mf_events'],
    ]);
    expect(s.widgets).toEqual([]);
    expect(pageSlotOwners(s, 'listing-actions', { category: 'Events' }).map((r) => r.name)).toEqual(['mf_events', 'mf_notes']);
  });

  it('a remote whose ./widgets lack a declared page slot: a warning, and the loaded module decides', async () => {
    const events: RemoteDescriptor = { name: 'mf_events', entry: '/e', routes: [], slots: [], pageSlots: [{ slot: 'listing-actions' }], postAdPanel: false, metadataKnown: true };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = deps({ load: async () => ({ widgets: [] }) }, [events]);
    const controller = createRemotesController(d);
    await controller.loadPageWidgetsFor('listing-actions', { category: 'Events' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('page slots none (registry: listing-actions)'));
    expect(pageSlotOwners(controller.getSnapshot(), 'listing-actions', { category: 'Events' })).toEqual([]);
  });

  it('the first view: on home the ./widgets of the first screen\'s remotes only, elsewhere the ./routes of the path\'s owner', async () => {
    const home = deps();
    await createRemotesController(home).loadFirstView('/');
    expect(loadedIds(home)).toEqual(['mf_listings/widgets']); // mf_forum fills a slot below the first screen
    const page = deps();
    await createRemotesController(page).loadFirstView('/forum/post/7');
    expect(loadedIds(page)).toEqual(['mf_forum/routes']);
    const shellPage = deps();
    await createRemotesController(shellPage).loadFirstView('/terms');
    expect(loadedIds(shellPage)).toEqual([]);
  });

  it('concurrent requests for one module share one load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const d = deps({ load: async (id) => (await gate, modules[id]) });
    const controller = createRemotesController(d);
    const all = Promise.all([controller.loadRoutesFor('/forum'), controller.loadRoutesFor('/forum/post/1'), controller.loadRoutesFor('/forum')]);
    await controller.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(stateOf(controller, 'mf_forum').routesLoad.status).toBe('loading');
    release();
    await all;
    expect(d.load).toHaveBeenCalledTimes(1);
  });

  it('a module that fails is marked failed (its area shows the fallback) and the others still load', async () => {
    const d = deps({
      load: async (id) => {
        if (id.startsWith('mf_forum/')) throw new Error('RUNTIME-003: Failed to get manifest');
        return modules[id];
      },
    });
    const controller = createRemotesController(d);
    await Promise.all([controller.loadRoutesFor('/forum'), controller.loadWidgetsFor('forum'), controller.loadWidgetsFor('hero')]);
    expect(stateOf(controller, 'mf_forum')).toMatchObject({ routesLoad: { status: 'failed', error: 'RUNTIME-003: Failed to get manifest' }, widgetsLoad: { status: 'failed' } });
    expect(stateOf(controller, 'mf_listings').widgetsLoad.status).toBe('ready');
    expect(controller.getSnapshot().widgets.map((w) => w.id)).toEqual(['listings.hero', 'listings.recent']);
    // a failed module is not asked for again until retry
    await controller.loadRoutesFor('/forum');
    expect(d.load.mock.calls.filter(([id]) => id === 'mf_forum/routes')).toHaveLength(1);
    expect(routeOwners(controller.getSnapshot(), '/forum').map((r) => r.name)).toEqual(['mf_forum']);
  });

  it('the errorLoadRemote fallback module counts as a failure (remote offline)', async () => {
    const controller = createRemotesController(deps({ load: async (id) => (id.startsWith('mf_listings/') ? fallbackModuleFor(id, new Error('offline')) : modules[id]) }));
    await controller.loadPostAdPanel();
    await controller.loadRoutesFor('/listings');
    const s = controller.getSnapshot();
    expect(stateOf(controller, 'mf_listings')).toMatchObject({ routesLoad: { status: 'failed', error: 'offline' }, widgetsLoad: { status: 'failed', error: 'offline' } });
    expect(s.postAdPanel).toBeUndefined();
    expect(s.routes).toEqual([]);
  });

  it('a module that never answers times out instead of keeping the page loading', async () => {
    const controller = createRemotesController(deps({ load: (id) => (id.startsWith('mf_forum/') ? new Promise(() => undefined) : Promise.resolve(modules[id])), timeoutMs: 50 }));
    await controller.loadRoutesFor('/forum');
    expect(stateOf(controller, 'mf_forum').routesLoad).toMatchObject({ status: 'failed', error: 'mf_forum/routes did not answer within 50 ms' });
  });

  it('rejects an exposed module that breaks the contract', async () => {
    const controller = createRemotesController(deps({ load: async (id) => (id === 'mf_forum/widgets' ? { widgets: [{ id: 'x', slot: 'nowhere', Component: Widget }] } : modules[id]) }));
    await controller.loadWidgetsFor('forum');
    expect(stateOf(controller, 'mf_forum').widgetsLoad.status).toBe('failed');
  });

  it('loaded ./routes that differ from the registry: a warning, and the loaded ones decide for that remote', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const upgraded = { routes: [{ path: '/forum', Component: Page }, { path: '/forum/new', Component: Page }] };
    const d = deps({ load: async (id) => (id === 'mf_forum/routes' ? upgraded : modules[id]) });
    const controller = createRemotesController(d);
    await controller.loadRoutesFor('/forum');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mf_forum: its ./routes differ from the registry: routes /forum, /forum/new (registry: /forum, /forum/post/:id)'));
    const s = controller.getSnapshot();
    expect(routeOwners(s, '/forum/new').map((r) => r.name)).toEqual(['mf_forum']);
    expect(routeOwners(s, '/forum/post/1')).toEqual([]);
    expect(s.routes.map((r) => r.path)).toEqual(['/forum', '/forum/new']);
  });

  it('loaded ./widgets that differ from the registry: a warning, and the loaded slots decide', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = deps({ load: async (id) => (id === 'mf_forum/widgets' ? { widgets: [{ id: 'forum.ad', slot: 'sidebar-ad', Component: Widget }] } : modules[id]) });
    const controller = createRemotesController(d);
    await controller.loadWidgetsFor('forum');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mf_forum: its ./widgets differ from the registry: slots sidebar-ad (registry: forum)'));
    expect(slotOwners(controller.getSnapshot(), 'forum')).toEqual([]);
    expect(slotOwners(controller.getSnapshot(), 'sidebar-ad').map((r) => r.name)).toEqual(['mf_forum']);
  });

  it('a remote without metadata in the registry may own any path and slot: it is loaded to find out', async () => {
    const d = deps({}, [listings, unknown('mf_forum')]);
    const controller = createRemotesController(d);
    await controller.loadRoutesFor('/listings');
    expect(loadedIds(d)).toEqual(['mf_listings/routes']); // a known owner: only it
    await controller.loadRoutesFor('/forum/post/7');
    expect(loadedIds(d)).toEqual(['mf_forum/routes', 'mf_listings/routes']);
    expect(routeOwners(controller.getSnapshot(), '/forum/post/7').map((r) => r.name)).toEqual(['mf_forum']);
    expect(routeOwners(controller.getSnapshot(), '/nope')).toEqual([]); // now it is known
    await controller.loadWidgetsFor('hero');
    expect(loadedIds(d)).toEqual(['mf_forum/routes', 'mf_forum/widgets', 'mf_listings/routes', 'mf_listings/widgets']);
    expect(slotOwners(controller.getSnapshot(), 'forum').map((r) => r.name)).toEqual(['mf_forum']);
  });

  it('the Post Ad panel: the first provider in registry order; the next one only when it fails', async () => {
    const second: RemoteDescriptor = { ...forum, postAdPanel: true };
    const d = deps({ load: async (id) => (id.startsWith('mf_listings/') ? Promise.reject(new Error('down')) : id === 'mf_forum/widgets' ? { widgets: [{ id: 'forum.latest', slot: 'forum', Component: Widget }], postAdPanel: Page } : modules[id]) }, [listings, second]);
    const controller = createRemotesController(d);
    await controller.loadPostAdPanel();
    expect(loadedIds(d)).toEqual(['mf_forum/widgets', 'mf_listings/widgets']);
    expect(controller.getSnapshot().postAdPanel).toBe(Page);
  });

  it('without a registry the shell runs with no remotes, every other path a 404', async () => {
    const controller = createRemotesController(deps({ readRegistry: async () => ({ remotes: [], error: '502: Bad Gateway' }) }));
    await controller.loadRoutesFor('/forum');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', registryError: '502: Bad Gateway', remotes: [], routes: [], widgets: [] });
    expect(routeOwners(controller.getSnapshot(), '/forum')).toEqual([]);
  });

  it('retry registers the remotes with failed modules again (force) and loads those modules', async () => {
    let down = true;
    const d = deps({
      load: async (id) => {
        if (down && id.startsWith('mf_forum/')) throw new Error('offline');
        return modules[id];
      },
    });
    const controller = createRemotesController(d);
    await Promise.all([controller.loadRoutesFor('/forum'), controller.loadWidgetsFor('hero')]);
    expect(stateOf(controller, 'mf_forum').routesLoad.status).toBe('failed');
    down = false;
    const listener = jest.fn();
    controller.subscribe(listener);
    await controller.retry();
    expect(d.register).toHaveBeenLastCalledWith([{ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json' }], { force: true });
    expect(stateOf(controller, 'mf_forum')).toMatchObject({ routesLoad: { status: 'ready' }, widgetsLoad: { status: 'idle' } });
    expect(controller.getSnapshot().routes.map((r) => r.path)).toEqual(['/forum', '/forum/post/:id']);
    expect(listener).toHaveBeenCalled();
    expect(d.load.mock.calls.filter(([id]) => id === 'mf_listings/widgets')).toHaveLength(1);
  });

  it('start runs once', async () => {
    const readRegistry = jest.fn(async () => ({ remotes: [listings] }));
    const controller = createRemotesController(deps({ readRegistry }));
    await Promise.all([controller.start(), controller.start(), controller.loadRoutesFor('/x')]);
    expect(readRegistry).toHaveBeenCalledTimes(1);
  });
});

describe('errorLoadRemote runtime plugin', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  const plugin = remoteFallbackPlugin();
  const call = (lifecycle: 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad', id: string) =>
    (plugin.errorLoadRemote as (args: { id: string; error: unknown; lifecycle: string; from: string; origin: unknown }) => unknown)({
      id,
      error: new Error('net::ERR_CONNECTION_REFUSED'),
      lifecycle,
      from: 'runtime',
      origin: {},
    });

  it('answers the final onLoad stage with an empty module marked failed', () => {
    expect(call('onLoad', 'mf_listings/routes')).toEqual({ __remoteLoadFailed: 'net::ERR_CONNECTION_REFUSED', routes: [] });
    expect(call('onLoad', 'mf_listings/widgets')).toEqual({ __remoteLoadFailed: 'net::ERR_CONNECTION_REFUSED', widgets: [] });
  });

  it('lets earlier stages fail so that they reach onLoad (a manifest is never replaced by a fake)', () => {
    expect(call('afterResolve', '/mf/listings/mf-manifest.json')).toBeUndefined();
    expect(call('beforeLoadShare', 'mf_listings')).toBeUndefined();
  });
});

