import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadConfig, loadPublicKey, noDemoDataInProduction, port, requirePublicKey } from '@cp/service-kit';

export const ForumEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(4003),
      MONGO_DB: z.string().default('forum'),
      /** Insert the demo posts and replies when there are no posts. */
      ...DemoDataEnv.shape,
    }),
  ),
  'demo posts',
);

export type ForumConfig = z.infer<typeof ForumEnv> & { publicKey: string };

export function loadForumConfig(env: NodeJS.ProcessEnv = process.env): ForumConfig {
  const cfg = loadConfig(ForumEnv, env);
  return { ...cfg, publicKey: loadPublicKey(cfg) };
}
