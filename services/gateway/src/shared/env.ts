/** Pieces of configuration both halves read (proxy/config.ts, web/config.ts), so each half's schema stands alone. */
import { z } from 'zod';

/** An empty or blank variable counts as unset. */
export const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A whole number of at least `min`, `fallback` when unset. */
export const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

export const NodeEnv = z.enum(['development', 'test', 'production']).default('development');
export type NodeEnvName = z.infer<typeof NodeEnv>;

/**
 * A map in one variable: a JSON object (`{"a":"x"}`) or `name=value` pairs separated by commas. Reports a zod issue
 * and answers undefined when it is neither.
 */
export function nameValueEntries(value: string, ctx: z.RefinementCtx, jsonMessage: string, pairShape: string): Array<[string, unknown]> | undefined {
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return Object.entries(parsed);
    } catch {
      ctx.addIssue({ code: 'custom', message: jsonMessage });
      return undefined;
    }
  }
  const entries: Array<[string, unknown]> = [];
  for (const pair of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not ${pairShape}` });
      return undefined;
    }
    entries.push([pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()]);
  }
  return entries;
}

/** The pools and breakers of every upstream (shared/upstream.ts): the services' and the remotes' static servers'. */
export const UpstreamPoolEnv = z.object({
  UPSTREAM_CONNECTIONS: int(64, 1),
  UPSTREAM_MAX_QUEUE: int(1_000, 1),
  CONNECT_TIMEOUT_MS: int(2_000, 1),
  BREAKER_FAILURES: int(5, 1),
  BREAKER_COOLDOWN_MS: int(5_000, 1),
});

export interface UpstreamPoolConfig {
  connections: number;
  maxQueue: number;
  connectMs: number;
  breaker: { failures: number; cooldownMs: number };
}

export function upstreamPoolOf(e: z.infer<typeof UpstreamPoolEnv>): UpstreamPoolConfig {
  return {
    connections: e.UPSTREAM_CONNECTIONS,
    maxQueue: e.UPSTREAM_MAX_QUEUE,
    connectMs: e.CONNECT_TIMEOUT_MS,
    breaker: { failures: e.BREAKER_FAILURES, cooldownMs: e.BREAKER_COOLDOWN_MS },
  };
}
