/**
 * Issue 35 §4: the releases' store on a real NATS JetStream server of the test's own: requests checked against the
 * live versions, writes at a revision (two writers cannot both win), and the gateway's watch.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import type { KV } from '@nats-io/kv';
import { faultNats } from '../../../infra/src/jest/test-env.ts';
import type { FaultNats } from '../../../infra/src/types.ts';
import { connectNatsClient, createLogger, listReleases, openReleases, readRelease, ReleaseConflictError, requestRelease, watchReleasesOver, writeRelease, type ReleasesWatch } from '../src/index.ts';
import { until } from './support/until.ts';

const logger = createLogger('releases-test', 'silent');

describe('the releases bucket', () => {
  let nats: FaultNats;
  let nc: NatsConnection;
  let kv: KV;
  const watches: ReleasesWatch[] = [];
  beforeAll(async () => {
    nats = await faultNats();
    nc = await connectNatsClient(nats.url, 'releases-test', { waitOnFirstConnect: true });
    kv = await openReleases(nc);
  });
  afterAll(async () => {
    for (const w of watches) await w.stop();
    await nc?.close();
    await nats?.close();
  });

  it('a request is refused for a version that is not live, and written for one that is', async () => {
    const refused = await requestRelease({ kv, remote: 'forum', live: ['v1', 'v2'], request: { version: 'forged', percent: 50 }, by: 'cli' });
    expect(refused).toEqual({ refused: { status: 409, error: expect.stringContaining('forged') } });
    expect(await readRelease(kv, 'forum')).toBeUndefined();
    const done = await requestRelease({ kv, remote: 'forum', live: ['v1', 'v2'], request: { version: 'v2', percent: 50 }, by: 'cli' });
    expect(done).toEqual({ release: expect.objectContaining({ stable: 'v1', candidate: 'v2', percent: 50, state: 'active' }) });
    const stored = await readRelease(kv, 'forum');
    expect(stored?.release).toEqual('release' in done ? done.release : undefined);
    expect((await listReleases(kv)).get('forum')?.release.candidate).toBe('v2');
  });

  it('a write names the revision it read: the second of two writers is refused', async () => {
    const stored = (await readRelease(kv, 'forum'))!;
    await writeRelease(kv, { ...stored.release, percent: 60 }, stored.revision);
    await expect(writeRelease(kv, { ...stored.release, percent: 70 }, stored.revision)).rejects.toBeInstanceOf(ReleaseConflictError);
    await expect(writeRelease(kv, { ...stored.release, percent: 70 }, undefined)).rejects.toBeInstanceOf(ReleaseConflictError);
    expect((await readRelease(kv, 'forum'))!.release.percent).toBe(60);
  });

  it('the watch reads the current releases, follows changes, and writes at a revision', async () => {
    const w = watchReleasesOver({ connect: () => connectNatsClient(nats.url, 'releases-watch-test'), logger });
    watches.push(w);
    await w.ready;
    expect(w.current().get('forum')?.release.percent).toBe(60);
    await requestRelease({ kv, remote: 'listings', live: ['a', 'b'], request: { version: 'b', percent: 10 }, by: 'cli' });
    await until('the new release', async () => w.current().get('listings')?.release.candidate === 'b', 10_000);
    const stored = w.current().get('forum')!;
    await w.write({ ...stored.release, state: 'rolled-back', reason: 'a test' }, stored.revision);
    await until('the rollback', async () => w.current().get('forum')?.release.state === 'rolled-back', 10_000);
    await expect(w.write({ ...stored.release, state: 'rolled-back' }, stored.revision)).rejects.toBeInstanceOf(ReleaseConflictError);
  });
});
