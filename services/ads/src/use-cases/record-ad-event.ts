import { HttpError, isKnownBot, notFound } from '@cp/service-kit';
import { AD_NOT_FOUND, AdClickRecorded, AdImpressionRecorded } from '@cp/contracts';
import type { AdsDeps } from './deps.ts';
import { adId } from './ad-rules.ts';

const EVENTS = { impression: AdImpressionRecorded, click: AdClickRecorded } as const;

/**
 * POST /api/advertisements/:id/impression and /click (spec §7, no body): 404 for an unknown ad; a known bot is answered
 * but not counted; otherwise the event goes straight to JetStream and the answer waits until the stream stored it —
 * no database write on the request path (the ad counter folds the events in). Returns whether it will be counted.
 */
export async function recordAdEvent(deps: AdsDeps, kind: keyof typeof EVENTS, rawId: string, userAgent: string | undefined): Promise<{ counted: boolean }> {
  const id = adId(rawId);
  const placement = await deps.known.placementOf(id);
  if (!placement) throw notFound(AD_NOT_FOUND);
  if (isKnownBot(userAgent)) return { counted: false };
  try {
    await deps.publish(EVENTS[kind], { adId: id, placement });
  } catch (err) {
    deps.logger.warn({ err: String(err), adId: id, kind }, 'ad event not stored');
    throw new HttpError(503, 'Service unavailable', { headers: { 'retry-after': '1' } });
  }
  return { counted: true };
}
