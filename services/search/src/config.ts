import { z } from 'zod';
import { BaseServiceEnv, loadConfig, manifestPort, port, S3Env } from '@cp/service-kit';

/**
 * The search service needs NATS, its port and S3 for the index's snapshots: its index lives in memory. It keeps nothing
 * in MongoDB, so it has no MONGO_URL and the kit's start does not connect (main: `mongo: false`).
 */
export const SearchEnv = BaseServiceEnv.omit({ MONGO_URL: true }).extend({
  ...S3Env.shape,
  PORT: port(manifestPort(import.meta.url)),
  /** The bucket of the index's snapshots (created at the first write if missing). */
  S3_BUCKET_SEARCH: z.string().min(3).max(63).default('search-snapshots'),
  /** Seconds between snapshots of the index (also written at a graceful stop); 0: only at a stop. */
  SEARCH_SNAPSHOT_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(600),
});

export type SearchConfig = z.infer<typeof SearchEnv>;

export function loadSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  return loadConfig(SearchEnv, env);
}
