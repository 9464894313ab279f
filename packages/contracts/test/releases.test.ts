import {
  BeaconSchema,
  chooseVersion,
  discoveryVersions,
  liveVersions,
  planRelease,
  ReleaseSchema,
  servedVersions,
  shouldRollBack,
  visitorBucket,
  wilsonInterval,
  type Release,
} from '../src/releases.ts';

const NOW = new Date('2026-12-02T08:00:00.000Z');
const LATER = new Date('2026-12-02T08:05:00.000Z');

function release(over: Partial<Release> = {}): Release {
  return ReleaseSchema.parse({
    remote: 'forum',
    stable: 'v1',
    candidate: 'v2',
    percent: 50,
    state: 'active',
    startedAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    by: 'cli',
    ...over,
  });
}

/** n visitor ids of the cookie's shape (22 base64url characters), deterministic. */
const visitors = (n: number) => Array.from({ length: n }, (_, i) => `visitor${String(i).padStart(15, '0')}`);

describe('chooseVersion', () => {
  it('splits visitors by the percent, and a visitor keeps his version', () => {
    const r = release({ percent: 50 });
    const ids = visitors(2000);
    const candidates = ids.filter((id) => chooseVersion(id, r) === 'v2').length;
    expect(candidates / ids.length).toBeGreaterThan(0.45);
    expect(candidates / ids.length).toBeLessThan(0.55);
    for (const id of ids.slice(0, 50)) expect(chooseVersion(id, r)).toBe(chooseVersion(id, r));
  });

  it('10 % goes to about a tenth, and raising the percent only moves visitors to the candidate', () => {
    const ids = visitors(2000);
    const at10 = new Set(ids.filter((id) => chooseVersion(id, release({ percent: 10 })) === 'v2'));
    const at30 = new Set(ids.filter((id) => chooseVersion(id, release({ percent: 30 })) === 'v2'));
    expect(at10.size / ids.length).toBeGreaterThan(0.07);
    expect(at10.size / ids.length).toBeLessThan(0.13);
    for (const id of at10) expect(at30.has(id)).toBe(true);
  });

  it('gives the stable version without a cookie, after a rollback or a stop, and the candidate once promoted', () => {
    expect(chooseVersion(undefined, release({ percent: 99 }))).toBe('v1');
    const id = visitors(200).find((v) => chooseVersion(v, release({ percent: 50 })) === 'v2')!;
    expect(chooseVersion(id, release({ state: 'rolled-back' }))).toBe('v1');
    expect(chooseVersion(id, release({ state: 'stopped', percent: 0 }))).toBe('v1');
    expect(chooseVersion(undefined, release({ state: 'promoted', percent: 100 }))).toBe('v2');
    expect(chooseVersion(id, undefined)).toBeUndefined();
  });

  it('buckets are 0–99 and independent between remotes', () => {
    const ids = visitors(1000);
    for (const id of ids) {
      const b = visitorBucket(id, 'forum');
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(100);
    }
    const same = ids.filter((id) => visitorBucket(id, 'forum') < 50 === visitorBucket(id, 'listings') < 50).length;
    expect(same / ids.length).toBeGreaterThan(0.4);
    expect(same / ids.length).toBeLessThan(0.6);
  });

  it('served versions and the discovery schema view follow the state', () => {
    expect(servedVersions(release())).toEqual(['v1', 'v2']);
    expect(servedVersions(release({ state: 'rolled-back' }))).toEqual(['v1']);
    expect(servedVersions(release({ state: 'promoted', percent: 100 }))).toEqual(['v2']);
    expect(discoveryVersions(release({ percent: 20 }))).toEqual([
      { metadata: { version: 'v1' }, deployment: { traffic: 80, default: true } },
      { metadata: { version: 'v2' }, deployment: { traffic: 20, default: false } },
    ]);
    expect(discoveryVersions(release({ state: 'rolled-back' }))[1]!.deployment.traffic).toBe(0);
  });
});

describe('shouldRollBack', () => {
  it('waits for enough loads of both versions', () => {
    expect(shouldRollBack({ loads: 10, failures: 0 }, { loads: 10, failures: 10 }, { minLoads: 30, margin: 0.02 }).rollBack).toBe(false);
    expect(shouldRollBack({ loads: 100, failures: 0 }, { loads: 29, failures: 29 }, { minLoads: 30, margin: 0.02 }).rollBack).toBe(false);
  });

  it('rolls back when the candidate clearly fails more often', () => {
    const d = shouldRollBack({ loads: 200, failures: 2 }, { loads: 200, failures: 30 });
    expect(d.rollBack).toBe(true);
    if (!d.rollBack) return;
    expect(d.rates.stable).toEqual({ loads: 200, failures: 2, rate: 0.01 });
    expect(d.rates.candidate).toEqual({ loads: 200, failures: 30, rate: 0.15 });
    expect(d.reason).toMatch(/15\.0 %.*1\.0 %/);
  });

  it('does not roll back on noise: close rates, or a difference the samples do not support', () => {
    expect(shouldRollBack({ loads: 200, failures: 4 }, { loads: 200, failures: 6 }).rollBack).toBe(false);
    expect(shouldRollBack({ loads: 30, failures: 1 }, { loads: 30, failures: 4 }).rollBack).toBe(false);
    // A candidate that fails less never rolls back.
    expect(shouldRollBack({ loads: 500, failures: 100 }, { loads: 500, failures: 10 }).rollBack).toBe(false);
  });

  it('with a small policy, every load failing against none is enough (the browser test)', () => {
    expect(shouldRollBack({ loads: 5, failures: 0 }, { loads: 5, failures: 5 }, { minLoads: 5, margin: 0.02 }).rollBack).toBe(true);
    expect(shouldRollBack({ loads: 5, failures: 0 }, { loads: 5, failures: 2 }, { minLoads: 5, margin: 0.02 }).rollBack).toBe(false);
  });

  it('Wilson intervals', () => {
    const w = wilsonInterval(0, 5);
    expect(w.lower).toBe(0);
    expect(w.upper).toBeCloseTo(0.4345, 3);
    const full = wilsonInterval(5, 5);
    expect(full.lower).toBeCloseTo(0.5655, 3);
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
  });
});

describe('planRelease', () => {
  const base = { remote: 'forum', now: NOW, by: 'cli' };

  it('starts a release of a live version against the other live version', () => {
    const out = planRelease({ ...base, current: undefined, live: ['v1', 'v2'], request: { version: 'v2', percent: 50 } });
    expect(out).toEqual({ release: expect.objectContaining({ remote: 'forum', stable: 'v1', candidate: 'v2', percent: 50, state: 'active', startedAt: NOW.toISOString() }) });
  });

  it('refuses a version no live instance runs, a remote with none, and a lone version', () => {
    expect(planRelease({ ...base, current: undefined, live: ['v1', 'v2'], request: { version: 'v9', percent: 50 } })).toEqual({ refused: { status: 409, error: expect.stringContaining('v9') } });
    expect(planRelease({ ...base, current: undefined, live: [], request: { version: 'v2', percent: 50 } })).toEqual({ refused: { status: 404, error: expect.any(String) } });
    expect(planRelease({ ...base, current: undefined, live: ['v2'], request: { version: 'v2', percent: 50 } })).toEqual({ refused: { status: 409, error: expect.stringContaining('only live version') } });
  });

  it('changing the percent keeps the start; 100 promotes; 0 stops; a new run after a rollback starts anew', () => {
    const current = release();
    const more = planRelease({ ...base, now: LATER, current, live: ['v1', 'v2'], request: { version: 'v2', percent: 80 } });
    expect(more).toEqual({ release: expect.objectContaining({ percent: 80, state: 'active', startedAt: NOW.toISOString(), updatedAt: LATER.toISOString() }) });
    expect(planRelease({ ...base, current, live: ['v1', 'v2'], request: { version: 'v2', percent: 100 } })).toEqual({ release: expect.objectContaining({ state: 'promoted', percent: 100 }) });
    expect(planRelease({ ...base, current, live: ['v1', 'v2'], request: { version: 'v2', percent: 0 } })).toEqual({ release: expect.objectContaining({ state: 'stopped', percent: 0 }) });
    expect(planRelease({ ...base, current: undefined, live: ['v1', 'v2'], request: { version: 'v2', percent: 0 } })).toEqual({ refused: { status: 404, error: expect.any(String) } });
    const rolledBack = release({ state: 'rolled-back', rolledBackAt: NOW.toISOString(), reason: 'failing' });
    const again = planRelease({ ...base, now: LATER, current: rolledBack, live: ['v1', 'v2'], request: { version: 'v2', percent: 10 } });
    expect(again).toEqual({ release: expect.objectContaining({ state: 'active', startedAt: LATER.toISOString() }) });
    if ('release' in again) expect(again.release.reason).toBeUndefined();
  });

  it('after a promotion, the promoted version is the next release\'s stable', () => {
    const promoted = release({ state: 'promoted', percent: 100 });
    const next = planRelease({ ...base, current: promoted, live: ['v1', 'v2', 'v3'], request: { version: 'v3', percent: 20 } });
    expect(next).toEqual({ release: expect.objectContaining({ stable: 'v2', candidate: 'v3' }) });
  });

  it('live versions come oldest instance first', () => {
    expect(
      liveVersions([
        { version: 'v2', startedAt: '2026-12-02T08:00:00.000Z' },
        { version: 'v1', startedAt: '2026-12-01T08:00:00.000Z' },
        { version: 'v2', startedAt: '2026-12-02T09:00:00.000Z' },
      ]),
    ).toEqual(['v1', 'v2']);
  });
});

describe('BeaconSchema', () => {
  it('takes a page view\'s reports and refuses anything else', () => {
    expect(BeaconSchema.safeParse({ reports: [{ remote: 'forum', version: 'v2', kind: 'load', ok: true }] }).success).toBe(true);
    expect(BeaconSchema.safeParse({ reports: [] }).success).toBe(false);
    expect(BeaconSchema.safeParse({ reports: [{ remote: 'Forum!', version: 'v2', kind: 'load', ok: true }] }).success).toBe(false);
    expect(BeaconSchema.safeParse({ reports: [{ remote: 'forum', version: 'v2', kind: 'load', ok: true, extra: 1 }] }).success).toBe(false);
    expect(BeaconSchema.safeParse({ reports: Array.from({ length: 21 }, () => ({ remote: 'forum', version: 'v2', kind: 'load', ok: true })) }).success).toBe(false);
  });
});
