import { parseRemoteVersions } from '@cp/contracts/remote-versions';
import { leftToBrowser } from '../src/mf/server-remotes.ts';

/** Issue 35 §4: the server renders a remote only when it loaded the version the visitor is served. */
describe('the remotes a server-rendered page leaves to the browser', () => {
  it('reads the gateway’s header, skipping malformed parts', () => {
    expect([...parseRemoteVersions(' forum=v2 , x=1,Forum=v3,news=,a_b=1.2.3+build-4')]).toEqual([
      ['forum', 'v2'],
      ['a_b', '1.2.3+build-4'],
    ]);
    expect([...parseRemoteVersions(undefined)]).toEqual([]);
    expect([...parseRemoteVersions('forum=v2,listings=v1')]).toEqual([
      ['forum', 'v2'],
      ['listings', 'v1'],
    ]);
  });

  it('leaves out a remote whose visitor version differs from the loaded one, or when the loaded one is unknown', () => {
    const remotes = [
      { name: 'mf_forum', version: 'v1' },
      { name: 'mf_listings', version: 'v7' },
      { name: 'mf_news' },
      { name: 'mf_admin' },
    ];
    const visitor = new Map([
      ['forum', 'v2'],
      ['listings', 'v7'],
      ['news', 'v1'],
    ]);
    expect([...leftToBrowser(remotes, visitor)].sort()).toEqual(['mf_forum', 'mf_news']);
    // No release for the visitor: everything is rendered.
    expect(leftToBrowser(remotes, new Map()).size).toBe(0);
  });
});
