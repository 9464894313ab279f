import type { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey } from '@cp/service-kit';

export const AdsEnv = behindIdentityEnv({ port: 4005, db: 'ads', demo: 'demo advertisements' });

export type AdsConfig = z.infer<typeof AdsEnv> & { publicKey: string };

export function loadAdsConfig(env: NodeJS.ProcessEnv = process.env): AdsConfig {
  return loadWithPublicKey(AdsEnv, env);
}
