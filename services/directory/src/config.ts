import type { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey, manifestPort, PostingLimitsEnv } from '@cp/service-kit';

/** behindIdentityEnv (its manifest's port, database directory, demo businesses) and POSTING_LIMITS (the kit's posting limits). */
export const DirectoryEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'directory', demo: 'demo businesses' }).safeExtend({
  ...PostingLimitsEnv.shape,
});

export type DirectoryConfig = z.infer<typeof DirectoryEnv> & { publicKey: string };

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  return loadWithPublicKey(DirectoryEnv, env);
}
