import { z } from 'zod';
import { BaseServiceEnv, bool, JwtVerifyEnv, loadConfig, loadPublicKey, port } from '@cp/service-kit';

export const ForumEnv = BaseServiceEnv.extend({
  ...JwtVerifyEnv.shape,
  PORT: port(4003),
  MONGO_DB: z.string().default('forum'),
  /** Insert the demo posts and replies when there are no posts (the dev stack sets it; never in production). */
  SEED_DEMO_DATA: bool(false),
})
  .refine((v) => Boolean(v.JWT_PUBLIC_KEY || v.JWT_PUBLIC_KEY_FILE), { message: 'JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required', path: ['JWT_PUBLIC_KEY'] })
  .refine((v) => v.NODE_ENV !== 'production' || !v.SEED_DEMO_DATA, { message: 'demo posts are never created in production', path: ['SEED_DEMO_DATA'] });

export type ForumConfig = z.infer<typeof ForumEnv> & { publicKey: string };

export function loadForumConfig(env: NodeJS.ProcessEnv = process.env): ForumConfig {
  const cfg = loadConfig(ForumEnv, env);
  return { ...cfg, publicKey: loadPublicKey(cfg) };
}
