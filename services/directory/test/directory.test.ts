import { randomUUID } from 'node:crypto';
import {
  BusinessCreated,
  BusinessDeleted,
  BusinessReviewed,
  BusinessReviewPageSchema,
  BusinessReviewSchema,
  BusinessSchema,
  BusinessUpdated,
  BUSINESS_NOT_FOUND,
  eventStream,
  parseEvent,
} from '@cp/contracts';
import { outboxModel, streamMessages } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { itRefusesForeignBodies } from '../../../packages/service-kit/test/support/body-refusals.ts';
import { meanRating } from '../src/data/businesses-repository.ts';
import { INVALID_BUSINESS_ID } from '../src/use-cases/get-business.ts';
import { businessBody, call, DAY_MS, startDirectory, until, type Session } from './helpers.ts';

const h = harnessForFile(startDirectory);
let admin: Session;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  admin = await h.newAdminSession();
  alice = await h.newVerifiedSession();
  bob = await h.newVerifiedSession();
  // The directory looks at the accounts from a day later: their reviews count at once (the hold has its own tests).
  h.clock.set(DAY_MS + 60_000);
});

const create = (body: unknown, cookie: string | null = admin.cookie) => call(h.base, 'POST', '/api/admin/businesses', { body, cookie: cookie ?? undefined });
const update = (id: string, body: unknown, cookie: string | null = admin.cookie) => call(h.base, 'PUT', `/api/admin/businesses/${id}`, { body, cookie: cookie ?? undefined });
const remove = (id: string, cookie: string | null = admin.cookie) => call(h.base, 'DELETE', `/api/admin/businesses/${id}`, { cookie: cookie ?? undefined });
const review = (id: string, body: unknown, cookie: string | null = alice.cookie) => call(h.base, 'POST', `/api/businesses/${id}/reviews`, { body, cookie: cookie ?? undefined });
const list = async (path: string) => {
  const res = await fetch(h.base + path);
  return { status: res.status, body: (await res.json()) as unknown };
};
const stored = (id: string) => h.deps.businesses.findById(id);
const newBusiness = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(businessBody(overrides));
  expect(res.status).toBe(201);
  return BusinessSchema.parse(res.body);
};

describe('the rating mean', () => {
  it('is one decimal from whole numbers, rounded half up', () => {
    expect(meanRating(9, 2)).toBe(4.5);
    expect(meanRating(13, 3)).toBe(4.3);
    expect(meanRating(89, 20)).toBe(4.5); // 4.45 exactly: up, never down by float error
    expect(meanRating(0, 0)).toBe(0);
  });
});

describe('POST /api/admin/businesses (admins only, enforced here)', () => {
  it('creates a business by the admin with server-set id, creator, counters and time; category follows the main category', async () => {
    const res = await create(businessBody({ category: 'Something else', name: '  Saffron Kitchen  ' }));
    expect(res.status).toBe(201);
    const b = BusinessSchema.parse(res.body);
    expect(b).toMatchObject({ userId: admin.userId, name: 'Saffron Kitchen', category: 'Food & Dining', mainCategory: 'Food & Dining', subCategory: 'Indian Restaurants', rating: 0, reviewCount: 0, verified: false, premium: false, logoUrl: null });
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 logged out and 403 for a user who is not an admin, storing nothing', async () => {
    const before = await h.deps.businesses.model.countDocuments();
    const out = await create(businessBody(), null);
    expect(out.status).toBe(401);
    const user = await create(businessBody(), alice.cookie);
    expect(user.status).toBe(403);
    expect(user.body.error).toEqual(expect.any(String));
    expect(await h.deps.businesses.model.countDocuments()).toBe(before);
  });

  it.each([
    ['name missing', { name: undefined }, 'Business name is required'],
    ['name blank', { name: '   ' }, 'Business name is required'],
    ['main category missing', { mainCategory: undefined }, 'Please select a main category'],
    ['main category not in the tree', { mainCategory: 'Casinos' }, 'Please select a main category'],
    ['description missing', { description: '' }, 'Description is required'],
    ['address missing', { address: undefined }, 'Address is required'],
    ['phone missing', { phone: ' ' }, 'Phone is required'],
    ['e-mail malformed', { email: 'hello@' }, 'Invalid email address'],
    ['a subcategory of another main category', { subCategory: 'Plumbing' }, 'Subcategory does not belong to the main category'],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['a data: logo', { logoUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'Please enter a valid logo URL (http or https)'],
    ['a website without a scheme', { website: 'saffron.example' }, 'Please enter a valid URL'],
  ])('refuses %s with a clear message', async (_label, override, message) => {
    const res = await create(businessBody(override));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  itRefusesForeignBodies({
    create,
    body: businessBody,
    stored: () => h.deps.businesses.model.countDocuments(),
    serverFields: [['id', randomUUID()], ['userId', randomUUID()], ['rating', 5], ['reviewCount', 100], ['verified', true], ['createdAt', '2020-01-01T00:00:00Z']],
    operatorFields: ['name', 'mainCategory'],
  });

  it('stores blank optional fields as null and keeps a logo stored on this site', async () => {
    const logoUrl = `/uploads/img/${randomUUID()}.webp`;
    const b = await newBusiness({ email: '', website: '', subCategory: undefined, mainCategory: 'Grocers', logoUrl });
    expect(b).toMatchObject({ email: null, website: null, subCategory: null, category: 'Grocers', logoUrl });
  });
});

describe('PUT and DELETE /api/admin/businesses/:id', () => {
  it('replaces what the admin sets and keeps the creator, counters, rating, verified and createdAt', async () => {
    const b = await newBusiness();
    await review(b.id, { rating: 4 }, bob.cookie);
    await h.deps.businesses.model.updateOne({ _id: b.id }, { $set: { verified: true } });
    const other = await h.newAdminSession();
    const res = await update(b.id, businessBody({ name: 'Saffron Kitchen & Bar', mainCategory: 'Restaurants', subCategory: undefined, premium: true }), other.cookie);
    expect(res.status).toBe(200);
    expect(BusinessSchema.parse(res.body)).toMatchObject({ id: b.id, userId: admin.userId, name: 'Saffron Kitchen & Bar', category: 'Restaurants', subCategory: null, premium: true, rating: 4, reviewCount: 1, verified: true, createdAt: b.createdAt });
  });

  it('answers 401, 403, 404 and 400 without changing the business', async () => {
    const b = await newBusiness();
    const before = await stored(b.id);
    expect((await update(b.id, businessBody({ name: 'Hijacked' }), null)).status).toBe(401);
    expect((await update(b.id, businessBody({ name: 'Hijacked' }), alice.cookie)).status).toBe(403);
    expect((await update(b.id, businessBody({ phone: '' }))).status).toBe(400);
    expect((await update(b.id, businessBody({ rating: 5 }))).status).toBe(400);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await update(id, businessBody());
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Business not found');
    }
    expect(await stored(b.id)).toEqual(before);
    expect((await remove(b.id, null)).status).toBe(401);
    expect((await remove(b.id, bob.cookie)).status).toBe(403);
    expect(await stored(b.id)).toEqual(before);
  });

  it('deletes the business with its reviews; a second delete is a 404', async () => {
    const b = await newBusiness();
    await review(b.id, { rating: 5, comment: 'Lovely' });
    expect((await remove(b.id)).status).toBe(204);
    expect(await stored(b.id)).toBeNull();
    expect(await h.deps.reviews.model.countDocuments({ businessId: b.id })).toBe(0);
    expect((await remove(b.id)).status).toBe(404);
    expect((await call(h.base, 'GET', `/api/businesses/${b.id}/reviews`)).status).toBe(404);
  });
});

describe('GET /api/businesses and /api/yellow-pages (public)', () => {
  it('lists every business, premium first then newest, as a bare array', async () => {
    const plain = await newBusiness({ name: 'Plain older' });
    const premium = await newBusiness({ name: 'Premium', premium: true });
    const newer = await newBusiness({ name: 'Plain newer' });
    const { status, body } = await list('/api/businesses');
    expect(status).toBe(200);
    const ids = (body as unknown[]).map((b) => BusinessSchema.parse(b).id);
    expect(ids.indexOf(premium.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(plain.id));
    expect(JSON.stringify(body)).not.toContain('ratingTotal');
  });

  it('finds by main category and subcategory, checked against the tree', async () => {
    const plumber = await newBusiness({ name: 'Pipe Pros', mainCategory: 'Home Repairs', subCategory: 'Plumbing' });
    const roofer = await newBusiness({ name: 'Top Roofs', mainCategory: 'Home Repairs', subCategory: 'Roofing' });
    const servicesRoofer = await newBusiness({ name: 'Roof Services', mainCategory: 'Services', subCategory: 'Roofing' });
    const ids = async (q: string) => ((await list(`/api/yellow-pages?${q}`)).body as Array<{ id: string }>).map((b) => b.id);
    const home = await ids('mainCategory=Home+Repairs');
    expect(home).toEqual(expect.arrayContaining([plumber.id, roofer.id]));
    expect(home).not.toContain(servicesRoofer.id);
    expect(await ids('mainCategory=Home%20Repairs&subCategory=Roofing')).toEqual([roofer.id]);
    expect(await ids('subCategory=Roofing')).toEqual(expect.arrayContaining([roofer.id, servicesRoofer.id]));
    expect(await ids('mainCategory=Food+%26+Dining&subCategory=Roofing')).toEqual([]);
    expect(await ids('mainCategory=Casinos')).toEqual([]);
    expect(await ids('subCategory=Nothing+like+it')).toEqual([]);
    expect(await ids('')).toEqual(expect.arrayContaining([plumber.id, roofer.id, servicesRoofer.id]));
  });

  it.each([
    ['an operator', 'mainCategory[$ne]=x'],
    ['a repeated parameter', 'mainCategory=Grocers&mainCategory=Automotive'],
    ['an unknown parameter', 'mainCategory=Grocers&where=1'],
    ['a control character', 'mainCategory=Groc%00ers'],
    ['a huge value', `mainCategory=${'A'.repeat(5000)}`],
  ])('answers 400 to %s in the Yellow Pages query', async (_label, q) => {
    const res = await call(h.base, 'GET', `/api/yellow-pages?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('GET /api/businesses/:id (public: the business page)', () => {
  it('answers the business in the contracts\' shape, with its rating after a review', async () => {
    const b = await newBusiness({ name: 'One Page Grocers', website: 'https://grocers.example', email: 'hi@grocers.example' });
    const first = await list(`/api/businesses/${b.id}`);
    expect(first.status).toBe(200);
    expect(BusinessSchema.strict().parse(first.body)).toEqual(b);
    expect(JSON.stringify(first.body)).not.toContain('ratingTotal');
    expect((await review(b.id, { rating: 4 })).status).toBe(201);
    const after = BusinessSchema.parse((await list(`/api/businesses/${b.id}`)).body);
    expect(after).toMatchObject({ id: b.id, name: 'One Page Grocers', rating: 4, reviewCount: 1 });
  });

  it('answers 404 with the contracts\' text for a business that does not exist (or no longer does)', async () => {
    const missing = await call(h.base, 'GET', `/api/businesses/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: BUSINESS_NOT_FOUND });
    const doomed = await newBusiness({ name: 'Gone Soon' });
    expect((await remove(doomed.id)).status).toBe(204);
    const gone = await call(h.base, 'GET', `/api/businesses/${doomed.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: BUSINESS_NOT_FOUND });
  });

  it.each([['a word', 'not-a-uuid'], ['an operator', '%7B%22%24ne%22%3A1%7D'], ['a long id', 'a'.repeat(300)]])('answers 400 to %s as the id', async (_label, id) => {
    const res = await call(h.base, 'GET', `/api/businesses/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: INVALID_BUSINESS_ID });
  });
});

describe('reviews', () => {
  it('lets a logged-in user review once; the list is newest first with usernames; 4 and 5 give 4.5', async () => {
    const b = await newBusiness();
    const first = await review(b.id, { rating: 4, comment: '  Great dosa  ' });
    expect(first.status).toBe(201);
    expect(BusinessReviewSchema.parse(first.body)).toMatchObject({ businessId: b.id, userId: alice.userId, username: alice.username, rating: 4, comment: 'Great dosa' });
    const second = await review(b.id, { rating: 5 }, bob.cookie);
    expect(second.status).toBe(201);
    expect(second.body.comment).toBeNull();
    const again = await review(b.id, { rating: 1, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already reviewed this business');
    expect(await stored(b.id)).toMatchObject({ rating: 4.5, reviewCount: 2, ratingTotal: 9 });
    const reviews = BusinessReviewPageSchema.parse((await list(`/api/businesses/${b.id}/reviews`)).body);
    expect(reviews).toEqual({ items: [expect.objectContaining({ id: second.body.id }), expect.objectContaining({ id: first.body.id })], nextCursor: null });
    const shown = ((await list('/api/businesses')).body as Array<{ id: string; rating: number; reviewCount: number }>).find((x) => x.id === b.id);
    expect(shown).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  it.each([
    ['no rating', {}],
    ['rating 0', { rating: 0 }],
    ['rating 6', { rating: 6 }],
    ['rating 4.5', { rating: 4.5 }],
    ['rating as text', { rating: '5' }],
  ])('refuses %s with a clear message', async (_label, body) => {
    const b = await newBusiness();
    const res = await review(b.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please choose a rating from 1 to 5');
    expect(await stored(b.id)).toMatchObject({ reviewCount: 0, rating: 0 });
  });

  it('answers 401 logged out, 404 for an unknown business, 400 for server-set fields or a huge comment', async () => {
    const b = await newBusiness();
    expect((await review(b.id, { rating: 5 }, null)).status).toBe(401);
    expect((await review(randomUUID(), { rating: 5 })).status).toBe(404);
    expect((await review('..%2f..%2finternal', { rating: 5 })).status).toBe(404);
    expect((await review(b.id, { rating: 5, userId: bob.userId })).status).toBe(400);
    expect((await review(b.id, { rating: 5, businessId: randomUUID() })).status).toBe(400);
    expect((await review(b.id, { rating: 5, comment: 'x'.repeat(2001) })).status).toBe(400);
    expect(await stored(b.id)).toMatchObject({ reviewCount: 0, rating: 0 });
  });

  it('keeps rating and reviewCount exact under 20 concurrent reviews', async () => {
    const b = await newBusiness();
    const reviewers = await Promise.all(Array.from({ length: 20 }, () => h.newVerifiedSession()));
    const ratings = reviewers.map((_, i) => (i % 5) + 1); // four of each: mean 3
    ratings[0] = 5; // total 64 → 3.2
    const answers = await Promise.all(reviewers.map((r, i) => review(b.id, { rating: ratings[i] }, r.cookie)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(await stored(b.id)).toMatchObject({ reviewCount: 20, ratingTotal: 64, rating: 3.2 });
    expect(await h.deps.reviews.model.countDocuments({ businessId: b.id })).toBe(20);
  });

  it('a user racing themselves gets one review and 409s', async () => {
    const b = await newBusiness();
    const answers = await Promise.all(Array.from({ length: 5 }, () => review(b.id, { rating: 3 }, bob.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await stored(b.id)).toMatchObject({ reviewCount: 1, ratingTotal: 3, rating: 3 });
  });
});

describe('events through the outbox', () => {
  it('publishes business-created, -updated, -reviewed and -deleted', async () => {
    const b = await newBusiness({ name: 'Event Test Grocers', mainCategory: 'Grocers', subCategory: undefined });
    const updated = await update(b.id, businessBody({ name: 'Event Test Grocers 2', mainCategory: 'Grocers', subCategory: undefined }));
    const r = await review(b.id, { rating: 5 }, bob.cookie);
    await remove(b.id);
    await until('the outbox is published', async () => (await outboxModel(h.conn).countDocuments({ status: 'pending' })) === 0);
    const events = (await streamMessages(h.nats.jsm, eventStream('directory').name))
      .map((m) => parseEvent(m.json()))
      .filter((p) => p.ok && (p.event.data as { businessId?: string }).businessId === b.id)
      .map((p) => (p.ok ? p.event : null)!);
    expect(events.map((e) => e.type)).toEqual([BusinessCreated.type, BusinessUpdated.type, BusinessReviewed.type, BusinessDeleted.type]);
    expect(events[0]!.data).toEqual({ businessId: b.id, name: 'Event Test Grocers', mainCategory: 'Grocers', business: b });
    expect(events[1]!.data).toEqual({ businessId: b.id, name: 'Event Test Grocers 2', mainCategory: 'Grocers', business: updated.body });
    expect(events[2]!.data).toEqual({ reviewId: r.body.id, businessId: b.id, userId: bob.userId, rating: 5, businessRating: 5, reviewCount: 1 });
  });
});
