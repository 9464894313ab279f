import { randomUUID } from 'node:crypto';
import { BusinessDeleted, BusinessReviewPageSchema, BusinessSchema, BusinessUpdated, BUSINESS_NOT_FOUND } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { moderationEvents } from '../../../infra/src/jest/moderation-events.ts';
import { releaseHeldReviews } from '../src/use-cases/release-held-reviews.ts';
import { businessBody, call, DAY_MS, startDirectory, until, type Session } from './helpers.ts';

const h = harnessForFile(startDirectory);
let admin: Session;
let alice: Session;
let bob: Session;
let carol: Session;

beforeAll(async () => {
  admin = await h.newAdminSession();
  [alice, bob, carol] = [await h.newVerifiedSession(), await h.newVerifiedSession(), await h.newVerifiedSession()];
  // The directory looks at the accounts from a day later: their reviews count at once (but in the held review's test).
  h.clock.set(DAY_MS + 60_000);
});

const newBusiness = async (overrides: Record<string, unknown> = {}) => {
  const res = await call(h.base, 'POST', '/api/admin/businesses', { body: businessBody(overrides), cookie: admin.cookie });
  expect(res.status).toBe(201);
  return BusinessSchema.parse(res.body).id;
};
const review = async (businessId: string, author: Session, rating: number, comment = 'Good food and kind people.') => {
  const res = await call(h.base, 'POST', `/api/businesses/${businessId}/reviews`, { body: { rating, comment }, cookie: author.cookie });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const business = (id: string, viewer?: Session) => call(h.base, 'GET', `/api/businesses/${id}`, { cookie: viewer?.cookie });
const reviews = async (id: string, viewer?: Session) => {
  const res = await call(h.base, 'GET', `/api/businesses/${id}/reviews`, { cookie: viewer?.cookie });
  return { status: res.status, list: res.status === 200 ? BusinessReviewPageSchema.parse(res.body).items : [] };
};
const ids = async (path: string) => ((await call(h.base, 'GET', path)).body as unknown as unknown[]).map((b) => BusinessSchema.parse(b).id);
const rating = async (id: string) => {
  const b = BusinessSchema.parse((await business(id)).body);
  return { rating: b.rating, reviewCount: b.reviewCount };
};
const stored = (id: string) => h.deps.businesses.findById(id);

// The moderation service's events, as it publishes them into its stream; the directory's own, once its outbox is published.
const { hide, restore, remove, ban, unban, handled, eventsOf, expectSnapshot, expectNoContent, expectOtherKindsIgnored } = moderationEvents({
  harness: () => h,
  until,
  domain: 'directory',
  removal: { path: '/businesses', reason: 'scam', note: 'Fake reviews' },
  actorId: () => admin.userId,
});

describe('GET /internal/content/{kind}/{id} (the moderation service asks)', () => {
  it('describes a business and a review: author, title, excerpt, the business page', async () => {
    const id = await newBusiness({ name: 'Masala Corner', description: 'Chaat and dosa in Camp Hill.' });
    const reviewId = await review(id, alice, 2, 'Cold food.');
    await expectSnapshot('business', id, {
      authorId: admin.userId,
      authorName: null,
      title: 'Masala Corner',
      excerpt: 'Chaat and dosa in Camp Hill.',
      path: `/business/${id}`,
    });
    await expectSnapshot('review', reviewId, {
      authorId: alice.userId,
      authorName: alice.username,
      title: 'Review of Masala Corner',
      excerpt: '2/5: Cold food.',
      path: `/business/${id}`,
    });
  });

  it('answers hidden content too, and 404 for nothing there, a malformed id or a kind that is not the directory’s', async () => {
    const id = await newBusiness();
    await handled(hide('business', id, admin.userId));
    expect((await call(h.base, 'GET', `/internal/content/business/${id}`)).status).toBe(200);
    await expectNoContent([`business/${randomUUID()}`, `review/${randomUUID()}`, 'business/not-a-uuid', `listing/${id}`, `forum-post/${id}`, `review/${id}`]);
  });
});

describe('a hidden business (content-hidden, content-restored)', () => {
  it('is gone from the lists, the Yellow Pages and its page for everyone but its creator; restored, it is back', async () => {
    const id = await newBusiness({ premium: true, mainCategory: 'Health & Fitness', category: 'Health & Fitness', subCategory: 'Yoga & Meditation' });
    await review(id, alice, 5);
    const yp = '/api/yellow-pages?mainCategory=Health%20%26%20Fitness&subCategory=Yoga%20%26%20Meditation';
    expect(await ids('/api/businesses')).toContain(id);
    expect(await ids(yp)).toContain(id);

    await handled(hide('business', id, admin.userId));
    expect(await ids('/api/businesses')).not.toContain(id);
    expect(await ids(yp)).not.toContain(id);
    expect(await ids('/api/yellow-pages')).not.toContain(id);
    for (const viewer of [undefined, alice]) {
      const res = await business(id, viewer);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(BUSINESS_NOT_FOUND);
      expect((await reviews(id, viewer)).status).toBe(404);
    }
    expect((await call(h.base, 'POST', `/api/businesses/${id}/reviews`, { body: { rating: 1 }, cookie: bob.cookie })).status).toBe(404);
    const own = await business(id, admin);
    expect(own.status).toBe(200);
    expect(BusinessSchema.parse(own.body)).toMatchObject({ id, moderation: 'under-review' });

    await handled(restore('business', id, admin.userId));
    expect(await ids('/api/businesses')).toContain(id);
    expect(await ids(yp)).toContain(id);
    const back = await business(id);
    expect(back.status).toBe(200);
    expect(back.body.moderation).toBeUndefined();
    expect((await reviews(id)).list).toHaveLength(1);
  });
});

describe('a hidden review', () => {
  it('leaves the list, the rating and the count (search told), its author still sees it; restored it counts again', async () => {
    const id = await newBusiness();
    const good = await review(id, alice, 5);
    const bad = await review(id, bob, 1, 'Reported as fake.');
    expect(await rating(id)).toEqual({ rating: 3, reviewCount: 2 });

    await handled(hide('review', bad, bob.userId));
    expect(await rating(id)).toEqual({ rating: 5, reviewCount: 1 });
    expect((await stored(id))?.ratingTotal).toBe(5);
    expect((await reviews(id)).list.map((r) => r.id)).toEqual([good]);
    expect((await reviews(id, alice)).list.map((r) => r.id)).toEqual([good]);
    expect((await reviews(id, bob)).list.map((r) => [r.id, r.moderation])).toEqual([
      [bad, 'under-review'],
      [good, undefined],
    ]);
    const updated = await eventsOf(BusinessUpdated.type, { businessId: id });
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toMatchObject({ businessId: id, business: { id, rating: 5, reviewCount: 1 } });
    expect((updated[0]!.data as { business: Record<string, unknown> }).business.moderation).toBeUndefined();

    // The same decision heard again changes nothing, and tells search nothing.
    await handled(hide('review', bad, bob.userId));
    expect(await rating(id)).toEqual({ rating: 5, reviewCount: 1 });
    expect(await eventsOf(BusinessUpdated.type, { businessId: id })).toHaveLength(1);

    await handled(restore('review', bad, bob.userId));
    expect(await rating(id)).toEqual({ rating: 3, reviewCount: 2 });
    expect((await reviews(id)).list.map((r) => r.id)).toEqual([bad, good]);
    const after = await eventsOf(BusinessUpdated.type, { businessId: id });
    expect(after).toHaveLength(2);
    expect(after[1]!.data).toMatchObject({ business: { rating: 3, reviewCount: 2 } });
  });

  it('hidden while held, is released without counting and counts once restored', async () => {
    const id = await newBusiness();
    await review(id, alice, 5);
    h.clock.set(0); // a new account, seen today: its review is held
    let held: string;
    let dave: Session;
    try {
      dave = await h.newVerifiedSession();
      held = await review(id, dave, 1);
    } finally {
      h.clock.set(DAY_MS + 60_000);
    }
    await handled(hide('review', held, dave.userId));
    await releaseHeldReviews(h.deps, new Date(Date.now() + 2 * DAY_MS));
    const doc = await h.deps.reviews.findById(held);
    expect(doc?.held).toBeUndefined();
    expect(await rating(id)).toEqual({ rating: 5, reviewCount: 1 });
    expect((await reviews(id)).list).toHaveLength(1);

    await handled(restore('review', held, dave.userId));
    expect(await rating(id)).toEqual({ rating: 3, reviewCount: 2 });
  });
});

describe('the rating under concurrency', () => {
  it('stays exact when a review is hidden while 8 others arrive', async () => {
    const id = await newBusiness();
    const bad = await review(id, carol, 1);
    const reviewers = await Promise.all(Array.from({ length: 8 }, () => h.newVerifiedSession()));
    const [answers] = await Promise.all([
      Promise.all(reviewers.map((r, i) => call(h.base, 'POST', `/api/businesses/${id}/reviews`, { body: { rating: (i % 5) + 1 }, cookie: r.cookie }))),
      handled(hide('review', bad, carol.userId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const total = reviewers.reduce((n, _r, i) => n + (i % 5) + 1, 0);
    expect(await rating(id)).toEqual({ rating: Math.round((total * 10) / 8) / 10, reviewCount: 8 });
    expect((await stored(id))?.ratingTotal).toBe(total);
  });
});

describe('content-removed', () => {
  it('deletes a review: the rating and count without it', async () => {
    const id = await newBusiness();
    const good = await review(id, alice, 4);
    const bad = await review(id, bob, 1);
    await handled(remove('review', bad, bob.userId));
    expect(await h.deps.reviews.findById(bad)).toBeNull();
    expect(await rating(id)).toEqual({ rating: 4, reviewCount: 1 });
    expect((await reviews(id)).list.map((r) => r.id)).toEqual([good]);
  });

  it('deletes a business as the admin does: its reviews with it, a business-deleted event', async () => {
    const id = await newBusiness();
    await review(id, alice, 4);
    await handled(remove('business', id, admin.userId));
    expect(await stored(id)).toBeNull();
    expect(await h.deps.reviews.model.countDocuments({ businessId: id })).toBe(0);
    expect((await business(id, admin)).status).toBe(404);
    expect(await eventsOf(BusinessDeleted.type, { businessId: id })).toHaveLength(1);
    await handled(remove('business', id, admin.userId));
    expect(await eventsOf(BusinessDeleted.type, { businessId: id })).toHaveLength(1);
  });

  it('ignores the kinds of other services', async () => {
    const id = await newBusiness();
    await expectOtherKindsIgnored({ id, authorId: admin.userId }, { removed: 'listing', hidden: 'forum-post' }, stored);
  });
});

describe('a banned user (user-banned, user-unbanned)', () => {
  it('has every review gone, the ratings without them; unbanned, all is back', async () => {
    const one = await newBusiness();
    const two = await newBusiness();
    await review(one, alice, 5);
    await review(two, alice, 4);
    await review(one, carol, 1);
    await review(two, carol, 2);
    expect(await rating(one)).toEqual({ rating: 3, reviewCount: 2 });

    await handled(ban(carol.userId));
    expect(await rating(one)).toEqual({ rating: 5, reviewCount: 1 });
    expect(await rating(two)).toEqual({ rating: 4, reviewCount: 1 });
    expect((await reviews(one)).list.map((r) => r.userId)).toEqual([alice.userId]);
    expect((await eventsOf(BusinessUpdated.type, { businessId: two })).at(-1)!.data).toMatchObject({ business: { rating: 4, reviewCount: 1 } });

    await handled(unban(carol.userId));
    expect(await rating(one)).toEqual({ rating: 3, reviewCount: 2 });
    expect(await rating(two)).toEqual({ rating: 3, reviewCount: 2 });
    expect((await reviews(one)).list).toHaveLength(2);
  });

  it('who created businesses has them gone from every list and page; unbanned, they are back', async () => {
    const creator = await h.newAdminSession();
    const res = await call(h.base, 'POST', '/api/admin/businesses', { body: businessBody({ name: 'Banned Creator Store' }), cookie: creator.cookie });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await handled(ban(creator.userId));
    expect(await ids('/api/businesses')).not.toContain(id);
    expect((await business(id)).status).toBe(404);
    await handled(unban(creator.userId));
    expect(await ids('/api/businesses')).toContain(id);
    expect((await business(id)).status).toBe(200);
  });
});
