import { randomUUID } from 'node:crypto';
import { jsonObject } from '@cp/service-kit';
import type { Advertisement } from '@cp/contracts';
import type { AdDoc } from '../data/ads-repository.ts';
import { toAd } from '../data/ad-mapper.ts';
import type { AdsDeps } from './deps.ts';
import { adFields } from './ad-rules.ts';

/** POST /api/advertisements (admins only, checked by the route). */
export async function createAd(deps: AdsDeps, body: unknown): Promise<Advertisement> {
  const fields = adFields(jsonObject(body));
  const now = deps.now();
  const doc: AdDoc = { _id: randomUUID(), ...fields, impressions: 0, clicks: 0, impressionsFiltered: 0, clicksFiltered: 0, statusChanges: [{ at: now, status: fields.status }], createdAt: now, updatedAt: now };
  await deps.ads.insert(doc);
  deps.known.forget(doc._id);
  return toAd(doc, now);
}
