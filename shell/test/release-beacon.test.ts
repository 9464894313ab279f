import { BEACON_MAX_REPORTS, BEACON_PATH as CONTRACT_PATH, BeaconSchema } from '@cp/contracts';
import { BEACON_PATH, createReleaseReports } from '../src/mf/release-beacon.ts';
import { parseRegistry } from '../src/mf/registry.ts';
import { createRemotesController } from '../src/mf/remotes.ts';

/** Issue 35 §4: the browser's reports of the remotes with a release, one small beacon per page view. */
describe('release reports', () => {
  const setup = () => {
    const sent: string[] = [];
    const timers: Array<() => void> = [];
    const reports = createReleaseReports((body) => sent.push(body), (flush) => timers.push(flush));
    reports.track([{ name: 'mf_forum', version: 'v2' }, { name: 'mf_listings' }]);
    return { reports, sent, timers };
  };

  it('sends one beacon with one outcome per remote that has a release, a failure winning', () => {
    const { reports, sent, timers } = setup();
    reports.loaded('mf_forum', true);
    reports.loaded('mf_listings', false); // no release: not reported
    reports.renderFailed('mf_forum');
    reports.loaded('mf_forum', true); // the page's failure stays
    expect(timers).toHaveLength(1);
    timers[0]!();
    reports.flush(); // nothing more to send
    expect(sent).toHaveLength(1);
    const beacon = BeaconSchema.parse(JSON.parse(sent[0]!));
    expect(beacon).toEqual({ reports: [{ remote: 'forum', version: 'v2', kind: 'render', ok: false }] });
  });

  it('a page without releases sends nothing', () => {
    const sent: string[] = [];
    const reports = createReleaseReports((body) => sent.push(body));
    reports.track([{ name: 'mf_forum' }]);
    reports.loaded('mf_forum', false);
    reports.flush();
    expect(sent).toEqual([]);
  });

  it('a sender that throws never breaks the page', () => {
    const reports = createReleaseReports(() => {
      throw new Error('no beacon');
    });
    reports.track([{ name: 'mf_forum', version: 'v2' }]);
    reports.loaded('mf_forum', true);
    expect(() => reports.flush()).not.toThrow();
  });

  it('agrees with the contracts, and the registry keeps a well-formed version', () => {
    expect(BEACON_PATH).toBe(CONTRACT_PATH);
    expect(BEACON_MAX_REPORTS).toBe(20);
    const { remotes } = parseRegistry({
      remotes: [
        { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: [], version: 'v2' },
        { name: 'mf_news', entry: '/mf/news/mf-manifest.json', routes: ['/news'], slots: [], version: 'bad version!' },
      ],
    });
    expect(remotes.map((r) => r.version)).toEqual(['v2', undefined]);
  });

  it('the remotes controller tells each load, ok or failed', async () => {
    const told: Array<[string, boolean]> = [];
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const controller = createRemotesController({
      readRegistry: async () => ({
        remotes: [
          { name: 'mf_forum', entry: '/f', routes: ['/forum'], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: true, version: 'v2' },
          { name: 'mf_news', entry: '/n', routes: ['/forum'], slots: [], pageSlots: [], postAdPanel: false, metadataKnown: true },
        ],
      }),
      register: () => undefined,
      load: async (id) => (id.startsWith('mf_forum') ? { routes: [] } : Promise.reject(new Error('down'))),
      onLoaded: (name, ok) => told.push([name, ok]),
    });
    await controller.loadRoutesFor('/forum');
    expect(told.sort()).toEqual([
      ['mf_forum', true],
      ['mf_news', false],
    ]);
  });
});
