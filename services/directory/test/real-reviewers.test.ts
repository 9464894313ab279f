/**
 * Reviews from real people (issue 26): an unverified account cannot review, nor can a business's owner; a review by
 * an account younger than a day is held out of the rating and the public list until the release job counts it,
 * exactly once, whatever the job's replicas do.
 */
import { BusinessReviewed, BusinessReviewPageSchema, BusinessReviewSchema, BusinessSchema, eventStream, OWN_BUSINESS_REVIEW, parseEvent, VERIFY_EMAIL_TO_REVIEW } from '@cp/contracts';
import { outboxModel, streamMessages, type LeasedJob } from '@cp/service-kit';
import { openMailedVerificationLink } from '../../identity/test/helpers.ts';
import { startReleaseHeldReviews } from '../src/jobs/release-held-reviews.ts';
import { releaseHeldReviews } from '../src/use-cases/release-held-reviews.ts';
import { businessBody, call, DAY_MS, SESSION_TTL_MS, startDirectory, until, type DirectoryHarness, type Session } from './helpers.ts';

let h: DirectoryHarness;
let admin: Session;
const jobs: LeasedJob[] = [];

beforeAll(async () => {
  h = await startDirectory();
  admin = await h.newVerifiedAdminSession();
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.stop()));
  h.clock.set(0);
});
afterAll(async () => {
  await h?.close();
});

const review = (id: string, body: unknown, cookie: string) => call(h.base, 'POST', `/api/businesses/${id}/reviews`, { body, cookie });
const reviewsOf = async (id: string, cookie?: string) => {
  const res = await call(h.base, 'GET', `/api/businesses/${id}/reviews`, { cookie });
  expect(res.status).toBe(200);
  return BusinessReviewPageSchema.parse(res.body).items;
};
const stored = (id: string) => h.deps.businesses.findById(id);
const newBusiness = async (cookie = admin.cookie) => {
  const res = await call(h.base, 'POST', '/api/admin/businesses', { body: businessBody(), cookie });
  expect(res.status).toBe(201);
  return BusinessSchema.parse(res.body);
};
/** The business-reviewed events published for a review. */
const reviewedEvents = async (reviewId: string) => {
  await until('the outbox is published', async () => (await outboxModel(h.conn).countDocuments({ status: 'pending' })) === 0);
  return (await streamMessages(h.nats.jsm, eventStream('directory').name))
    .map((m) => parseEvent(m.json()))
    .filter((p) => p.ok && p.event.type === BusinessReviewed.type && (p.event.data as { reviewId: string }).reviewId === reviewId);
};
/** Two replicas of the release job on the directory's clock, ticking only when the test says. */
const twoJobReplicas = () => {
  const make = (holder: string) => {
    const job = startReleaseHeldReviews(h.deps, { everyMs: 3_600_000, holder, now: () => h.clock.now().getTime() });
    jobs.push(job);
    return job;
  };
  return [make('replica-a'), make('replica-b')] as const;
};

describe('an unverified account', () => {
  it('cannot review: 403 with one clear sentence, nothing stored, the rating unchanged', async () => {
    const b = await newBusiness();
    const newcomer = await h.newSession();
    h.clock.set(DAY_MS + 60_000); // however old the account
    const res = await review(b.id, { rating: 1, comment: 'Terrible' }, newcomer.cookie);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(VERIFY_EMAIL_TO_REVIEW);
    expect(res.body.error).toBe('Please verify your e-mail address to write a review.');
    expect(await stored(b.id)).toMatchObject({ rating: 0, reviewCount: 0, ratingTotal: 0 });
    expect(await h.deps.reviews.model.countDocuments({ businessId: b.id })).toBe(0);
  });

  it('can review right after opening the mailed link, although its unverified session answer was cached', async () => {
    const b = await newBusiness();
    const newcomer = await h.newSession();
    const email = (await h.identity.deps.users.findById(newcomer.userId))!.email!;
    h.clock.set(DAY_MS + 60_000);
    expect((await review(b.id, { rating: 5 }, newcomer.cookie)).status).toBe(403); // the answer is cached now
    const verified = await openMailedVerificationLink(h.identity.base, email);
    expect(verified.status).toBe(200);
    // identity.email-verified drops the cached answer at once; without it the cache would hold for minutes.
    const started = Date.now();
    let res = await review(b.id, { rating: 5 }, newcomer.cookie);
    while (res.status === 403 && Date.now() - started < SESSION_TTL_MS / 4) {
      await new Promise((r) => setTimeout(r, 100));
      res = await review(b.id, { rating: 5 }, newcomer.cookie);
    }
    expect(res.status).toBe(201);
    expect(await stored(b.id)).toMatchObject({ rating: 5, reviewCount: 1 });
  });
});

describe("a business's owner", () => {
  it("cannot review it (403 with one clear sentence), but can review another's", async () => {
    const owner = await h.newVerifiedAdminSession();
    const own = await newBusiness(owner.cookie);
    const other = await newBusiness();
    h.clock.set(DAY_MS + 60_000);
    const res = await review(own.id, { rating: 5, comment: 'The best, trust me' }, owner.cookie);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(OWN_BUSINESS_REVIEW);
    expect(res.body.error).toBe("You can't review your own business.");
    expect(await stored(own.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect((await review(other.id, { rating: 4 }, owner.cookie)).status).toBe(201);
  });
});

describe('a review by an account younger than a day', () => {
  it('is held: not in the rating nor the public list; its author sees it pending; the job releases it once, with two replicas ticking', async () => {
    const b = await newBusiness();
    const young = await h.newVerifiedSession();
    const other = await h.newVerifiedSession();
    const res = await review(b.id, { rating: 1, comment: 'Never again' }, young.cookie);
    expect(res.status).toBe(201);
    const held = BusinessReviewSchema.parse(res.body);
    expect(held).toMatchObject({ rating: 1, comment: 'Never again', pending: true });
    expect(await stored(b.id)).toMatchObject({ rating: 0, reviewCount: 0, ratingTotal: 0 });
    expect(await reviewsOf(b.id)).toEqual([]);
    expect(await reviewsOf(b.id, other.cookie)).toEqual([]);
    expect(await reviewsOf(b.id, young.cookie)).toEqual([held]);
    const shown = ((await call(h.base, 'GET', '/api/businesses')).body as unknown as Array<{ id: string; reviewCount: number }>).find((x) => x.id === b.id);
    expect(shown).toMatchObject({ reviewCount: 0 });
    // Still one review per user.
    expect((await review(b.id, { rating: 2 }, young.cookie)).status).toBe(409);

    const [a, c] = twoJobReplicas();
    // Not yet a day old: the job releases nothing.
    h.clock.set(DAY_MS - 60_000);
    await Promise.all([a.tick(), c.tick()]);
    expect(await stored(b.id)).toMatchObject({ reviewCount: 0 });

    h.clock.set(DAY_MS + 60_000);
    const ran = await Promise.all([a.tick(), c.tick()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await stored(b.id)).toMatchObject({ rating: 1, reviewCount: 1, ratingTotal: 1 });
    const { pending: _pending, ...counted } = held;
    expect(await reviewsOf(b.id)).toEqual([counted]);
    expect(await reviewsOf(b.id, young.cookie)).toEqual([counted]);

    // Later runs, on either replica, change nothing.
    h.clock.set(DAY_MS + 10 * 60_000);
    await Promise.all([a.tick(), c.tick()]);
    await a.stop();
    expect(await c.tick()).toBe(true); // the other replica takes over
    expect(await stored(b.id)).toMatchObject({ rating: 1, reviewCount: 1, ratingTotal: 1 });
    const events = await reviewedEvents(held.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.ok && events[0]!.event.data).toEqual({ reviewId: held.id, businessId: b.id, userId: young.userId, rating: 1, businessRating: 1, reviewCount: 1 });
  });

  it('each is counted exactly once when two runs race over the same held reviews, beside reviews that count at once', async () => {
    const b = await newBusiness();
    const youngsters = await Promise.all(Array.from({ length: 6 }, () => h.newVerifiedSession()));
    const ratings = [5, 4, 3, 2, 1, 5];
    const answers = await Promise.all(youngsters.map((u, i) => review(b.id, { rating: ratings[i] }, u.cookie)));
    expect(answers.map((x) => x.body.pending)).toEqual(Array(6).fill(true));
    expect(await stored(b.id)).toMatchObject({ reviewCount: 0 });

    h.clock.set(DAY_MS + 60_000);
    const elders = await Promise.all(Array.from({ length: 3 }, () => h.newVerifiedSession()));
    const [released1, released2] = await Promise.all([
      releaseHeldReviews(h.deps, h.clock.now()),
      releaseHeldReviews(h.deps, h.clock.now()),
      ...elders.map((u) => review(b.id, { rating: 4 }, u.cookie)),
    ]);
    expect((released1 as number) + (released2 as number)).toBe(6);
    // 20 + 12 = 32 over 9 reviews: 3.6
    expect(await stored(b.id)).toMatchObject({ reviewCount: 9, ratingTotal: 32, rating: 3.6 });
    expect(await h.deps.reviews.model.countDocuments({ businessId: b.id, held: true })).toBe(0);
    for (const a of answers) expect(await reviewedEvents(a.body.id as string)).toHaveLength(1);
    expect(await releaseHeldReviews(h.deps, h.clock.now())).toBe(0);
  });
});
