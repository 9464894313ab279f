import { createRemotesController, type RemotesDeps } from '../src/mf/remotes.ts';
import { fallbackModuleFor } from '../src/mf/fallback.ts';
import remoteFallbackPlugin from '../src/mf/runtime-plugin.ts';
import type { RemoteDescriptor } from '../src/mf/registry.ts';

const Page = () => null;
const Widget = () => null;
const listings: RemoteDescriptor = { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' };
const forum: RemoteDescriptor = { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json' };

const modules: Record<string, unknown> = {
  'mf_listings/routes': { routes: [{ path: '/listings', Component: Page }] },
  'mf_listings/widgets': { widgets: [{ id: 'listings.hero', slot: 'hero', Component: Widget }], postAdPanel: Widget },
  'mf_forum/routes': { routes: [{ path: '/forum', Component: Page }] },
  'mf_forum/widgets': { widgets: [{ id: 'forum.latest', slot: 'forum', Component: Widget }] },
};

function deps(overrides: Partial<RemotesDeps> = {}, remotes: RemoteDescriptor[] = [listings, forum]): RemotesDeps & { register: jest.Mock } {
  return {
    readRegistry: async () => ({ remotes }),
    register: jest.fn(),
    load: async (id) => modules[id],
    timeoutMs: 200,
    ...overrides,
  } as RemotesDeps & { register: jest.Mock };
}

describe('remotes controller', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('registers the registry remotes and collects their routes, widgets and Post Ad panel', async () => {
    const d = deps();
    const controller = createRemotesController(d);
    expect(controller.getSnapshot().phase).toBe('loading');
    await controller.start();
    const s = controller.getSnapshot();
    expect(d.register).toHaveBeenCalledWith([listings, forum]);
    expect(s.phase).toBe('ready');
    expect(s.remotes.map((r) => [r.name, r.status])).toEqual([
      ['mf_listings', 'ready'],
      ['mf_forum', 'ready'],
    ]);
    expect(s.routes.map((r) => [r.path, r.remote])).toEqual([
      ['/listings', 'mf_listings'],
      ['/forum', 'mf_forum'],
    ]);
    expect(s.widgets.map((w) => w.id)).toEqual(['listings.hero', 'forum.latest']);
    expect(s.postAdPanel).toBe(Widget);
  });

  it('a remote that fails to load is marked failed and the others still load', async () => {
    const controller = createRemotesController(
      deps({
        load: async (id) => {
          if (id.startsWith('mf_forum/')) throw new Error('RUNTIME-003: Failed to get manifest');
          return modules[id];
        },
      }),
    );
    await controller.start();
    const s = controller.getSnapshot();
    expect(s.phase).toBe('ready');
    expect(s.remotes.find((r) => r.name === 'mf_forum')).toMatchObject({ status: 'failed', error: 'RUNTIME-003: Failed to get manifest' });
    expect(s.routes.map((r) => r.path)).toEqual(['/listings']);
    expect(s.widgets.map((w) => w.id)).toEqual(['listings.hero']);
  });

  it('the errorLoadRemote fallback module counts as a failure (remote offline)', async () => {
    const controller = createRemotesController(deps({ load: async (id) => (id.startsWith('mf_listings/') ? fallbackModuleFor(id, new Error('offline')) : modules[id]) }));
    await controller.start();
    const s = controller.getSnapshot();
    expect(s.remotes.find((r) => r.name === 'mf_listings')).toMatchObject({ status: 'failed', error: 'offline' });
    expect(s.postAdPanel).toBeUndefined();
    expect(s.routes.map((r) => r.path)).toEqual(['/forum']);
  });

  it('a remote that never answers times out instead of keeping the page loading', async () => {
    const controller = createRemotesController(deps({ load: (id) => (id.startsWith('mf_forum/') ? new Promise(() => undefined) : Promise.resolve(modules[id])), timeoutMs: 50 }));
    await controller.start();
    expect(controller.getSnapshot().remotes.find((r) => r.name === 'mf_forum')?.status).toBe('failed');
    expect(controller.getSnapshot().phase).toBe('ready');
  });

  it('rejects an exposed module that breaks the contract', async () => {
    const controller = createRemotesController(
      deps({ load: async (id) => (id === 'mf_forum/widgets' ? { widgets: [{ id: 'x', slot: 'nowhere', Component: Widget }] } : modules[id]) }),
    );
    await controller.start();
    expect(controller.getSnapshot().remotes.find((r) => r.name === 'mf_forum')?.status).toBe('failed');
  });

  it('without a registry the shell runs with no remotes', async () => {
    const controller = createRemotesController(deps({ readRegistry: async () => ({ remotes: [], error: '502: Bad Gateway' }) }));
    await controller.start();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', registryError: '502: Bad Gateway', remotes: [], routes: [], widgets: [] });
  });

  it('retry registers the failed remotes again (force) and loads them', async () => {
    let down = true;
    const d = deps({
      load: async (id) => {
        if (down && id.startsWith('mf_forum/')) throw new Error('offline');
        return modules[id];
      },
    });
    const controller = createRemotesController(d);
    await controller.start();
    expect(controller.getSnapshot().remotes.find((r) => r.name === 'mf_forum')?.status).toBe('failed');
    down = false;
    const listener = jest.fn();
    controller.subscribe(listener);
    await controller.retry();
    expect(d.register).toHaveBeenLastCalledWith([forum], { force: true });
    expect(controller.getSnapshot().remotes.find((r) => r.name === 'mf_forum')?.status).toBe('ready');
    expect(controller.getSnapshot().routes.map((r) => r.path)).toEqual(['/listings', '/forum']);
    expect(listener).toHaveBeenCalled();
  });

  it('start runs once', async () => {
    const readRegistry = jest.fn(async () => ({ remotes: [listings] }));
    const controller = createRemotesController(deps({ readRegistry }));
    await Promise.all([controller.start(), controller.start()]);
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
