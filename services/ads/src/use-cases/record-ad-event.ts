import { HttpError, isKnownBot, notFound, visitorKey, type VisitorRequest } from '@cp/service-kit';
import { AD_NOT_FOUND, AdClickRecorded, AdEventQuerySchema, AdImpressionRecorded } from '@cp/contracts';
import type { AdsDeps } from './deps.ts';
import { adId } from './ad-rules.ts';

/**
 * POST /api/advertisements/:id/impression and /click (spec §7, no body; `?view=` the page view of an impression):
 * 404 for an ad that is unknown or not showing now (paused, expired, outside its dates: nothing is published); a known
 * bot is answered but not counted; otherwise the event — with the visitor's key (kit visitorKey: the visitor id cookie,
 * or address and browser) and the page view — goes straight to JetStream and the answer waits until the stream stored
 * it: no database write on the request path. `counted: true` means accepted: the counter then counts it, or filters it
 * when the same visitor was counted within its window (countAdEvents).
 */
export async function recordAdEvent(deps: AdsDeps, kind: 'impression' | 'click', rawId: string, query: unknown, visitor: VisitorRequest): Promise<{ counted: boolean }> {
  const id = adId(rawId);
  const { view } = AdEventQuerySchema.parse(query);
  const placement = await deps.known.showingPlacement(id, deps.now());
  if (!placement) throw notFound(AD_NOT_FOUND);
  if (isKnownBot(visitor.userAgent)) return { counted: false };
  const key = visitorKey(visitor, deps.visitorSalt);
  try {
    if (kind === 'impression') await deps.publish(AdImpressionRecorded, { adId: id, placement, visitor: key, ...(view ? { view } : {}) });
    else await deps.publish(AdClickRecorded, { adId: id, placement, visitor: key });
  } catch (err) {
    deps.logger.warn({ err: String(err), adId: id, kind }, 'ad event not stored');
    throw new HttpError(503, 'Service unavailable', { headers: { 'retry-after': '1' } });
  }
  return { counted: true };
}
