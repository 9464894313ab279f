import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, manifestPort, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey } from '@cp/service-kit';

/** behindIdentityEnv's pieces (its manifest's port, database forum, demo posts) and POSTING_LIMITS (the kit's posting limits). */
export const ForumEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(manifestPort(import.meta.url)),
      MONGO_DB: z.string().default('forum'),
      ...DemoDataEnv.shape,
      ...PostingLimitsEnv.shape,
    }),
  ),
  'demo posts',
);

export type ForumConfig = z.infer<typeof ForumEnv> & { publicKey: string };

export function loadForumConfig(env: NodeJS.ProcessEnv = process.env): ForumConfig {
  return loadWithPublicKey(ForumEnv, env);
}
