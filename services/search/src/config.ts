import { z } from 'zod';
import { BaseServiceEnv, loadConfig, port } from '@cp/service-kit';

/** The search service needs only MongoDB (the kit's start), NATS and its port: its index lives in memory. */
export const SearchEnv = BaseServiceEnv.extend({
  PORT: port(4007),
  MONGO_DB: z.string().default('search'),
});

export type SearchConfig = z.infer<typeof SearchEnv>;

export function loadSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  return loadConfig(SearchEnv, env);
}
