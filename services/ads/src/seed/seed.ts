import { isDuplicateKey, nameBasedId, runInTransaction } from '@cp/service-kit';
import type { AdDoc } from '../data/ads-repository.ts';
import type { AdsDeps } from '../use-cases/deps.ts';
import { adFields } from '../use-cases/ad-rules.ts';
import { DEMO_ADS } from './demo-ads.ts';

/** The same demo ad always has the same id, so two instances seeding collide harmlessly. */
export const demoAdId = (slug: string): string => nameBasedId(`cp-demo-ads:${slug}`);

/**
 * The demo advertisements for a newcomer's first `npm start`: when there is no ad, the demo sponsors' ads (validated
 * like the admin's form; a few impressions and clicks so the admin tab shows a CTR; one that ended, one paused), in one
 * transaction. Returns the ads inserted (0 when any ad exists).
 */
export async function seedDemoAds(deps: AdsDeps): Promise<number> {
  if ((await deps.ads.model.countDocuments({}, { limit: 1 })) > 0) return 0;
  const now = deps.now();
  const docs: AdDoc[] = DEMO_ADS.map(({ slug, ad, impressions, clicks, daysAgo }) => {
    const createdAt = new Date(now.getTime() - daysAgo * 86_400_000);
    const fields = adFields(ad as Record<string, unknown>);
    return { _id: demoAdId(slug), ...fields, impressions, clicks, impressionsFiltered: 0, clicksFiltered: 0, statusChanges: [{ at: createdAt, status: fields.status }], createdAt, updatedAt: createdAt };
  });
  try {
    await runInTransaction(deps.conn, async (session) => {
      for (const doc of docs) await deps.ads.insert(doc, session);
    });
  } catch (err) {
    if (isDuplicateKey(err)) return 0; // another instance seeded at the same moment
    throw err;
  }
  return docs.length;
}
