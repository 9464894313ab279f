/**
 * `npm run release` (issue 35 §4): its arguments, and a run against a NATS server of the test's own where two versions
 * of a remote are registered.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import type { RemoteManifest } from '@cp/contracts';
import { connectNatsClient, createLogger, openReleases, readRelease, registerInstance, type Registration } from '@cp/service-kit';
import { faultNats } from '../../infra/src/jest/test-env.ts';
import type { FaultNats } from '../../infra/src/types.ts';
import { parseReleaseArgs, runRelease } from '../release/release.ts';

describe('npm run release: arguments', () => {
  it('takes a remote, a version and a percent, and the rollback options', () => {
    expect(parseReleaseArgs(['forum', 'v2', '50'])).toEqual({ args: { kind: 'set', remote: 'forum', version: 'v2', percent: 50 } });
    expect(parseReleaseArgs(['forum', 'v2', '10', '--min-loads', '5', '--margin', '0.1'])).toEqual({ args: { kind: 'set', remote: 'forum', version: 'v2', percent: 10, minLoads: 5, margin: 0.1 } });
    expect(parseReleaseArgs(['forum'])).toEqual({ args: { kind: 'show', remote: 'forum' } });
  });

  it('refuses bad input, naming it', () => {
    expect(parseReleaseArgs([])).toEqual({ error: expect.stringContaining('usage') });
    expect(parseReleaseArgs(['forum', 'v2'])).toEqual({ error: expect.stringContaining('usage') });
    expect(parseReleaseArgs(['forum', 'v2', '101'])).toEqual({ error: expect.stringContaining('percent') });
    expect(parseReleaseArgs(['forum', 'v2', '12.5'])).toEqual({ error: expect.stringContaining('percent') });
    expect(parseReleaseArgs(['Forum!', 'v2', '50'])).toEqual({ error: expect.stringContaining('remote') });
    expect(parseReleaseArgs(['forum', 'v 2', '50'])).toEqual({ error: expect.stringContaining('version') });
    expect(parseReleaseArgs(['forum', 'v2', '50', '--force'])).toEqual({ error: expect.stringContaining('unknown option --force') });
  });
});

describe('npm run release: a run', () => {
  let nats: FaultNats;
  let nc: NatsConnection;
  const registrations: Registration[] = [];
  const logger = createLogger('release-test', 'silent');
  const manifest: RemoteManifest = { name: 'forum', kind: 'remote', description: 'a test remote', port: 3190, devPort: 3090, replicas: { default: 1, max: 9 } };
  beforeAll(async () => {
    nats = await faultNats();
    nc = await connectNatsClient(nats.url, 'release-test', { waitOnFirstConnect: true });
    for (const [i, version] of ['v1', 'v2'].entries()) {
      const record = { instanceId: `forum-${version}-x`, address: `http://127.0.0.1:${3190 + i}`, version, startedAt: new Date(Date.UTC(2026, 11, 1, i)).toISOString(), manifest };
      registrations.push(await registerInstance({ nc, record, logger }));
    }
  });
  afterAll(async () => {
    for (const r of registrations) await r.stop();
    await nc?.close();
    await nats?.close();
  });

  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const parsed = parseReleaseArgs(argv);
    if ('error' in parsed) throw new Error(parsed.error);
    const code = await runRelease(parsed.args, nc, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    return { code, text: lines.join('\n') };
  };

  it('refuses a version no live instance registered', async () => {
    const { code, text } = await run(['forum', 'v9', '50']);
    expect(code).toBe(1);
    expect(text).toMatch(/no live instance of forum runs version v9 \(live: v1, v2\)/);
    expect(await readRelease(await openReleases(nc), 'forum')).toBeUndefined();
  });

  it('starts, shows, promotes and stops a release', async () => {
    expect(await run(['forum', 'v2', '50', '--min-loads', '5'])).toEqual({ code: 0, text: expect.stringContaining('forum: active, v2 to 50 % (stable v1)') });
    const stored = await readRelease(await openReleases(nc), 'forum');
    expect(stored?.release).toEqual(expect.objectContaining({ stable: 'v1', candidate: 'v2', percent: 50, rollback: { minLoads: 5, margin: 0.02 } }));
    expect((await run(['forum'])).text).toMatch(/live versions v1, v2\nforum: active, v2 to 50 %/);
    expect((await run(['forum', 'v2', '0'])).text).toMatch(/forum: stopped, v2 to 0 %/);
    expect((await run(['forum', 'v2', '100'])).text).toMatch(/forum: promoted, v2 to 100 %/);
  });
});
