import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey } from '@cp/service-kit';

/** behindIdentityEnv's pieces (port 4003, database forum, demo posts) and POSTING_LIMITS (the kit's posting limits). */
export const ForumEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(4003),
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
