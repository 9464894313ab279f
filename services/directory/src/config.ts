import type { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey } from '@cp/service-kit';

export const DirectoryEnv = behindIdentityEnv({ port: 4004, db: 'directory', demo: 'demo businesses' });

export type DirectoryConfig = z.infer<typeof DirectoryEnv> & { publicKey: string };

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  return loadWithPublicKey(DirectoryEnv, env);
}
