import { z } from 'zod';
import { BaseServiceEnv, bool, JwtVerifyEnv, loadConfig, loadPublicKey, port } from '@cp/service-kit';

export const DirectoryEnv = BaseServiceEnv.extend({
  ...JwtVerifyEnv.shape,
  PORT: port(4004),
  MONGO_DB: z.string().default('directory'),
  /** Insert the demo businesses and reviews when there are no businesses (the dev stack sets it; never in production). */
  SEED_DEMO_DATA: bool(false),
})
  .refine((v) => Boolean(v.JWT_PUBLIC_KEY || v.JWT_PUBLIC_KEY_FILE), { message: 'JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required', path: ['JWT_PUBLIC_KEY'] })
  .refine((v) => v.NODE_ENV !== 'production' || !v.SEED_DEMO_DATA, { message: 'demo businesses are never created in production', path: ['SEED_DEMO_DATA'] });

export type DirectoryConfig = z.infer<typeof DirectoryEnv> & { publicKey: string };

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  const cfg = loadConfig(DirectoryEnv, env);
  return { ...cfg, publicKey: loadPublicKey(cfg) };
}
