/**
 * `npm run release -- <remote> <version> <percent>` (issue 35 §4): sends `percent` of the visitors of a remote to one
 * of its live versions; 0 stops the release (everybody gets the stable version), 100 promotes it. Options:
 * `--min-loads <n>` and `--margin <0..1>` set when the gateway rolls the release back by itself (contracts'
 * RollbackPolicySchema). `npm run release -- <remote>` shows the remote's live versions and its release.
 * NATS_URL (default the local stack's, nats://127.0.0.1:4222) is where the registry and the releases are.
 */
import { z } from 'zod';
import type { NatsConnection } from '@nats-io/nats-core';
import { liveVersions, ReleasePercentSchema, ReleaseRemoteNameSchema, ReleaseVersionSchema, type Release, type ReleaseRequest } from '@cp/contracts';
import { createLogger, openReleases, readRelease, requestRelease, watchRegistry } from '@cp/service-kit';

const USAGE = 'usage: npm run release -- <remote> [<version> <percent 0-100>] [--min-loads <n>] [--margin <0..1>]';

export const ReleaseArgsSchema = z.union([
  z.strictObject({ kind: z.literal('show'), remote: ReleaseRemoteNameSchema }),
  z.strictObject({
    kind: z.literal('set'),
    remote: ReleaseRemoteNameSchema,
    version: ReleaseVersionSchema,
    percent: z.coerce.number().pipe(ReleasePercentSchema),
    minLoads: z.coerce.number().int().min(1).max(100_000).optional(),
    margin: z.coerce.number().min(0).max(1).optional(),
  }),
]);
export type ReleaseArgs = z.infer<typeof ReleaseArgsSchema>;

/** The command line's words as ReleaseArgs, or an error text naming what is wrong. */
export function parseReleaseArgs(argv: readonly string[]): { args: ReleaseArgs } | { error: string } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--min-loads' || word === '--margin') {
      const value = argv[++i];
      if (value === undefined) return { error: `${word} needs a value\n${USAGE}` };
      options[word === '--min-loads' ? 'minLoads' : 'margin'] = value;
    } else if (word.startsWith('--')) return { error: `unknown option ${word}\n${USAGE}` };
    else positional.push(word);
  }
  if (positional.length !== 1 && positional.length !== 3) return { error: USAGE };
  const [remote, version, percent] = positional;
  const candidate = positional.length === 1 ? { kind: 'show', remote } : { kind: 'set', remote, version, percent, ...options };
  const parsed = ReleaseArgsSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((i) => ('errors' in i && Array.isArray(i.errors) ? (i.errors as z.core.$ZodIssue[][]).flat() : [i]));
    return { error: `${[...new Set(issues.filter((i) => i.path[0] !== 'kind').map((i) => `${i.path.join('.')}: ${i.message}`))].join('; ')}\n${USAGE}` };
  }
  return { args: parsed.data };
}

/** One line of a release, for the terminal. */
export function describeRelease(r: Release): string {
  const base = `${r.remote}: ${r.state}, ${r.candidate} to ${r.state === 'active' ? r.percent : r.state === 'promoted' ? 100 : 0} % (stable ${r.stable}), since ${r.startedAt}, by ${r.by}`;
  const why = r.reason ? `\n  ${r.state === 'rolled-back' ? `rolled back at ${r.rolledBackAt ?? r.updatedAt}: ` : ''}${r.reason}` : '';
  const rates = r.rates ? `\n  error rates: stable ${(r.rates.stable.rate * 100).toFixed(1)} % of ${r.rates.stable.loads}, candidate ${(r.rates.candidate.rate * 100).toFixed(1)} % of ${r.rates.candidate.loads}` : '';
  return base + why + rates;
}

/** Runs the command over `nc`; returns the exit code and prints with `out`/`err`. */
export async function runRelease(args: ReleaseArgs, nc: NatsConnection, io: { out: (line: string) => void; err: (line: string) => void }): Promise<number> {
  const logger = createLogger('release', 'silent');
  const registry = watchRegistry({ nc, logger });
  try {
    await registry.ready;
    const live = liveVersions(registry.table().remotes.get(args.remote)?.instances ?? []);
    const kv = await openReleases(nc);
    if (args.kind === 'show') {
      io.out(`${args.remote}: live versions ${live.length > 0 ? live.join(', ') : '(none)'}`);
      const stored = await readRelease(kv, args.remote);
      io.out(stored ? describeRelease(stored.release) : `${args.remote}: no release`);
      return 0;
    }
    const rollback = { ...(args.minLoads !== undefined ? { minLoads: args.minLoads } : {}), ...(args.margin !== undefined ? { margin: args.margin } : {}) };
    const request: ReleaseRequest = { version: args.version, percent: args.percent, ...(Object.keys(rollback).length > 0 ? { rollback } : {}) };
    const result = await requestRelease({ kv, remote: args.remote, live, request, by: 'cli' });
    if ('refused' in result) {
      io.err(`release refused: ${result.refused.error}`);
      return 1;
    }
    io.out(describeRelease(result.release));
    return 0;
  } finally {
    await registry.stop();
  }
}
