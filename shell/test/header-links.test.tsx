/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, screen, waitFor } from '@testing-library/react';
import { FakeEventSource } from '../../packages/web-core/test/support/fake-event-source.ts';
import { MESSAGES_LINK } from '../../packages/contracts/test/support/header-link-sample.ts';
import { createRemotesController, type RemotesDeps } from '../src/mf/remotes.ts';
import type { RemoteDescriptor } from '../src/mf/registry.ts';
import { renderSite } from './support/render-site.tsx';

/**
 * The header's links (issue 23; issue 20 §7): a remote declares them in its registry metadata and the shell draws them
 * for a signed-in visitor, without loading the remote: mf-messages' Messages link with the unread badge.
 */
const LINK = MESSAGES_LINK;
const messages = (headerLinks: unknown): RemoteDescriptor => ({
  name: 'mf_messages',
  entry: '/mf/messages/mf-manifest.json',
  routes: ['/messages', '/messages/:id'],
  slots: [],
  pageSlots: [],
  postAdPanel: false,
  headerLinks,
  metadataKnown: true,
});

let unread = 0;
let countAsked = 0;
let loaded: string[] = [];

function fakeApi({ loggedIn }: { loggedIn: boolean }) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (loggedIn && url.endsWith('/api/auth/user')) return json({ id: 'u1', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'Patel', isAdmin: false });
    if (url.endsWith('/api/messages/unread-count')) {
      countAsked += 1;
      return loggedIn ? json({ unread }) : new Response(JSON.stringify({ error: 'Authentication required' }), { status: 401 });
    }
    return new Response('', { status: 502, statusText: 'Bad Gateway' });
  }) as typeof fetch;
}

function renderWith(registry: RemoteDescriptor[], { loggedIn = true, path = '/about' } = {}) {
  fakeApi({ loggedIn });
  const load: RemotesDeps['load'] = async (id) => {
    loaded.push(id);
    return undefined;
  };
  return renderSite(createRemotesController({ readRegistry: async () => ({ remotes: registry }), register: () => undefined, load, timeoutMs: 200 }), path);
}

beforeEach(() => {
  unread = 0;
  countAsked = 0;
  loaded = [];
  FakeEventSource.instances = [];
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  jest.restoreAllMocks();
});

describe("the header's links, drawn from the registry (no remote loaded)", () => {
  it('signed in: the link with its count, in the header', async () => {
    unread = 3;
    await renderWith([messages([LINK])]);
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link.closest('header')).toBeTruthy();
    expect(link.getAttribute('href')).toBe('/messages');
    expect(screen.getByTestId('header-count-messages').textContent).toBe('3');
    expect(loaded).toEqual([]);
  });

  it('no unread: the plain link; past nine: "9+"', async () => {
    await renderWith([messages([LINK])]);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('header-count-messages')).toBeNull();
    unread = 12;
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await screen.findByRole('link', { name: 'Messages, 12 unread' });
    expect(screen.getByTestId('header-count-messages').textContent).toBe('9+');
  });

  it('signed out: no link, nothing asked', async () => {
    await renderWith([messages([LINK])], { loggedIn: false });
    await screen.findByRole('link', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    expect(countAsked).toBe(0);
  });

  it('invalid links are left out (and reported); the other remotes are not affected', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const alerts: RemoteDescriptor = { ...messages([{ ...LINK, id: 'alerts', to: '/alerts', label: 'Alerts', icon: 'bell', live: undefined }]), name: 'mf_alerts', routes: ['/alerts'] };
    await renderWith([messages([{ ...LINK, to: '/inbox' }]), alerts]);
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    expect(warn.mock.calls.map((c) => String(c[0])).some((m) => m.includes('invalid header links of mf_messages'))).toBe(true);
  });

  it('without a live stream: asked again on navigation', async () => {
    const { navigate } = await renderWith([messages([LINK])]);
    await screen.findByRole('link', { name: 'Messages' });
    const before = countAsked;
    unread = 1;
    await navigate('/terms');
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    expect(countAsked).toBe(before + 1);
  });

  it("live: one stream; each of its declared events asks again, other events do not; navigation doesn't while it is open", async () => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    const { navigate } = await renderWith([messages([LINK])]);
    await screen.findByRole('link', { name: 'Messages' });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/messages/stream']);
    const stream = FakeEventSource.instances[0]!;
    await act(async () => stream.open());
    const asked = countAsked;
    unread = 2;
    await act(async () => stream.emit('message', JSON.stringify({ conversationId: 'c1' })));
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(countAsked).toBe(asked + 1);
    await act(async () => stream.emit('typing'));
    await navigate('/terms');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(countAsked).toBe(asked + 1);
    await act(async () => stream.emit('ready'));
    await waitFor(() => expect(countAsked).toBe(asked + 2));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
