import { fetchRegistry, parseRegistry } from '../src/mf/registry.ts';

describe('remote registry (GET /mf/registry.json)', () => {
  it('keeps valid remotes in order', () => {
    const { remotes, rejected } = parseRegistry({
      remotes: [
        { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' },
        { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json' },
      ],
    });
    expect(remotes.map((r) => r.name)).toEqual(['mf_listings', 'mf_forum']);
    expect(rejected).toEqual([]);
  });

  it('drops invalid names, foreign or non-http entries and duplicates', () => {
    const { remotes, rejected } = parseRegistry(
      {
        remotes: [
          { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' },
          { name: 'mf_listings', entry: '/mf/other/mf-manifest.json' },
          { name: 'evil-name', entry: '/mf/x/mf-manifest.json' },
          { name: 'mf_ads', entry: 'https://cdn.elsewhere.test/mf-manifest.json' },
          { name: 'mf_js', entry: 'javascript:alert(1)' },
          { name: 'mf_proto', entry: '//elsewhere.test/x.json' },
          { name: 'mf_same', entry: 'https://site.test/mf/same/mf-manifest.json' },
          null,
        ],
      },
      'https://site.test',
    );
    expect(remotes).toEqual([
      { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' },
      { name: 'mf_same', entry: 'https://site.test/mf/same/mf-manifest.json' },
    ]);
    expect(rejected).toHaveLength(6);
  });

  it('treats a document without a remotes array as no remotes', () => {
    expect(parseRegistry({}).remotes).toEqual([]);
    expect(parseRegistry(null).remotes).toEqual([]);
  });

  it('fetches the registry and reports failures as "no remotes" with an error', async () => {
    const ok = (async () => new Response(JSON.stringify({ remotes: [{ name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' }] }))) as unknown as typeof fetch;
    expect(await fetchRegistry(ok, '/mf/registry.json')).toEqual({ remotes: [{ name: 'mf_listings', entry: '/mf/listings/mf-manifest.json' }] });

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
