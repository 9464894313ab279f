import {
  CreateReportBodySchema,
  MODERATION_MESSAGES,
  POSTING_ACTIONS,
  POSTING_LIMIT_DEFAULTS,
  REPORT_DETAILS_MAX,
  REPORT_KIND_OWNER,
  REPORT_KINDS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  listItems,
  cursorPageOf,
  ListResponseSchema,
  PageResponseSchema,
  CursorPageSchema,
  cursorQuery,
  LIST_PAGE_SIZES,
  FULL_LIST_MAX,
  LISTINGS_SERVER_SEARCH_THRESHOLD,
  ForumPostsQuerySchema,
  listingMatchesFilters,
  thumbnailUrlOf,
  ContactMessageInsertSchema,
  ForumPostInsertSchema,
  ForumReplyInsertSchema,
  ListingInsertSchema,
  ListingUpdateSchema,
  RegisterFormSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordFormSchema,
  BusinessInsertSchema,
  BusinessReviewInsertSchema,
  YellowPagesQuerySchema,
  AdvertisementInsertSchema,
  NewsletterSubscribeSchema,
  ListingsQuerySchema,
  YELLOW_PAGES_TREE,
  isValidYellowPagesPair,
  normalizeListingInput,
  priceBucketMatches,
  relativeTime,
  truncateMetaDescription,
  whatsappDigits,
  ctr,
  makeEvent,
  parseEvent,
  UserRegistered,
  ListingCreated,
  eventCatalog,
} from '../src/index.ts';
import { z } from 'zod';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

const validListing = { category: 'Jobs', title: 'Software engineer', description: 'A job at a local company in Harrisburg.', location: 'Harrisburg PA' };

describe('listing rules (spec §5)', () => {
  it.each([
    [{ title: 'Abc' }, 'Title must be at least 5 characters'],
    [{ description: 'too short' }, 'Description must be at least 20 characters'],
    [{ category: '' }, 'Please select a category'],
    [{ category: undefined }, 'Please select a category'],
    [{ location: '' }, 'Please select a location'],
    [{ contactEmail: 'nope' }, 'Invalid email address'],
  ])('%j → %s', (override, message) => {
    expect(messages(ListingInsertSchema, { ...validListing, ...override })).toContain(message);
  });

  it('defaults tier free and status active; accepts an empty contact email; rejects server fields', () => {
    expect(ListingInsertSchema.parse({ ...validListing, contactEmail: '' })).toMatchObject({ tier: 'free', status: 'active' });
    expect(ListingInsertSchema.safeParse({ ...validListing, userId: '6f1d8b3e-1111-4111-8111-111111111111' }).success).toBe(false);
    expect(ListingInsertSchema.safeParse({ ...validListing, price: -1 }).success).toBe(false);
    expect(ListingUpdateSchema.parse({ tier: 'gold' })).toEqual({ tier: 'gold' });
  });

  it('limits images to 10', () => {
    const urls = Array.from({ length: 11 }, (_, i) => `/uploads/${i}.webp`);
    expect(messages(ListingInsertSchema, { ...validListing, imageUrls: urls })).toContain('Limit Reached: You can upload a maximum of 10 images per listing');
  });

  it('normalizes per the submit rules', () => {
    expect(
      normalizeListingInput({ ...validListing, title: '  Software engineer  ', price: 0, contactPhone: '  ', venue: 'Hall', eventDate: '2026-12-01' }),
    ).toEqual({ ...validListing, title: 'Software engineer' });
    expect(normalizeListingInput({ ...validListing, category: 'Events', price: 25, venue: ' Hall ' })).toEqual({ ...validListing, category: 'Events', price: 25, venue: 'Hall' });
  });

  it('takes an optional employer (2..100 characters, trimmed) and keeps it for Jobs only', () => {
    expect(ListingInsertSchema.parse({ ...validListing, employer: '  Saffron Kitchen  ' })).toMatchObject({ employer: 'Saffron Kitchen' });
    expect(messages(ListingInsertSchema, { ...validListing, employer: ' A ' })).toContain('Employer must be at least 2 characters');
    expect(messages(ListingInsertSchema, { ...validListing, employer: 'x'.repeat(101) })).toContain('Employer must be at most 100 characters');
    expect(ListingUpdateSchema.parse({ employer: 'Saffron Kitchen' })).toEqual({ employer: 'Saffron Kitchen' });
    expect(normalizeListingInput({ ...validListing, employer: ' Saffron Kitchen ' })).toEqual({ ...validListing, employer: 'Saffron Kitchen' });
    expect(normalizeListingInput({ ...validListing, category: 'Services', employer: 'Saffron Kitchen' })).toEqual({ ...validListing, category: 'Services' });
    expect(normalizeListingInput({ ...validListing, employer: '   ' })).toEqual(validListing);
  });

  it('parses the listings query with coercion and bounds', () => {
    expect(ListingsQuerySchema.parse({ page: '2', pageSize: '10' })).toMatchObject({ page: 2, pageSize: 10, sort: 'newest' });
    expect(ListingsQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(ListingsQuerySchema.safeParse({ search: { $ne: 1 } }).success).toBe(false);
  });
});

describe('forum, contact, newsletter rules', () => {
  it('post and reply messages', () => {
    expect(messages(ForumPostInsertSchema, { category: 'General', title: 'Hey', content: 'x'.repeat(20) })).toContain('Title must be at least 5 characters');
    expect(messages(ForumPostInsertSchema, { category: 'General', title: 'Hello all', content: 'short' })).toContain('Content must be at least 20 characters');
    expect(messages(ForumPostInsertSchema, { category: 'Nope', title: 'Hello all', content: 'x'.repeat(20) })).toContain('Please select a category');
    expect(messages(ForumReplyInsertSchema, { content: '   ' })).toContain('Please enter a reply before submitting.');
    expect(messages(ForumReplyInsertSchema, { content: 'too short' })).toContain('Reply must be at least 10 characters long.');
  });

  it('contact messages', () => {
    const ok = { name: 'Asha', email: 'asha@example.com', subject: '', message: 'Hello there, friends' };
    expect(ContactMessageInsertSchema.safeParse(ok).success).toBe(true);
    expect(messages(ContactMessageInsertSchema, { ...ok, name: 'A' })).toContain('Name must be at least 2 characters');
    expect(messages(ContactMessageInsertSchema, { ...ok, email: 'x' })).toContain('Please enter a valid email address');
    expect(messages(ContactMessageInsertSchema, { ...ok, subject: 'Hi' })).toContain('Subject must be at least 3 characters');
    expect(messages(ContactMessageInsertSchema, { ...ok, message: 'short' })).toContain('Message must be at least 10 characters');
    expect(NewsletterSubscribeSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
  });
});

describe('identity rules', () => {
  const reg = { username: 'asha_p', password: 'secret1', termsAccepted: true };
  it('register', () => {
    expect(RegisterRequestSchema.parse({ ...reg, email: '' })).toEqual({ username: 'asha_p', password: 'secret1', termsAccepted: true });
    expect(messages(RegisterRequestSchema, { ...reg, termsAccepted: false })).toContain('You must accept the Terms & Conditions to create an account');
    expect(messages(RegisterRequestSchema, { ...reg, password: '12345' })).toContain('Password must be at least 6 characters');
    expect(messages(RegisterRequestSchema, { ...reg, username: '' })).toContain('Username is required');
    expect(RegisterRequestSchema.safeParse({ ...reg, isAdmin: true }).success).toBe(false);
    expect(messages(RegisterFormSchema, { ...reg, confirmPassword: 'other1' })).toContain('Passwords do not match');
  });
  it('reset', () => {
    expect(messages(ResetPasswordRequestSchema, { token: 't', password: '1234567' })).toContain('Password must be at least 8 characters long');
    expect(ResetPasswordRequestSchema.safeParse({ password: '12345678' }).success).toBe(false);
    expect(messages(ResetPasswordFormSchema, { password: '12345678', confirmPassword: '12345679' })).toContain('Passwords do not match');
  });
});

describe('directory and ads', () => {
  it('has the Yellow Pages tree of the spec', () => {
    expect(Object.keys(YELLOW_PAGES_TREE)).toHaveLength(14);
    expect(YELLOW_PAGES_TREE['Home Repairs']).toHaveLength(18);
    expect(YELLOW_PAGES_TREE.Services).toHaveLength(22);
    expect(YELLOW_PAGES_TREE.Grocers).toEqual([]);
    expect(isValidYellowPagesPair('Food & Dining', 'Catering')).toBe(true);
    expect(isValidYellowPagesPair('Automotive', 'Catering')).toBe(false);
  });
  it('business: category follows the main category; subcategory must belong to it', () => {
    const b = { name: 'Spice Hub', mainCategory: 'Grocers', description: 'Indian groceries', address: '1 Main St', phone: '717-555-0100' };
    expect(BusinessInsertSchema.parse(b)).toMatchObject({ category: 'Grocers', premium: false });
    expect(BusinessInsertSchema.safeParse({ ...b, mainCategory: 'Automotive', subCategory: 'Catering' }).success).toBe(false);
    expect(messages(BusinessInsertSchema, { ...b, email: 'bad' })).toContain('Invalid email address');
    expect(BusinessInsertSchema.parse({ ...b, category: 'Something else' }).category).toBe('Grocers');
  });
  it('review: a whole rating from 1 to 5, an optional comment', () => {
    expect(BusinessReviewInsertSchema.parse({ rating: 4, comment: '  Great dosa  ' })).toEqual({ rating: 4, comment: 'Great dosa' });
    for (const rating of [0, 6, 4.5, '5', null, undefined]) expect(messages(BusinessReviewInsertSchema, { rating })).toContain('Please choose a rating from 1 to 5');
    expect(BusinessReviewInsertSchema.safeParse({ rating: 5, userId: 'x' }).success).toBe(false);
  });
  it('yellow pages query: any text (checked against the tree by the service), no operators or control characters', () => {
    expect(YellowPagesQuerySchema.parse({ mainCategory: 'Nowhere' })).toEqual({ mainCategory: 'Nowhere', limit: LIST_PAGE_SIZES.yellowPages.default });
    expect(YellowPagesQuerySchema.safeParse({ 'mainCategory[$ne]': 'x' }).success).toBe(false);
    expect(YellowPagesQuerySchema.safeParse({ mainCategory: ['a', 'b'] }).success).toBe(false);
    expect(YellowPagesQuerySchema.safeParse({ mainCategory: 'a\u0000' }).success).toBe(false);
  });
  it('advertisement defaults', () => {
    expect(AdvertisementInsertSchema.parse({ title: 'Diwali sale', description: 'Big sale', ctaText: 'Shop', ctaUrl: 'https://example.com' })).toMatchObject({
      placement: 'homepage-top',
      size: 'large',
      status: 'active',
    });
    expect(AdvertisementInsertSchema.safeParse({ title: 'x', description: 'y', ctaText: 'z', ctaUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('advertisement dates: the end must not be before the start, compared as instants across offsets', () => {
    const ad = { title: 'x', description: 'y', ctaText: 'z', ctaUrl: 'https://example.com' };
    const dated = (startDate: string, endDate: string) => AdvertisementInsertSchema.safeParse({ ...ad, startDate, endDate });
    // 10:00+05:00 is 05:00Z, three hours BEFORE 08:00Z, although it sorts after it as a string.
    const backwards = dated('2030-01-01T08:00:00Z', '2030-01-01T10:00:00+05:00');
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'End date must be after the start date' });
    // 08:00+05:00 is 03:00Z, before 05:00Z, although it sorts after it as a string.
    expect(dated('2030-01-01T08:00:00+05:00', '2030-01-01T05:00:00Z').success).toBe(true);
    expect(dated('2030-01-01T05:00:00Z', '2030-01-01T10:00:00+05:00').success).toBe(true);
    expect(dated('2030-01-02T00:00:00Z', '2030-01-01T00:00:00Z').success).toBe(false);
  });
});

describe('listing filter and image helpers', () => {
  const l = { title: 'Sofa for SALE', description: 'Solid oak (new)', category: 'Buy & Sell', location: 'Camp Hill PA', price: 50 };
  it('applies the §9 rule', () => {
    expect(listingMatchesFilters(l, {})).toBe(true);
    expect(listingMatchesFilters(l, { search: ' sale ' })).toBe(true);
    expect(listingMatchesFilters(l, { search: '(NEW)' })).toBe(true);
    expect(listingMatchesFilters(l, { search: 'desk' })).toBe(false);
    expect(listingMatchesFilters(l, { location: 'hill' })).toBe(true);
    expect(listingMatchesFilters(l, { location: 'Enola' })).toBe(false);
    expect(listingMatchesFilters(l, { category: 'Jobs' })).toBe(false);
    expect(listingMatchesFilters(l, { priceRange: 'under-50' })).toBe(false);
    expect(listingMatchesFilters(l, { priceRange: '50-100' })).toBe(true);
    expect(listingMatchesFilters({ ...l, price: undefined }, { priceRange: '1000-plus' })).toBe(true);
  });
  it('derives thumbnails of stored images only', () => {
    expect(thumbnailUrlOf('/uploads/img/5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c01.webp')).toBe('/uploads/img/5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c01-thumb.webp');
    expect(thumbnailUrlOf('https://example.com/a.webp')).toBe('https://example.com/a.webp');
  });
});

describe('helpers (spec §9)', () => {
  it('price buckets, unpriced listings pass', () => {
    expect(priceBucketMatches(49, 'under-50')).toBe(true);
    expect(priceBucketMatches(50, 'under-50')).toBe(false);
    expect(priceBucketMatches(50, '50-100')).toBe(true);
    expect(priceBucketMatches(999, '500-1000')).toBe(true);
    expect(priceBucketMatches(1000, '1000-plus')).toBe(true);
    expect(priceBucketMatches(undefined, '1000-plus')).toBe(true);
  });
  it('relative time', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(relativeTime(new Date('2026-01-10T11:30:00Z'), now)).toBe('Just now');
    expect(relativeTime(new Date('2026-01-10T07:00:00Z'), now)).toBe('5h ago');
    expect(relativeTime(new Date('2026-01-09T11:00:00Z'), now)).toBe('Yesterday');
    expect(relativeTime(new Date('2026-01-06T12:00:00Z'), now)).toBe('4d ago');
  });
  it('meta description, whatsapp, ctr', () => {
    expect(truncateMetaDescription('x'.repeat(155))).toHaveLength(155);
    const long = truncateMetaDescription('y'.repeat(200));
    expect(long).toHaveLength(155);
    expect(long.endsWith('...')).toBe(true);
    expect(whatsappDigits('(717) 555-0100')).toBe('17175550100');
    expect(whatsappDigits('+91 98765 43210')).toBe('919876543210');
    expect(ctr(0, 0)).toBe('0');
    expect(ctr(200, 3)).toBe('1.50');
  });
});

describe('one list-response contract', () => {
  it('a list endpoint answers a bare array; anything else is the service breaking the contract (thrown, never an empty list)', () => {
    expect(listItems([1, 2])).toEqual([1, 2]);
    expect(listItems([])).toEqual([]);
    expect(cursorPageOf([1, 2])).toEqual({ items: [1, 2], nextCursor: null });
    expect(cursorPageOf({ items: [1], nextCursor: 'abc' })).toEqual({ items: [1], nextCursor: 'abc' });
    for (const bad of [{ items: [1] }, { items: [1], nextCursor: 5 }, { items: [], total: 0, page: 1, pageSize: 24 }, null, 'x']) expect(() => cursorPageOf(bad)).toThrow(TypeError);
    for (const bad of [{ items: [1] }, { items: [1], nextCursor: null }, null, 'oops', 42, undefined]) expect(() => listItems(bad)).toThrow(TypeError);
  });

  it('zod forms of a list and a page', () => {
    const Item = z.object({ id: z.string() });
    expect(ListResponseSchema(Item).parse([{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(ListResponseSchema(Item).safeParse({ items: [] }).success).toBe(false);
    expect(PageResponseSchema(Item).parse({ items: [{ id: 'a' }], total: 1, page: 1, pageSize: 24 })).toMatchObject({ total: 1 });
    expect(PageResponseSchema(Item).safeParse({ items: [], total: -1, page: 1, pageSize: 24 }).success).toBe(false);
    expect(CursorPageSchema(Item).parse({ items: [{ id: 'a' }], nextCursor: 'WzEsImEiXQ' })).toEqual({ items: [{ id: 'a' }], nextCursor: 'WzEsImEiXQ' });
    expect(CursorPageSchema(Item).parse({ items: [], nextCursor: null }).nextCursor).toBeNull();
    expect(CursorPageSchema(Item).safeParse({ items: [], nextCursor: 'not base64url!' }).success).toBe(false);
  });

  it('a cursor query: limit 1..max (default), an opaque cursor; the bare list holds the client-mode threshold', () => {
    const Q = z.object(cursorQuery({ default: 20, max: 100 })).strict();
    expect(Q.parse({})).toEqual({ limit: 20 });
    expect(Q.parse({ limit: '100', cursor: 'abc_-1' })).toEqual({ limit: 100, cursor: 'abc_-1' });
    for (const bad of [{ limit: '101' }, { limit: '0' }, { limit: '2.5' }, { limit: 'x' }, { limit: ['1', '2'] }, { cursor: '' }, { cursor: 'a'.repeat(201) }, { cursor: 'a=b' }, { other: '1' }]) {
      expect(Q.safeParse(bad).success).toBe(false);
    }
    expect(ForumPostsQuerySchema.parse({ category: 'Jobs', limit: '5' })).toEqual({ category: 'Jobs', limit: 5 });
    expect(ForumPostsQuerySchema.safeParse({ limit: String(LIST_PAGE_SIZES.forumPosts.max + 1) }).success).toBe(false);
    expect(FULL_LIST_MAX).toBeGreaterThanOrEqual(LISTINGS_SERVER_SEARCH_THRESHOLD);
  });
});

describe('events', () => {
  it('round-trips through makeEvent and parseEvent', () => {
    const e = makeEvent(UserRegistered, { userId: '6f1d8b3e-1111-4111-8111-111111111111', username: 'asha', email: null });
    expect(JSON.parse(JSON.stringify(parseEvent(JSON.parse(JSON.stringify(e)))))).toMatchObject({ ok: true, event: { id: e.id, type: 'identity.user-registered', version: 1 } });
    expect(UserRegistered.subject).toBe('events.identity.user-registered.v1');
  });
  it('rejects bad data, unknown types and bad envelopes', () => {
    const e = makeEvent(ListingCreated, { listingId: '6f1d8b3e-1111-4111-8111-111111111111', userId: '6f1d8b3e-1111-4111-8111-111111111112', category: 'Jobs', tier: 'free', title: 'x' });
    expect(parseEvent({ ...e, data: { listingId: 'nope' } }).ok).toBe(false);
    expect(parseEvent({ ...e, type: 'listings.unknown' }).ok).toBe(false);
    expect(parseEvent({ ...e, extra: 1 }).ok).toBe(false);
    expect(() => makeEvent(ListingCreated, { listingId: 'bad' } as never)).toThrow();
  });
  it('names every required event', () => {
    const types = eventCatalog.map((d) => d.type);
    for (const t of ['identity.user-registered', 'listings.listing-created', 'listings.listing-updated', 'listings.listing-deleted', 'forum.post-created', 'forum.reply-created', 'directory.business-reviewed', 'ads.impression-recorded', 'ads.click-recorded', 'comms.contact-message-received', 'comms.newsletter-subscribed']) {
      expect(types).toContain(t);
    }
  });
});

describe('reports (issue 21)', () => {
  const itemId = '6f1d8b3e-1111-4111-8111-111111111111';
  it('takes a kind, an item, a reason and optional words', () => {
    expect(CreateReportBodySchema.parse({ kind: 'listing', itemId, reason: 'scam', details: '  asks for a deposit  ' })).toEqual({ kind: 'listing', itemId, reason: 'scam', details: 'asks for a deposit' });
    expect(CreateReportBodySchema.parse({ kind: 'review', itemId, reason: 'spam', details: '   ' })).toEqual({ kind: 'review', itemId, reason: 'spam' });
  });
  it("needs the reporter's words with 'other', at most 500 characters, known kinds and reasons only", () => {
    const other = CreateReportBodySchema.safeParse({ kind: 'forum-post', itemId, reason: 'other' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe(MODERATION_MESSAGES.detailsRequired);
    expect(CreateReportBodySchema.safeParse({ kind: 'forum-post', itemId, reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }).success).toBe(false);
    expect(CreateReportBodySchema.safeParse({ kind: 'forum-post', itemId, reason: 'rude' }).success).toBe(false);
    expect(CreateReportBodySchema.safeParse({ kind: 'user', itemId, reason: 'spam' }).success).toBe(false);
    expect(CreateReportBodySchema.safeParse({ kind: 'listing', itemId, reason: 'spam', extra: 1 }).success).toBe(false);
  });
  it('has a label for every kind and reason, and a limit for every posting action', () => {
    for (const r of REPORT_REASONS) expect(REPORT_REASON_LABELS[r]).toMatch(/\w/);
    for (const k of REPORT_KINDS) expect(REPORT_KIND_OWNER[k]).toMatch(/^(listings|forum|directory|messages)$/);
    for (const a of POSTING_ACTIONS) expect(POSTING_LIMIT_DEFAULTS[a].newAccountLimit).toBeLessThan(POSTING_LIMIT_DEFAULTS[a].limit);
  });
});
