import type { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey } from '@cp/service-kit';

export const ForumEnv = behindIdentityEnv({ port: 4003, db: 'forum', demo: 'demo posts' });

export type ForumConfig = z.infer<typeof ForumEnv> & { publicKey: string };

export function loadForumConfig(env: NodeJS.ProcessEnv = process.env): ForumConfig {
  return loadWithPublicKey(ForumEnv, env);
}
