import './zod-config.ts';
import { z } from 'zod';

/**
 * Releases by percentage (issue 35 §4). Anchor: the frontend discovery schema (awslabs/frontend-discovery, v1-pre),
 * which lists the versions of a micro-frontend, each with a `deployment: { traffic, default }`. Here a remote has at
 * most one release at a time: its `stable` version (the discovery schema's `default`) and a `candidate` that gets
 * `percent` of the visitors (`traffic`); `discoveryVersions` gives it in the schema's terms.
 *
 * - The release of each remote is a record of the NATS key-value bucket `RELEASES_BUCKET` (key: the remote's name),
 *   written by `npm run release -- <remote> <version> <percent>` and by the admin API (`/api/admin/releases`), and
 *   watched by the gateway. Both refuse a version that no live instance of the remote registered.
 * - Which version a visitor gets is `chooseVersion`: a stable hash of the visitor cookie (`cp_vid`) and the remote's
 *   name against the percent, so a visitor keeps his version over reloads and `percent` of the visitors get the
 *   candidate. A visitor without the cookie gets the stable version.
 * - The browser reports each remote's loads and failures with its version (`BeaconSchema`, `POST BEACON_PATH`); the
 *   gateway counts them (only for a remote and version of a live release) and rolls the release back by itself when
 *   `shouldRollBack` says the candidate fails clearly more often than the stable version.
 *
 * No node imports: the gateway, the renderer, the CLI and mf-admin read it.
 */

/** The NATS key-value bucket of the releases, one record per remote (the key is the remote's name). */
export const RELEASES_BUCKET = 'cp_releases';

/** Where the browser sends its reports of the remotes' loads and failures (the gateway answers it itself). */
export const BEACON_PATH = '/api/releases/beacon';

/** The admin API of the releases (moderation's; admins only). */
export const ADMIN_RELEASES_PATH = '/api/admin/releases';

// The gateway's header to the renderer and its reading: zod-free, for the shell's server bundle too.
export { REMOTE_VERSIONS_HEADER, parseRemoteVersions } from './remote-versions.ts';

/** A remote's name, as registered (contracts' RemoteManifestSchema). */
export const ReleaseRemoteNameSchema = z.string().regex(/^[a-z][a-z0-9_]{1,29}$/, 'must be a remote name (lower case letters, digits and "_")');

/** A remote's version, as its instances register it (InstanceRecordSchema's `version`: SERVICE_VERSION). */
export const ReleaseVersionSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'must be letters, digits, ".", "_", "+" and "-"');

/** The share of the visitors sent to the candidate: 0 stops the release, 100 promotes the candidate. */
export const ReleasePercentSchema = z.number().int().min(0).max(100);

/**
 * - active: `percent` of the visitors get the candidate;
 * - rolled-back: the gateway saw the candidate fail clearly more often than the stable version; everybody gets stable;
 * - stopped: an operator set 0 %; everybody gets stable;
 * - promoted: an operator set 100 %; everybody gets the candidate (the next release's stable version).
 */
export const RELEASE_STATES = ['active', 'rolled-back', 'stopped', 'promoted'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** A version's recent loads and failures, as the gateway counted them from the browsers' reports. */
export const ErrorRateSchema = z.strictObject({
  loads: z.number().int().min(0),
  failures: z.number().int().min(0),
  /** failures / loads, at most 1; 0 without loads. */
  rate: z.number().min(0).max(1),
});
export type ErrorRate = z.infer<typeof ErrorRateSchema>;

/**
 * When a release rolls back by itself: once both versions have at least `minLoads` recent loads and the candidate's
 * failure rate is above the stable one's with 95 % confidence (the Wilson interval's lower bound of the candidate's rate
 * above the upper bound of the stable's), and above it by at least `margin`.
 */
export const RollbackPolicySchema = z.strictObject({
  minLoads: z.number().int().min(1).max(100_000).default(30),
  margin: z.number().min(0).max(1).default(0.02),
});
export type RollbackPolicy = z.infer<typeof RollbackPolicySchema>;
export const DEFAULT_ROLLBACK_POLICY: RollbackPolicy = { minLoads: 30, margin: 0.02 };

export const ReleaseSchema = z.strictObject({
  remote: ReleaseRemoteNameSchema,
  /** The version everybody had before (the discovery schema's `default`). */
  stable: ReleaseVersionSchema,
  /** The new version. */
  candidate: ReleaseVersionSchema,
  percent: ReleasePercentSchema,
  state: z.enum(RELEASE_STATES),
  startedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Who set it last: `cli`, `admin:<user id>`, `gateway` (a rollback). */
  by: z.string().min(1).max(80),
  rollback: RollbackPolicySchema.default(DEFAULT_ROLLBACK_POLICY),
  rolledBackAt: z.iso.datetime().optional(),
  /** Why it rolled back (or was stopped), in words. */
  reason: z.string().max(500).optional(),
  /** Both versions' error rates when it rolled back. */
  rates: z.strictObject({ stable: ErrorRateSchema, candidate: ErrorRateSchema }).optional(),
});
export type Release = z.infer<typeof ReleaseSchema>;

/** What an admin (or the CLI) asks for: send `percent` of the visitors of `remote` to `version`. */
export const ReleaseRequestSchema = z.strictObject({
  version: ReleaseVersionSchema,
  percent: ReleasePercentSchema,
  rollback: RollbackPolicySchema.partial().optional(),
});
export type ReleaseRequest = z.infer<typeof ReleaseRequestSchema>;

/** A live version of a remote: its version and how many instances run it (the admin API's list). */
export const LiveVersionSchema = z.strictObject({ version: ReleaseVersionSchema, instances: z.number().int().min(1) });

/** `GET /api/admin/releases`: every registered remote with its live versions and its release, if any. */
export const ReleasesListSchema = z.strictObject({
  remotes: z.array(
    z.strictObject({
      remote: ReleaseRemoteNameSchema,
      versions: z.array(LiveVersionSchema),
      release: ReleaseSchema.optional(),
    }),
  ),
});
export type ReleasesList = z.infer<typeof ReleasesListSchema>;

/**
 * One report of the browser: one outcome of a page view's use of a remote's exposed module. `ok`: it loaded and did not
 * fail while rendering; else `kind` says where it failed (its load, or its rendering after it loaded).
 */
export const BeaconReportSchema = z.strictObject({
  remote: ReleaseRemoteNameSchema,
  version: ReleaseVersionSchema,
  kind: z.enum(['load', 'render']),
  ok: z.boolean(),
});
export type BeaconReport = z.infer<typeof BeaconReportSchema>;

/** At most this many reports in one beacon (a page view sends one beacon). */
export const BEACON_MAX_REPORTS = 20;
/** A beacon's body is at most this many bytes (413 beyond). */
export const BEACON_MAX_BYTES = 4096;

/** `POST /api/releases/beacon`: the reports of one page view. */
export const BeaconSchema = z.strictObject({ reports: z.array(BeaconReportSchema).min(1).max(BEACON_MAX_REPORTS) });
export type Beacon = z.infer<typeof BeaconSchema>;

/** Which of a release's versions serve visitors, and to whom (see RELEASE_STATES). */
export function servedVersions(release: Pick<Release, 'state' | 'stable' | 'candidate'>): readonly string[] {
  if (release.state === 'active') return [release.stable, release.candidate];
  return [release.state === 'promoted' ? release.candidate : release.stable];
}

/**
 * A visitor's bucket for a remote, 0–99: FNV-1a (32 bits) of `<remote>:<visitor id>`. Stable across processes and
 * releases of one remote; independent between remotes (a visitor in the first half of one is not in the first half of
 * every one).
 */
export function visitorBucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  const text = `${remote}:${visitorId}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/**
 * The version a visitor gets of a remote with `release` (undefined: no release, any live version). Without a visitor id
 * (no cookie yet, a bot) the stable version: it is what every visitor had before the release.
 */
export function chooseVersion(visitorId: string | undefined, release: Pick<Release, 'remote' | 'state' | 'stable' | 'candidate' | 'percent'> | undefined): string | undefined {
  if (!release) return undefined;
  if (release.state === 'promoted') return release.candidate;
  if (release.state !== 'active' || !visitorId) return release.stable;
  return visitorBucket(visitorId, release.remote) < release.percent ? release.candidate : release.stable;
}

/** The release in the frontend discovery schema's terms: each version with its traffic share and whether it is the default. */
export function discoveryVersions(release: Pick<Release, 'state' | 'stable' | 'candidate' | 'percent'>): Array<{ metadata: { version: string }; deployment: { traffic: number; default: boolean } }> {
  const candidateShare = release.state === 'active' ? release.percent : release.state === 'promoted' ? 100 : 0;
  return [
    { metadata: { version: release.stable }, deployment: { traffic: 100 - candidateShare, default: release.state !== 'promoted' } },
    { metadata: { version: release.candidate }, deployment: { traffic: candidateShare, default: release.state === 'promoted' } },
  ];
}

/** The error rate of `loads` and `failures` (failures beyond the loads count as many as the loads). */
export function errorRate(loads: number, failures: number): ErrorRate {
  const f = Math.min(failures, loads);
  return { loads, failures: f, rate: loads === 0 ? 0 : f / loads };
}

/** The Wilson score interval of a proportion (95 %: z = 1.96). With no trials: [0, 1]. */
export function wilsonInterval(failures: number, trials: number, z = 1.96): { lower: number; upper: number } {
  if (trials <= 0) return { lower: 0, upper: 1 };
  const p = Math.min(failures, trials) / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { lower: Math.max(0, (centre - spread) / denominator), upper: Math.min(1, (centre + spread) / denominator) };
}

export type RollbackDecision = { rollBack: false; why: string } | { rollBack: true; reason: string; rates: { stable: ErrorRate; candidate: ErrorRate } };

const pct = (r: number) => `${(r * 100).toFixed(1)} %`;

/**
 * Whether a release should roll back, from both versions' recent loads and failures (RollbackPolicySchema). Pure: the
 * gateway calls it after each counted report.
 */
export function shouldRollBack(stable: { loads: number; failures: number }, candidate: { loads: number; failures: number }, policy: RollbackPolicy = DEFAULT_ROLLBACK_POLICY): RollbackDecision {
  const s = errorRate(stable.loads, stable.failures);
  const c = errorRate(candidate.loads, candidate.failures);
  if (s.loads < policy.minLoads || c.loads < policy.minLoads) return { rollBack: false, why: `too few loads (stable ${s.loads}, candidate ${c.loads}; ${policy.minLoads} each needed)` };
  const candidateLow = wilsonInterval(c.failures, c.loads).lower;
  const stableHigh = wilsonInterval(s.failures, s.loads).upper;
  if (candidateLow <= stableHigh || c.rate - s.rate < policy.margin) return { rollBack: false, why: `the candidate's failure rate (${pct(c.rate)}) is not clearly above the stable's (${pct(s.rate)})` };
  return {
    rollBack: true,
    reason: `the candidate failed in ${pct(c.rate)} of its last ${c.loads} loads, the stable version in ${pct(s.rate)} of its last ${s.loads} (95 % confidence that the candidate fails more often)`,
    rates: { stable: s, candidate: c },
  };
}

/** A refusal of planRelease: its HTTP status (404 nothing to release, 409 a version that is not live) and words. */
export interface ReleaseRefusal {
  status: 404 | 409;
  error: string;
}

/**
 * The release that `request` makes of `remote`, given its current release and the versions its live instances run
 * (oldest instance's first), or why not. Pure: the CLI and the admin API both call it, then write the result with a
 * revision check (so two writers cannot both win).
 * - the version must be one a live instance of the remote registered (a forged or mistyped version is refused), except
 *   when stopping (0 %) the current candidate;
 * - the stable version is the current release's default (its stable, or its candidate once promoted) while it is still
 *   live, else the oldest live version other than the candidate; there must be one (409);
 * - 0 % stops the release, 100 % promotes the candidate, anything else makes it active. Changing the percent of an
 *   active release keeps its start; a new candidate, or an active release again after a rollback or stop, starts anew
 *   (its counts start from nothing).
 */
export function planRelease(opts: {
  remote: string;
  current: Release | undefined;
  live: readonly string[];
  request: ReleaseRequest;
  now: Date;
  by: string;
}): { release: Release } | { refused: ReleaseRefusal } {
  const { remote, current, live, request, by } = opts;
  const now = opts.now.toISOString();
  const { version, percent } = request;
  const rollback: RollbackPolicy = { ...(current?.rollback ?? DEFAULT_ROLLBACK_POLICY), ...(request.rollback ?? {}) };
  if (percent === 0) {
    if (!current || current.candidate !== version || current.state === 'promoted') {
      return { refused: { status: 404, error: `${remote} has no release of ${version} to stop` } };
    }
    const { rolledBackAt: _at, rates: _rates, ...rest } = current;
    return { release: { ...rest, percent: 0, state: 'stopped', updatedAt: now, by, rollback, reason: `stopped by ${by}` } };
  }
  if (live.length === 0) return { refused: { status: 404, error: `no live instance of ${remote} is registered` } };
  if (!live.includes(version)) return { refused: { status: 409, error: `no live instance of ${remote} runs version ${version} (live: ${live.join(', ')})` } };
  const previousDefault = current ? (current.state === 'promoted' ? current.candidate : current.stable) : undefined;
  const stable = previousDefault !== undefined && previousDefault !== version && (live.includes(previousDefault) || current?.candidate === version) ? previousDefault : live.find((v) => v !== version);
  if (stable === undefined) return { refused: { status: 409, error: `${version} is the only live version of ${remote}: start the version to release it against first` } };
  const sameRun = current !== undefined && current.state === 'active' && current.candidate === version && current.stable === stable;
  const state: ReleaseState = percent === 100 ? 'promoted' : 'active';
  return {
    release: {
      remote,
      stable,
      candidate: version,
      percent,
      state,
      startedAt: sameRun ? current.startedAt : now,
      updatedAt: now,
      by,
      rollback,
    },
  };
}

/** The versions the live instances of a remote run, the oldest instance's first. */
export function liveVersions(instances: ReadonlyArray<{ version: string; startedAt: string }>): string[] {
  return [...new Set([...instances].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map((i) => i.version))];
}
