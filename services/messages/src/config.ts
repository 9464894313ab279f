import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, manifestPort, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey } from '@cp/service-kit';

export const MessagesEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(manifestPort(import.meta.url)),
      MONGO_DB: z.string().default('messages'),
      /** The listings service: a conversation's listing (owner, title, first image, status) at GET /internal/listings/{id}/messaging. */
      LISTINGS_URL: z.url(),
      /** Live message streams (GET /api/messages/stream) one replica keeps open at most; more answer 503 (the gateway tries another replica). */
      LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(2_000),
      /** Overrides of the per-user posting limits (the action 'message'); absent: the contracts' defaults. */
      ...PostingLimitsEnv.shape,
      /** The demo conversation (two demo accounts about a demo listing) when it is not there. */
      ...DemoDataEnv.shape,
    }),
  ),
  'demo conversations',
);

export type MessagesConfig = z.infer<typeof MessagesEnv> & { publicKey: string };

export function loadMessagesConfig(env: NodeJS.ProcessEnv = process.env): MessagesConfig {
  return loadWithPublicKey(MessagesEnv, env);
}
