import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, manifestPort, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey } from '@cp/service-kit';

/** behindIdentityEnv's pieces (its manifest's port, database directory, demo businesses) and POSTING_LIMITS (the kit's posting limits). */
export const DirectoryEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(manifestPort(import.meta.url)),
      MONGO_DB: z.string().default('directory'),
      ...DemoDataEnv.shape,
      ...PostingLimitsEnv.shape,
    }),
  ),
  'demo businesses',
);

export type DirectoryConfig = z.infer<typeof DirectoryEnv> & { publicKey: string };

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  return loadWithPublicKey(DirectoryEnv, env);
}
