import { checkRemoteMetadata, matchesRoute, RegistryDocumentSchema, RemoteManifestMetadataSchema, RemoteMetadataSchema, RemoteMetadataSourceSchema } from '../src/index.ts';
import { MESSAGES_LINK } from './support/header-link-sample.ts';

const withLink = (change: Record<string, unknown>) => ({ routes: ['/messages', '/messages/:id'], slots: [], headerLinks: [{ ...MESSAGES_LINK, ...change }] });

const valid: unknown[] = [
  { routes: ['/listings', '/listing/:id', '/my-listings'], slots: ['hero', 'categories', 'featured-listings', 'recent-listings'], postAdPanel: true },
  { routes: ['/forum', '/forum/post/:id'], slots: ['forum'] },
  { routes: ['/admin'], slots: [], postAdPanel: false },
  { routes: [], slots: [] },
  { routes: ['/docs/*', '/*', '/a/:b?/c', '/yellow-pages', '/v1.2/x~y'], slots: ['sidebar-ad'] },
  // header links (issue 23: mf-messages' unread badge, drawn by the shell); an empty list is the same as none
  { routes: ['/messages', '/messages/:id'], slots: [], headerLinks: [MESSAGES_LINK] },
  { routes: ['/messages', '/alerts'], slots: [], headerLinks: [{ ...MESSAGES_LINK, live: undefined }, { id: 'alerts', slot: 'header-actions', to: '/alerts', label: 'Alerts', icon: 'bell' }] },
  { routes: [], slots: [], headerLinks: [] },
  // a link's unknown keys are dropped too
  { routes: ['/messages'], slots: [], headerLinks: [{ ...MESSAGES_LINK, colour: 'red' }] },
  // unknown keys are dropped (a newer build may publish more)
  { routes: ['/x'], slots: [], since: '2.0' },
  // a team's section on the home page (issue 35): the open slot
  { routes: ['/events'], slots: ['community'] },
  // page slots (issue 35): on another remote's page, for all of its pages or for some values of the slot's keys
  { routes: ['/events'], slots: [], pageSlots: [{ slot: 'listing-actions' }] },
  { routes: ['/events'], slots: ['community'], pageSlots: [{ slot: 'listing-actions', when: { category: ['Events'] } }] },
  { routes: [], slots: [], pageSlots: [] },
];

const invalid: unknown[] = [
  null,
  [],
  'routes',
  {},
  { routes: ['/x'] },
  { slots: [] },
  { routes: '/x', slots: [] },
  { routes: ['x'], slots: [] },
  { routes: ['/'], slots: [] },
  { routes: ['//x'], slots: [] },
  { routes: ['/x/'], slots: [] },
  { routes: ['/x?y=1'], slots: [] },
  { routes: ['/x#y'], slots: [] },
  { routes: ['/x/*/y'], slots: [] },
  { routes: ['/:1d'], slots: [] },
  { routes: ['https://evil.test/x'], slots: [] },
  { routes: [`/${'a'.repeat(200)}`], slots: [] },
  { routes: Array.from({ length: 51 }, (_, i) => `/r${i}`), slots: [] },
  { routes: ['/x', '/x'], slots: [] },
  { routes: [3], slots: [] },
  { routes: [], slots: ['footer'] },
  { routes: [], slots: ['hero', 'hero'] },
  { routes: [], slots: [], postAdPanel: 'yes' },
  { routes: [], slots: ['header-actions'] },
  { routes: ['/messages'], slots: [], headerLinks: MESSAGES_LINK },
  { routes: ['/messages'], slots: [], headerLinks: [MESSAGES_LINK, MESSAGES_LINK] },
  { routes: ['/messages', '/a', '/b', '/c'], slots: [], headerLinks: ['a', 'b', 'c', 'messages'].map((id) => ({ ...MESSAGES_LINK, id, to: id === 'messages' ? '/messages' : `/${id}` })) },
  { routes: ['/messages'], slots: [], headerLinks: [null] },
  withLink({ id: 'Messages' }),
  withLink({ id: '' }),
  withLink({ slot: 'footer' }),
  withLink({ slot: 'hero' }),
  withLink({ to: '/inbox' }), // not one of its routes
  withLink({ to: '/messages/:id' }), // not a static route
  withLink({ label: '' }),
  withLink({ label: '   ' }),
  withLink({ label: 'x'.repeat(41) }),
  withLink({ icon: 'skull' }),
  withLink({ count: { url: 'https://evil.test/count', field: 'unread', noun: 'unread' } }),
  withLink({ count: { url: '/api/../admin', field: 'unread', noun: 'unread' } }),
  withLink({ count: { url: '/api/messages/unread-count?x=1', field: 'unread', noun: 'unread' } }),
  withLink({ count: { url: '/messages/count', field: 'unread', noun: 'unread' } }),
  withLink({ count: { url: '/api/messages/unread-count', field: '__proto__.x', noun: 'unread' } }),
  withLink({ count: { url: '/api/messages/unread-count', field: 'unread' } }),
  withLink({ count: undefined }), // a live stream without a count
  withLink({ live: { url: '/api/messages/stream', events: [] } }),
  withLink({ live: { url: '/api/messages/stream', events: ['message', 'message'] } }),
  withLink({ live: { url: '/api/messages/stream', events: ['a b'] } }),
  withLink({ live: { url: '/stream', events: ['message'] } }),
  { routes: [], slots: ['listing-actions'] }, // a page slot is not a home slot
  { routes: [], slots: [], pageSlots: [{ slot: 'hero' }] }, // nor the other way round
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-footer' }] },
  { routes: [], slots: [], pageSlots: 'listing-actions' },
  { routes: [], slots: [], pageSlots: [null] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions' }, { slot: 'listing-actions', when: { category: ['Jobs'] } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { town: ['Enola'] } }] }, // not a key of the slot
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: [] } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: 'Events' } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: [''] } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: ['x'.repeat(81)] } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: Array.from({ length: 21 }, (_, i) => `c${i}`) } }] },
  { routes: [], slots: [], pageSlots: [{ slot: 'listing-actions', when: [] }] },
];

describe('remote metadata: the zod-free check (browser) and the zod schema (build, gateway) agree', () => {
  test.each(valid)('valid: %j', (value) => {
    const checked = checkRemoteMetadata(value);
    expect(checked.ok).toBe(true);
    expect(RemoteMetadataSchema.safeParse(value).success).toBe(true);
    // the same normalised value: known keys only, postAdPanel only when true
    const parsed = RemoteMetadataSchema.parse(value);
    expect(checked.ok && checked.metadata).toEqual({
      routes: parsed.routes,
      slots: parsed.slots,
      ...(parsed.postAdPanel ? { postAdPanel: true } : {}),
      ...(parsed.pageSlots?.length ? { pageSlots: parsed.pageSlots } : {}),
      ...(parsed.headerLinks?.length ? { headerLinks: parsed.headerLinks } : {}),
    });
  });

  test.each(invalid)('invalid: %j', (value) => {
    const checked = checkRemoteMetadata(value);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error.length).toBeGreaterThan(0);
    expect(RemoteMetadataSchema.safeParse(value).success).toBe(false);
  });

  test('a remote source file refuses unknown keys (typos); the published metadata is read from the manifest', () => {
    expect(RemoteMetadataSourceSchema.safeParse({ routes: [], slots: [], slot: ['hero'] }).success).toBe(false);
    expect(RemoteMetadataSourceSchema.safeParse({ routes: ['/forum'], slots: ['forum'] }).success).toBe(true);
    expect(RemoteMetadataSourceSchema.safeParse({ routes: ['/messages'], slots: [], headerLinks: [MESSAGES_LINK] }).success).toBe(true);
    expect(RemoteMetadataSourceSchema.safeParse({ routes: ['/messages'], slots: [], headerLinks: [{ ...MESSAGES_LINK, lable: 'x' }] }).success).toBe(false);
    const manifest = { id: 'mf_forum', name: 'mf_forum', metaData: { name: 'mf_forum', publicPath: '/mf/forum/', cpRemote: { routes: ['/forum'], slots: ['forum'] } }, shared: [], exposes: [] };
    expect(RemoteManifestMetadataSchema.parse(manifest).metaData.cpRemote).toEqual({ routes: ['/forum'], slots: ['forum'] });
    expect(RemoteManifestMetadataSchema.safeParse({ metaData: { name: 'mf_forum' } }).success).toBe(false);
  });

  test('the registry document', () => {
    expect(
      RegistryDocumentSchema.safeParse({
        remotes: [
          { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings'], slots: ['hero'], postAdPanel: true },
          { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
          { name: 'mf_messages', entry: '/mf/messages/mf-manifest.json', routes: ['/messages'], slots: [], headerLinks: [MESSAGES_LINK] },
        ],
      }).success,
    ).toBe(true);
    expect(RegistryDocumentSchema.safeParse({ remotes: [{ name: 'mf_messages', entry: '/x', routes: [], slots: [], headerLinks: [MESSAGES_LINK] }] }).success).toBe(false);
    expect(RegistryDocumentSchema.safeParse({ remotes: [{ name: 'forum', entry: '/x', routes: [], slots: [] }] }).success).toBe(false);
    expect(RegistryDocumentSchema.safeParse({ remotes: [{ name: 'mf_forum', entry: '/x' }] }).success).toBe(false);
  });
});

describe('matchesRoute (the gateway\'s preload hints; the shell matches with react-router\'s matchPath)', () => {
  test.each<[string, string, boolean]>([
    ['/listings', '/listings', true],
    ['/listings', '/Listings/', true],
    ['/listings', '/listings/x', false],
    ['/listings', '/', false],
    ['/listing/:id', '/listing/abc', true],
    ['/listing/:id', '/listing', false],
    ['/listing/:id', '/listing/', false],
    ['/forum/post/:id', '/forum/post/12', true],
    ['/a/:b?', '/a', true],
    ['/a/:b?', '/a/x', true],
    ['/a/:b?', '/a/x/y', false],
    ['/admin/*', '/admin/x/y', true],
    ['/*', '/anything', true],
    ['/yellow-pages', '/yellow%2Dpages', true],
    ['/x', '/%E0%A4%A', false],
  ])('%s ~ %s → %s', (pattern, pathname, expected) => {
    expect(matchesRoute(pattern, pathname)).toBe(expected);
  });
});

describe('pages a remote declares (issue 35)', () => {
  const base = { routes: ['/events', '/events/:id'], slots: [] };
  const page = { path: '/events', title: 'Community Events', description: 'What is on this month.' };
  it('are accepted for the remote’s static routes, and carried in the registry', () => {
    expect(RemoteMetadataSourceSchema.parse({ ...base, pages: [page] }).pages).toEqual([page]);
    expect(RegistryDocumentSchema.parse({ remotes: [{ name: 'mf_events', entry: '/mf/events/mf-manifest.json', ...base, pages: [page] }] }).remotes[0]!.pages).toEqual([page]);
  });
  it('are refused for a route the remote does not own, a parameterised one, twice, blank or with unknown keys', () => {
    const issues = (pages: unknown) => (RemoteMetadataSourceSchema.safeParse({ ...base, pages }).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues([{ ...page, path: '/forum' }])).toEqual(["pages.0.path: must be one of the remote's static routes"]);
    expect(issues([{ ...page, path: '/events/:id' }])).toEqual(["pages.0.path: must be one of the remote's static routes"]);
    expect(issues([page, page])).toEqual(['pages: a page is listed twice']);
    expect(issues([{ ...page, title: '  ' }])).toEqual(['pages.0.title: must not be blank']);
    expect(issues([{ ...page, index: 'yes' }])).toHaveLength(1);
    expect(issues([{ ...page, extra: 1 }])).toHaveLength(1);
  });
});
