import { isDuplicateKey, nameBasedId, runInTransaction } from '@cp/service-kit';
import { BusinessCreated, BusinessReviewInsertSchema, DEMO_ACCOUNTS } from '@cp/contracts';
import { meanRating, type BusinessDoc } from '../data/businesses-repository.ts';
import { toBusiness } from '../data/business-mapper.ts';
import type { ReviewDoc } from '../data/reviews-repository.ts';
import { businessFields } from '../use-cases/business-rules.ts';
import type { DirectoryDeps } from '../use-cases/deps.ts';
import { DEMO_BUSINESSES } from './demo-businesses.ts';

/** The same demo business or review always has the same id, so two instances seeding collide harmlessly. */
export const demoId = (kind: string, slug: string): string => nameBasedId(`cp-demo-directory:${kind}:${slug}`);

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * The demo directory for a newcomer's first `npm start`: when there is no business, the demo businesses (created by
 * the demo admin, validated like the admin's form) with their reviews by the demo accounts, the ratings computed from
 * them, in one transaction with their business-created events. Reviews are history: no business-reviewed event.
 * Returns the businesses inserted (0 when any business exists).
 */
export async function seedDemoBusinesses(deps: DirectoryDeps): Promise<number> {
  if ((await deps.businesses.model.countDocuments({}, { limit: 1 })) > 0) return 0;
  const now = deps.now();
  const businesses: BusinessDoc[] = [];
  const reviews: ReviewDoc[] = [];
  for (const demo of DEMO_BUSINESSES) {
    const fields = businessFields({
      name: demo.name,
      mainCategory: demo.mainCategory,
      ...(demo.subCategory ? { subCategory: demo.subCategory } : {}),
      description: demo.description,
      address: demo.address,
      phone: demo.phone,
      ...(demo.email ? { email: demo.email } : {}),
      ...(demo.website ? { website: demo.website } : {}),
      premium: demo.premium ?? false,
    });
    const id = demoId('business', demo.slug);
    const total = demo.reviews.reduce((sum, r) => sum + r.rating, 0);
    const createdAt = daysBefore(now, demo.daysAgo);
    businesses.push({ _id: id, userId: DEMO_ACCOUNTS.admin.id, ...fields, rating: meanRating(total, demo.reviews.length), ratingTotal: total, reviewCount: demo.reviews.length, verified: demo.verified ?? false, createdAt, updatedAt: createdAt });
    for (const r of demo.reviews) {
      const input = BusinessReviewInsertSchema.parse({ rating: r.rating, ...(r.comment ? { comment: r.comment } : {}) });
      const reviewer = DEMO_ACCOUNTS[r.by];
      reviews.push({ _id: demoId('review', `${demo.slug}:${r.by}`), businessId: id, userId: reviewer.id, username: reviewer.username, rating: input.rating, comment: input.comment ?? null, createdAt: daysBefore(now, r.daysAgo) });
    }
  }
  try {
    await runInTransaction(deps.conn, async (session, emit) => {
      for (const business of businesses) {
        await deps.businesses.insert(business, session);
        await emit(BusinessCreated, { businessId: business._id, name: business.name, mainCategory: business.mainCategory, business: toBusiness(business) });
      }
      for (const review of reviews) await deps.reviews.insert(review, session);
    });
  } catch (err) {
    if (isDuplicateKey(err)) return 0; // another instance seeded at the same moment
    throw err;
  }
  return businesses.length;
}
