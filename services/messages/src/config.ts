import { z } from 'zod';
import { behindIdentityEnv, loadWithPublicKey, manifestPort, PostingLimitsEnv } from '@cp/service-kit';
import { LIVE_STREAMS_PER_ADDRESS } from './live-stream.ts';

/** The messages service's environment: behindIdentityEnv (its demo data: the demo conversation, two demo accounts about a demo listing, when it is not there) and its own. */
export const MessagesEnv = behindIdentityEnv({ port: manifestPort(import.meta.url), db: 'messages', demo: 'demo conversations' }).safeExtend({
  /** The listings service: a conversation's listing (owner, title, first image, status) at GET /internal/listings/{id}/messaging. */
  LISTINGS_URL: z.url(),
  /** Live message streams (GET /api/messages/stream) one replica keeps open at most; when full, a newcomer takes the biggest holder's oldest, or gets 503 (the gateway tries another replica). */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** Of those, what one client address may hold (more answer 429; a full replica closes the biggest holder's oldest first). */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(LIVE_STREAMS_PER_ADDRESS),
  /** Overrides of the per-user posting limits (the action 'message'); absent: the contracts' defaults. */
  ...PostingLimitsEnv.shape,
});

export type MessagesConfig = z.infer<typeof MessagesEnv> & { publicKey: string };

export function loadMessagesConfig(env: NodeJS.ProcessEnv = process.env): MessagesConfig {
  return loadWithPublicKey(MessagesEnv, env);
}
