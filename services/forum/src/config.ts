import type { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey, manifestPort, PostingLimitsEnv } from '@cp/service-kit';

/** behindIdentityEnv (its manifest's port, database forum, demo posts) and POSTING_LIMITS (the kit's posting limits). */
export const ForumEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'forum', demo: 'demo posts' }).safeExtend({
  ...PostingLimitsEnv.shape,
});

export type ForumConfig = z.infer<typeof ForumEnv> & { publicKey: string };

export function loadForumConfig(env: NodeJS.ProcessEnv = process.env): ForumConfig {
  return loadWithPublicKey(ForumEnv, env);
}
