import type { ClientSession } from 'mongoose';
import { AdClickRecorded, type EventEnvelope } from '@cp/contracts';
import type { AdCounts } from '../data/ads-repository.ts';
import { wasShowingAt } from '../data/ad-mapper.ts';
import type { VisitorWindowDoc } from '../data/visitor-windows-repository.ts';
import type { AdsDeps } from './deps.ts';

interface AdEventData {
  adId: string;
  visitor?: string | undefined;
  view?: string | undefined;
}

/**
 * The ad counter (a batch of impression and click events never applied before, in the consumer's transaction with
 * their processed records). Each event is counted or filtered, by the time it happened (`occurredAt`), in that order:
 * - filtered when the ad was not showing then (paused, expired, outside its dates: an event a replica accepted before
 *   it learned of the change);
 * - a click counts when that visitor has no click counted on that ad within `clickWindowMs` before it;
 * - an impression counts once per visitor, ad and page view (`view`), and at most once per `impressionWindowMs`;
 * - an event without `visitor` (published before it existed) counts, as it did.
 * The visitors' last counted times are read once for the batch and written back once (ad_visitor_windows), and one
 * $inc per ad adds the counted and the filtered: all in the transaction, so a concurrent batch of another replica
 * touching the same visitor conflicts and is retried, and a redelivered event is not seen here again.
 */
export async function countAdEvents(deps: AdsDeps, events: EventEnvelope[], session: ClientSession): Promise<void> {
  const { clickWindowMs, impressionWindowMs, pageViewMs } = deps.counting;
  const ordered = events
    .map((event) => ({ event, data: event.data as AdEventData, at: new Date(event.occurredAt), click: event.type === AdClickRecorded.type }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.event.id.localeCompare(b.event.id));
  const ads = new Map((await deps.ads.showing([...new Set(ordered.map((e) => e.data.adId))], session)).map((ad) => [ad._id, ad]));

  const keysOf = ({ data, click }: (typeof ordered)[number]) => {
    if (!data.visitor) return { window: undefined, view: undefined };
    const who = `${data.adId}:${data.visitor}`;
    return { window: `${click ? 'c' : 'i'}:${who}`, view: !click && data.view ? `p:${who}:${data.view}` : undefined };
  };
  const last = await deps.windows.lastCounted(
    [...new Set(ordered.flatMap((e) => Object.values(keysOf(e)).filter((k): k is string => k !== undefined)))],
    session,
  );
  const written = new Map<string, VisitorWindowDoc>();
  const remember = (key: string, at: Date, forMs: number) => {
    last.set(key, at);
    written.set(key, { _id: key, at, expiresAt: new Date(at.getTime() + forMs) });
  };

  const counts = new Map<string, AdCounts>();
  for (const e of ordered) {
    const ad = ads.get(e.data.adId);
    if (!ad) continue; // deleted meanwhile: nothing to count on
    const keys = keysOf(e);
    const windowMs = e.click ? clickWindowMs : impressionWindowMs;
    let counted = wasShowingAt(ad, e.at);
    if (counted && keys.window) {
      const previous = last.get(keys.window);
      counted = (!keys.view || !last.has(keys.view)) && (!previous || e.at.getTime() - previous.getTime() >= windowMs);
      if (counted) {
        remember(keys.window, e.at, windowMs);
        if (keys.view) remember(keys.view, e.at, pageViewMs);
      }
    }
    const c = counts.get(e.data.adId) ?? { impressions: 0, clicks: 0, impressionsFiltered: 0, clicksFiltered: 0 };
    if (e.click) c[counted ? 'clicks' : 'clicksFiltered'] += 1;
    else c[counted ? 'impressions' : 'impressionsFiltered'] += 1;
    counts.set(e.data.adId, c);
  }
  await deps.windows.record([...written.values()], session);
  await deps.ads.addCounts(counts, session);
}
