import { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey, manifestPort } from '@cp/service-kit';

export const AdsEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'ads', demo: 'demo advertisements' }).safeExtend({
  /** A visitor's clicks on one ad count once per this many seconds (the first one counts). */
  AD_CLICK_WINDOW_S: z.coerce.number().int().min(1).default(30 * 60),
  /** A visitor's impressions of one ad count at most once per this many seconds, and once per page view. */
  AD_IMPRESSION_WINDOW_S: z.coerce.number().int().min(1).default(60),
});

export type AdsConfig = z.infer<typeof AdsEnv> & { publicKey: string };

export function loadAdsConfig(env: NodeJS.ProcessEnv = process.env): AdsConfig {
  return loadWithPublicKey(AdsEnv, env);
}
