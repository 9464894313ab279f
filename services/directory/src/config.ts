import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadConfig, loadPublicKey, noDemoDataInProduction, port, requirePublicKey } from '@cp/service-kit';

export const DirectoryEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(4004),
      MONGO_DB: z.string().default('directory'),
      /** Insert the demo businesses and reviews when there are no businesses. */
      ...DemoDataEnv.shape,
    }),
  ),
  'demo businesses',
);

export type DirectoryConfig = z.infer<typeof DirectoryEnv> & { publicKey: string };

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  const cfg = loadConfig(DirectoryEnv, env);
  return { ...cfg, publicKey: loadPublicKey(cfg) };
}
