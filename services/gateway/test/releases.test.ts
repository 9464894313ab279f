/**
 * Issue 35 §4, the gateway's side of the releases by percentage: with two versions of a registered remote (two static
 * servers of one name) and a 50 % release, each visitor gets his version's files and registry entry, the same over
 * reloads; answers that depend on the cookie are private; the beacon counts only a live release's versions as served
 * to that visitor, refuses bad bodies, ignores bots, is rate-limited; a failing candidate is rolled back with both
 * error rates. The registry and the releases bucket are stood in for (their NATS side has its own tests).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BEACON_PATH, chooseVersion, MF_REGISTRY_PATH, ReleaseSchema, type InstanceRecord, type Release, type RemoteManifest } from '@cp/contracts';
import { buildRegistryTable, createLogger, ReleaseConflictError, type RegistryTable, type RegistryWatch, type ReleasesWatch, type StoredRelease } from '@cp/service-kit';
import type { RunningGateway } from '../src/app.ts';
import { startStaticServer } from '../src/web/static-server.ts';
import { releaseMonitor } from '../src/releases/monitor.ts';
import { client, PUBLIC_URL, signedVisitorCookie, startTestGateway } from './helpers.ts';

const logger = createLogger('releases-test', 'silent');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const T0 = '2026-12-02T08:00:00.000Z';

function release(over: Partial<Release> = {}): Release {
  return ReleaseSchema.parse({ remote: 'news', stable: 'v1', candidate: 'v2', percent: 50, state: 'active', startedAt: T0, updatedAt: T0, by: 'cli', rollback: { minLoads: 5, margin: 0.02 }, ...over });
}

/** A releases bucket in memory, with its revisions (as the NATS one). */
function fakeReleases(initial: Release[] = []): ReleasesWatch & { set(r: Release): void; writes: Release[] } {
  let revision = 0;
  let current = new Map<string, StoredRelease>(initial.map((r) => [r.remote, { release: r, revision: ++revision }]));
  const writes: Release[] = [];
  return {
    current: () => current,
    onChange: () => () => false,
    ready: Promise.resolve(),
    async write(r, rev) {
      if (current.get(r.remote)?.revision !== rev) throw new ReleaseConflictError(r.remote);
      writes.push(r);
      current = new Map(current).set(r.remote, { release: r, revision: ++revision });
      return revision;
    },
    set(r) {
      current = new Map(current).set(r.remote, { release: r, revision: ++revision });
    },
    writes,
    stop: async () => {},
  };
}

/** Visitor ids (the cookie's shape) that get v1 and v2 of `news` at 50 %. */
function visitorsBySide(): { v1: string; v2: string } {
  const ids = Array.from({ length: 100 }, (_, i) => `visitor${String(i).padStart(15, '0')}`);
  return { v1: ids.find((id) => chooseVersion(id, release()) === 'v1')!, v2: ids.find((id) => chooseVersion(id, release()) === 'v2')! };
}

describe('the release monitor', () => {
  const { v1, v2 } = visitorsBySide();
  const load = (version: string, ok: boolean) => ({ remote: 'news', version, kind: 'load' as const, ok });

  it('counts only the version the visitor is served, of a remote with an active release', () => {
    const m = releaseMonitor(fakeReleases([release()]), logger);
    expect(m.count([load('v1', true)], v1)).toBe(1);
    expect(m.count([load('v2', false)], v2)).toBe(1);
    // A forged version, the other side's version, an unknown remote, no cookie for the candidate: nothing.
    expect(m.count([load('v9', false), load('v2', false), { ...load('v1', false), remote: 'other' }], v1)).toBe(0);
    expect(m.count([load('v2', false)], undefined)).toBe(0);
    expect(m.counts('news')).toEqual({ stable: { loads: 1, failures: 0 }, candidate: { loads: 1, failures: 1 } });
    // A release that is not active counts nothing.
    const stopped = releaseMonitor(fakeReleases([release({ state: 'stopped', percent: 0 })]), logger);
    expect(stopped.count([load('v1', true)], v1)).toBe(0);
  });

  it('rolls a failing candidate back once, with its reason and both error rates', async () => {
    const bucket = fakeReleases([release()]);
    const m = releaseMonitor(bucket, logger, { now: () => new Date('2026-12-02T08:10:00.000Z') });
    for (let i = 0; i < 5; i++) m.count([load('v1', true)], v1);
    for (let i = 0; i < 4; i++) m.count([load('v2', false)], v2);
    await m.settled();
    expect(bucket.writes).toEqual([]);
    m.count([{ ...load('v2', false), kind: 'render' }], v2);
    await m.settled();
    expect(bucket.writes).toHaveLength(1);
    expect(bucket.writes[0]).toEqual(
      expect.objectContaining({
        state: 'rolled-back',
        by: 'gateway',
        rolledBackAt: '2026-12-02T08:10:00.000Z',
        reason: expect.stringContaining('100.0 % of its last 5 loads'),
        rates: { stable: { loads: 5, failures: 0, rate: 0 }, candidate: { loads: 5, failures: 5, rate: 1 } },
      }),
    );
    // Rolled back: the candidate's visitors get the stable version, and nothing counts any more.
    expect(m.versionFor('news', v2)).toBe('v1');
    expect(m.count([load('v2', false)], v2)).toBe(0);
  });

  it('keeps a window of recent loads per version, and a new run starts from nothing', () => {
    const bucket = fakeReleases([release({ rollback: { minLoads: 1000, margin: 0.02 } })]);
    const m = releaseMonitor(bucket, logger, { window: 10 });
    for (let i = 0; i < 10; i++) m.count([load('v2', false)], v2);
    for (let i = 0; i < 7; i++) m.count([load('v2', true)], v2);
    expect(m.counts('news')!.candidate).toEqual({ loads: 10, failures: 3 });
    bucket.set(release({ startedAt: '2026-12-02T09:00:00.000Z', rollback: { minLoads: 1000, margin: 0.02 } }));
    expect(m.counts('news')!.candidate).toEqual({ loads: 0, failures: 0 });
  });

  it('a rollback that lost the race (the release changed meanwhile) is left as it is', async () => {
    const bucket = fakeReleases([release()]);
    const raced: ReleasesWatch = { ...bucket, write: async (r) => Promise.reject(new ReleaseConflictError(r.remote)) };
    const m = releaseMonitor(raced, logger);
    for (let i = 0; i < 5; i++) m.count([load('v1', true)], v1);
    for (let i = 0; i < 5; i++) m.count([load('v2', false)], v2);
    await expect(m.settled()).resolves.toBeUndefined();
    expect(bucket.writes).toEqual([]);
  });
});

describe('a gateway serving two versions of a registered remote', () => {
  let dir: string;
  let gateway: RunningGateway;
  const servers: Array<{ close(): Promise<void> }> = [];
  const bucket = fakeReleases([release()]);
  const api = client();
  const { v1, v2 } = visitorsBySide();
  const cookie = (id: string) => ({ cookie: signedVisitorCookie(id), 'user-agent': BROWSER });

  function remoteBuild(distDir: string, version: string): void {
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, 'remoteEntry.js'), `/* news ${version} */`);
    const routes = version === 'v1' ? ['/news'] : ['/news', '/news/:id'];
    writeFileSync(path.join(distDir, 'mf-manifest.json'), JSON.stringify({ id: 'mf_news', name: 'mf_news', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, cpRemote: { routes, slots: [] } } }));
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gateway-releases-'));
    mkdirSync(path.join(dir, 'shell'));
    writeFileSync(path.join(dir, 'shell', 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    const manifest: RemoteManifest = { name: 'news', kind: 'remote', description: 'a test remote', port: 3190, devPort: 3090, replicas: { default: 1, max: 9 } };
    const records: InstanceRecord[] = [];
    for (const [i, version] of ['v1', 'v2'].entries()) {
      remoteBuild(path.join(dir, version), version);
      const server = await startStaticServer({ dir: path.join(dir, version), port: 0 }, logger);
      servers.push(server);
      records.push({ instanceId: `news-${version}-inst`, address: `http://127.0.0.1:${server.port}`, version, startedAt: new Date(Date.UTC(2026, 11, 1, i)).toISOString(), manifest });
    }
    const table: RegistryTable = buildRegistryTable(records.map((r) => ({ key: `remote.news.${r.instanceId}`, value: r })));
    const registry: RegistryWatch = { table: () => table, onChange: () => () => false, ready: Promise.resolve(), stop: async () => {} };
    gateway = await startTestGateway({ WEB_ROOT: path.join(dir, 'shell'), WEB_REMOTES: '' }, { registry, releases: bucket, beaconLimits: { perAddress: 1000, perVisitor: 12, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await api.close();
    await gateway?.close();
    for (const s of servers) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each visitor gets his version of the remote’s files and registry entry, the same at every reload', async () => {
    for (let reload = 0; reload < 3; reload++) {
      for (const [id, version] of [[v1, 'v1'], [v2, 'v2']] as const) {
        const entry = await api.call(`${gateway.url}/mf/news/remoteEntry.js`, { headers: cookie(id) });
        expect(entry.status).toBe(200);
        expect(entry.text).toBe(`/* news ${version} */`);
        expect(entry.headers['cache-control']).toMatch(/^private/);
        expect(String(entry.headers.vary)).toMatch(/Cookie/i);
        const registry = await api.call(`${gateway.url}${MF_REGISTRY_PATH}`, { headers: cookie(id) });
        expect(registry.headers['cache-control']).toBe('private, no-cache');
        const news = registry.json<{ remotes: Array<{ name: string; version?: string; routes: string[] }> }>().remotes.find((r) => r.name === 'mf_news');
        expect(news).toEqual(expect.objectContaining({ version, routes: version === 'v1' ? ['/news'] : ['/news', '/news/:id'] }));
      }
    }
    // No cookie yet: the stable version.
    const anonymous = await api.call(`${gateway.url}/mf/news/remoteEntry.js`, { headers: { 'user-agent': BROWSER } });
    expect(anonymous.text).toBe('/* news v1 */');
  });

  it('the beacon counts a visitor’s reports of his version only, and answers bad input with JSON errors', async () => {
    const post = (body: string, headers: Record<string, string>) =>
      api.call(`${gateway.url}${BEACON_PATH}`, { method: 'POST', headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...headers }, body });
    const report = (version: string, ok = true) => JSON.stringify({ reports: [{ remote: 'news', version, kind: 'load', ok }] });
    expect((await post(report('v1'), cookie(v1))).json()).toEqual({ counted: 1 });
    expect((await post(report('v2'), cookie(v1))).json()).toEqual({ counted: 0 });
    expect((await post(JSON.stringify({ reports: [{ remote: 'nope', version: 'v1', kind: 'load', ok: false }] }), cookie(v1))).json()).toEqual({ counted: 0 });
    const bad = await post('{"reports": "x"}', cookie(v1));
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual(expect.objectContaining({ error: 'Invalid beacon' }));
    expect((await post('not json', cookie(v1))).status).toBe(400);
    const big = await post(JSON.stringify({ reports: [], pad: 'x'.repeat(10_000) }), cookie(v1));
    expect(big.status).toBe(413);
    expect(big.json()).toEqual(expect.objectContaining({ error: 'Request body too large' }));
    // A bot is answered and counted for nothing.
    const bot = await post(report('v2', false), { cookie: signedVisitorCookie(v2), 'user-agent': 'Googlebot/2.1' });
    expect(bot.status).toBe(204);
    expect(gateway.releases!.counts('news')).toEqual({ stable: { loads: 1, failures: 0 }, candidate: { loads: 0, failures: 0 } });
    // The gateway's /readyz shows the release and its counts.
    const ready = await api.call(`${gateway.url}/readyz`);
    expect(ready.json<{ releases: unknown }>().releases).toEqual({ news: { state: 'active', stable: 'v1', candidate: 'v2', percent: 50, counts: { stable: { loads: 1, failures: 0 }, candidate: { loads: 0, failures: 0 } } } });
    const get = await api.call(`${gateway.url}${BEACON_PATH}`, { headers: cookie(v1) });
    expect(get.status).toBe(405);
  });

  it('a beacon flood from one visitor is rate-limited', async () => {
    const flooder = 'floodvisitor0000000000';
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await api.call(`${gateway.url}${BEACON_PATH}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...cookie(flooder) },
        body: JSON.stringify({ reports: [{ remote: 'news', version: 'v9', kind: 'load', ok: false }] }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('a candidate that fails for its visitors is rolled back, and everybody gets the stable version', async () => {
    const post = (id: string, version: string, ok: boolean) =>
      api.call(`${gateway.url}${BEACON_PATH}`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'text/plain;charset=UTF-8', ...cookie(id) },
        body: JSON.stringify({ reports: [{ remote: 'news', version, kind: 'load', ok }] }),
      });
    for (let i = 0; i < 4; i++) expect((await post(v1, 'v1', true)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post(v2, 'v2', false)).status).toBe(200);
    await gateway.releases!.settled();
    expect(bucket.current().get('news')!.release).toEqual(expect.objectContaining({ state: 'rolled-back', rates: expect.objectContaining({ candidate: { loads: 5, failures: 5, rate: 1 } }) }));
    const entry = await api.call(`${gateway.url}/mf/news/remoteEntry.js`, { headers: cookie(v2) });
    expect(entry.text).toBe('/* news v1 */');
    const registry = await api.call(`${gateway.url}${MF_REGISTRY_PATH}`, { headers: cookie(v2) });
    expect(registry.json<{ remotes: Array<{ name: string; version?: string }> }>().remotes.find((r) => r.name === 'mf_news')?.version).toBe('v1');
  });
});
