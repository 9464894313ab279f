import { z } from 'zod';
import { BaseServiceEnv, DemoDataEnv, JwtVerifyEnv, loadWithPublicKey, noDemoDataInProduction, port, PostingLimitsEnv, requirePublicKey } from '@cp/service-kit';

export const MessagesEnv = noDemoDataInProduction(
  requirePublicKey(
    BaseServiceEnv.extend({
      ...JwtVerifyEnv.shape,
      PORT: port(4010),
      MONGO_DB: z.string().default('messages'),
      /** The listings service: a conversation's listing (owner, title, first image, status) at GET /internal/listings/{id}/messaging. */
      LISTINGS_URL: z.url(),
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
