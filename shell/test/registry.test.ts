import { fillsPageSlot, type PageSlotDeclaration } from '@cp/contracts/mf-metadata';
import { fetchRegistry, parseRegistry } from '../src/mf/registry.ts';

const listings = { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings', '/listing/:id'], slots: ['hero'], postAdPanel: true };
const forum = { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] };

describe('remote registry (GET /mf/registry.json)', () => {
  it('keeps valid remotes in order, with their metadata', () => {
    const { remotes, rejected } = parseRegistry({ remotes: [listings, forum] });
    expect(remotes).toEqual([
      { ...listings, pageSlots: [], metadataKnown: true },
      { ...forum, pageSlots: [], postAdPanel: false, metadataKnown: true },
    ]);
    expect(rejected).toEqual([]);
  });

  it('carries the page slots a remote fills (issue 35) as they came; a malformed declaration fills nothing', () => {
    const events = { name: 'mf_events', entry: '/mf/events/mf-manifest.json', routes: ['/events'], slots: ['community'], pageSlots: [{ slot: 'listing-actions', when: { category: ['Events'] } }] };
    expect(parseRegistry({ remotes: [events] })).toEqual({ remotes: [{ ...events, postAdPanel: false, metadataKnown: true }], rejected: [] });
    const event = { category: 'Events' };
    expect(fillsPageSlot(events.pageSlots[0] as PageSlotDeclaration, 'listing-actions', event)).toBe(true);
    expect(fillsPageSlot(events.pageSlots[0] as PageSlotDeclaration, 'listing-actions', { category: 'Jobs' })).toBe(false);
    for (const odd of [{ slot: 'listing-actions', when: { price: ['0'] } }, { slot: 'listing-actions', when: { category: 'Events' } }, { slot: 'listing-actions', when: 'Events' }, null, 'listing-actions']) {
      expect(fillsPageSlot(odd as unknown as PageSlotDeclaration, 'listing-actions', event)).toBe(false);
    }
    expect(parseRegistry({ remotes: [{ ...events, pageSlots: 'listing-actions' }] }).remotes[0]!.pageSlots).toEqual([]);
  });

  it('drops invalid names, foreign or non-http entries and duplicates', () => {
    const { remotes, rejected } = parseRegistry(
      {
        remotes: [
          listings,
          { ...listings, entry: '/mf/other/mf-manifest.json' },
          { ...forum, name: 'evil-name' },
          { ...forum, name: 'mf_ads', entry: 'https://cdn.elsewhere.test/mf-manifest.json' },
          { ...forum, name: 'mf_js', entry: 'javascript:alert(1)' },
          { ...forum, name: 'mf_proto', entry: '//elsewhere.test/x.json' },
          { ...forum, name: 'mf_same', entry: 'https://site.test/mf/same/mf-manifest.json' },
          null,
        ],
      },
      'https://site.test',
    );
    expect(remotes.map((r) => [r.name, r.entry])).toEqual([
      ['mf_listings', '/mf/listings/mf-manifest.json'],
      ['mf_same', 'https://site.test/mf/same/mf-manifest.json'],
    ]);
    expect(rejected).toHaveLength(6);
  });

  it('a remote without metadata (metadataUnavailable, an older gateway) or with invalid metadata is kept as one of unknown metadata', () => {
    const unknown = { routes: [], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: false };
    const { remotes, rejected } = parseRegistry({
      remotes: [
        { name: 'mf_a', entry: '/mf/a/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
        { name: 'mf_b', entry: '/mf/b/mf-manifest.json' },
        { name: 'mf_c', entry: '/mf/c/mf-manifest.json', routes: ['no-slash'], slots: [] },
        { name: 'mf_d', entry: '/mf/d/mf-manifest.json', routes: ['/d'], slots: ['footer'] },
        { name: 'mf_e', entry: '/mf/e/mf-manifest.json', routes: ['/e'] },
      ],
    });
    expect(remotes).toEqual(['a', 'b', 'c', 'd', 'e'].map((x) => ({ name: `mf_${x}`, entry: `/mf/${x}/mf-manifest.json`, ...unknown })));
    expect(rejected).toHaveLength(3);
    expect(rejected[0]).toContain('invalid metadata of mf_c');
  });

  it('header links (issue 23) are kept as they came: the header checks them, not this first bundle', () => {
    const link = { id: 'messages', slot: 'header-actions', to: '/messages', label: 'Messages', icon: 'message-square' };
    const messages = { name: 'mf_messages', entry: '/mf/messages/mf-manifest.json', routes: ['/messages'], slots: [], headerLinks: [link] };
    const odd = { ...messages, name: 'mf_odd', headerLinks: 'not a list' };
    const { remotes, rejected } = parseRegistry({ remotes: [messages, odd, forum] });
    expect(remotes).toEqual([
      { ...messages, pageSlots: [], postAdPanel: false, metadataKnown: true },
      { ...odd, pageSlots: [], postAdPanel: false, metadataKnown: true },
      { ...forum, pageSlots: [], postAdPanel: false, metadataKnown: true },
    ]);
    expect(remotes[2]).not.toHaveProperty('headerLinks');
    expect(rejected).toEqual([]);
  });

  it('treats a document without a remotes array as no remotes', () => {
    expect(parseRegistry({}).remotes).toEqual([]);
    expect(parseRegistry(null).remotes).toEqual([]);
  });

  it('fetches the registry and reports failures as "no remotes" with an error', async () => {
    const ok = (async () => new Response(JSON.stringify({ remotes: [forum] }))) as unknown as typeof fetch;
    expect(await fetchRegistry(ok, '/mf/registry.json')).toEqual({ remotes: [{ ...forum, pageSlots: [], postAdPanel: false, metadataKnown: true }] });

    const missing = (async () => new Response('nope', { status: 404, statusText: 'Not Found' })) as unknown as typeof fetch;
    expect(await fetchRegistry(missing)).toEqual({ remotes: [], error: '404: Not Found' });

    const garbage = (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch;
    const parsed = await fetchRegistry(garbage);
    expect(parsed.remotes).toEqual([]);
    expect(parsed.error).toBeDefined();

    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fetchRegistry(offline)).toEqual({ remotes: [], error: 'Failed to fetch' });
  });
});
