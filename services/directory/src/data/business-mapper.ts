import type { Business, BusinessReview } from '@cp/contracts';
import { isVisible, type BusinessDoc } from './businesses-repository.ts';
import type { ReviewDoc } from './reviews-repository.ts';

/** A stored business as the API shows it (spec §3 businesses; the rating total stays inside). */
export function toBusiness(doc: BusinessDoc): Business {
  return {
    id: doc._id,
    userId: doc.userId,
    name: doc.name,
    category: doc.category,
    mainCategory: doc.mainCategory,
    subCategory: doc.subCategory,
    description: doc.description,
    address: doc.address,
    phone: doc.phone,
    email: doc.email,
    website: doc.website,
    logoUrl: doc.logoUrl,
    rating: doc.rating,
    reviewCount: doc.reviewCount,
    verified: doc.verified,
    premium: doc.premium,
    createdAt: doc.createdAt.toISOString(),
  };
}

/**
 * A business as answered to one viewer: the public shape (toBusiness, also what events carry), marked
 * `moderation: 'under-review'` when moderation hides it (only its creator is ever answered it then).
 */
export function toBusinessFor(doc: BusinessDoc): Business {
  return isVisible(doc) ? toBusiness(doc) : { ...toBusiness(doc), moderation: 'under-review' };
}

/**
 * A stored review as the API shows it; a held one marked `pending`, a hidden one `moderation: 'under-review'` (only
 * its author ever sees either).
 */
export function toReview(doc: ReviewDoc): BusinessReview {
  return {
    id: doc._id,
    businessId: doc.businessId,
    userId: doc.userId,
    username: doc.username,
    rating: doc.rating,
    comment: doc.comment,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.held ? { pending: true } : {}),
    ...(isVisible(doc) ? {} : { moderation: 'under-review' as const }),
  };
}
