/**
 * The hostile-input corpus (issue 16), in one place: every endpoint of every service and of the gateway, what an
 * attacker sends them, the records each service's fuzz aims at, and what the fuzz may legitimately do to the stored
 * data. A new service is covered by one edit here: its entry in CORPUS (endpoints, setup, cleanup, stored-data rules).
 * The test file (e2e/hostile-input.test.ts) knows no service by name.
 *
 * The generation is seeded (FUZZ_SEED, printed by the test) and bounded: the same seed gives the same requests.
 */
import { gzipSync } from 'node:zlib';
import { verifyDirect } from './site.ts';

export type ServiceName = 'identity' | 'listings' | 'forum' | 'directory' | 'ads' | 'comms' | 'search' | 'renderer' | 'moderation' | 'messages';
/** Whose endpoints: a service's, or the gateway's own (health, the site's pages and files, the remote registry). */
export type CorpusName = ServiceName | 'gateway';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:id` where an id goes. */
  path: string;
  body: 'json' | 'multipart' | 'none';
  /**
   * Where it is fuzzed. `both` (default): through the gateway and directly. `direct`: only directly (a service's
   * /healthz and /readyz; the gateway's own are the gateway's). `internal`: service to service only: fuzzed directly,
   * and through the gateway every request must be refused (the plain one with a JSON 404).
   * The gateway's own endpoints are fuzzed through the gateway only.
   */
  reach?: 'both' | 'direct' | 'internal';
  /** A valid body, which the generated bodies break field by field. */
  sample?: Record<string, unknown>;
  /** Query parameters the endpoint reads. */
  query?: string[];
  /**
   * `user`: behind the login check (fuzzed with the attacker's session; logged out must answer 401 JSON). `admin`:
   * admins only (fuzzed with an admin attacker's session, so the bodies reach the code behind the check; logged out
   * must answer 401 and with a non-admin session 403, JSON). Omitted: anyone (fuzzed with the attacker's session).
   */
  auth?: 'user' | 'admin';
  /** Fuzzed without any session (logging out would end the attacker's). */
  sessionless?: boolean;
  /** The record of the service's setup that `:id` names (default `victim`). */
  target?: string;
}

/** Session cookies (`cp_session=...`) of the fuzz's users, made by the test before any setup. */
export interface FuzzSessions {
  /** The logged-in attacker (not an admin). */
  attacker: string;
  /** An admin attacker, for the admin endpoints. */
  admin: string;
  /** The owner of the records the attacker aims at. */
  victim: string;
  /** The owner of each service's untouched record. */
  bystander: string;
}

export interface CallResult {
  status: number;
  body: unknown;
}

/** What a setup or cleanup may use: JSON calls to a service directly (test data, not the behaviour under test). */
export interface FuzzContext {
  sessions: FuzzSessions;
  /** The user id of each session. */
  userIds: Record<keyof FuzzSessions, string>;
  call(service: ServiceName, method: string, path: string, opts?: { cookie?: string; json?: unknown; raw?: { type: string; data: Buffer } }): Promise<CallResult>;
}

/** What the fuzz did, for the stored-data rules and the cleanups. */
export interface FuzzOutcome {
  /** Each corpus's setup records by name (`victim`, `untouched`, ...): ids. */
  records: Record<CorpusName, Record<string, string>>;
  /** Every id a valid (2xx) changing fuzz request was answered with: `id`, and the URLs of an upload. */
  answered: Set<string>;
  /** The fuzz's users: the sessions' users and those its valid registrations made. */
  users: Set<string>;
  /** The ids of every outbox entry after the fuzz, in every database. */
  outboxIds: Set<string>;
}

export type StoredDoc = Record<string, unknown> & { _id: unknown };

/** What the fuzz may do to one collection. Anything not allowed here is a failure: changed, added or missing. */
export interface StoredRule {
  /**
   * Fields the fuzz legitimately changes, on the named setup records only (every other document must stay exactly as
   * it was), or on every document when `records` is omitted (the relay's bookkeeping of the outbox).
   */
  mutable?: { records?: string[]; fields: string[] };
  /** Setup records a valid fuzz request may delete. */
  removable?: string[];
  /** How a document that a valid fuzz request added is recognised; a collection without it may gain nothing. */
  added?: (doc: StoredDoc, outcome: FuzzOutcome) => boolean;
  /** The field of a TTL index: a document past it may vanish during the run (MongoDB's TTL monitor, not the fuzz). */
  expiresAt?: string;
}

export interface Corpus {
  endpoints: Endpoint[];
  /**
   * Makes the records the fuzz aims at (`victim`; `doomed` for a DELETE an admin may really do) and one record the
   * fuzz never names (`untouched`), before the snapshot of the stored data. Returns their ids by name.
   */
  setup(ctx: FuzzContext): Promise<Record<string, string>>;
  /** Removes what setup and the fuzz's valid requests made that other test files would see (lists they count). */
  cleanup?(ctx: FuzzContext, outcome: FuzzOutcome): Promise<void>;
  /** The service's database (named like the service) by collection; see StoredRule. */
  stored?: Record<string, StoredRule>;
  /** Site paths (with `:name` for a setup record) whose bytes must be the same after the fuzz (stored files). */
  files?: string[];
}

const SAVED_SEARCH = { name: 'Sofas in Harrisburg', filters: { search: 'sofa', location: 'Harrisburg PA', priceRange: '100-500' }, frequency: 'instant' };
const LISTING = {
  category: 'Buy & Sell',
  title: 'Sofa set for sale',
  description: 'Three seater sofa in very good condition, pick up only.',
  location: 'Harrisburg PA',
  price: 200,
  tier: 'free',
  status: 'active',
};

const POST = { category: 'General', title: 'Cricket this Sunday', content: 'Tennis-ball cricket at the Carlisle park, all welcome.' };

const BUSINESS = {
  name: 'Fuzz Grocers',
  mainCategory: 'Shopping',
  subCategory: 'Grocery Stores',
  description: 'Indian groceries and spices.',
  address: '1 Market St, Camp Hill, PA',
  phone: '717-555-0199',
  email: 'fuzz@example.com',
  website: 'https://fuzz.example',
  premium: false,
};

const AD = {
  title: 'Fuzz sale',
  description: 'Everything half price.',
  ctaText: 'Shop',
  ctaUrl: 'https://fuzz.example/sale',
  placement: 'homepage-top',
  size: 'large',
  pricingTier: 'banner',
  status: 'active',
};

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A valid upload of one image (the victim's listing shows it). */
function imageUpload(): { type: string; data: Buffer } {
  const b = 'ZZsetup';
  const head = `--${b}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { type: `multipart/form-data; boundary=${b}`, data: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${b}--\r\n`)]) };
}

/** A setup call that must succeed: its answer's `id`. */
async function created(result: Promise<CallResult>, what: string): Promise<string> {
  const { status, body } = await result;
  const id = (body as { id?: unknown } | null)?.id;
  if (status !== 201 || typeof id !== 'string') throw new Error(`setup: ${what} answered ${status} ${JSON.stringify(body)}`);
  return id;
}

/** Added documents: the ones whose `_id` a valid fuzz request was answered with. */
const answeredId = (doc: StoredDoc, o: FuzzOutcome) => o.answered.has(String(doc._id));

export const CORPUS: Record<CorpusName, Corpus> = {
  identity: {
    endpoints: [
      { method: 'POST', path: '/api/register', body: 'json', sample: { username: 'fuzzer', password: 'pw-123456', email: 'f@example.com', firstName: 'F', lastName: 'Z', termsAccepted: true } },
      { method: 'POST', path: '/api/local-login', body: 'json', sample: { username: 'fuzzer', password: 'pw-123456' } },
      { method: 'POST', path: '/api/logout', body: 'none', sessionless: true },
      { method: 'GET', path: '/api/auth/user', body: 'none' },
      { method: 'POST', path: '/api/forgot-password', body: 'json', sample: { email: 'f@example.com' } },
      { method: 'POST', path: '/api/reset-password', body: 'json', sample: { token: 'a'.repeat(43), password: 'pw-654321' } },
      // E-mail verification (issue 26): tokens the fuzz cannot know (every one is refused, nothing changes); the
      // attacker is verified in setup, so its resend requests are refused too (409).
      { method: 'POST', path: '/api/auth/verify-email', body: 'json', sample: { token: 'a'.repeat(43) } },
      { method: 'POST', path: '/api/auth/resend-verification', body: 'none', auth: 'user' },
      { method: 'GET', path: '/internal/sessions/:id', body: 'none', reach: 'internal' },
      { method: 'GET', path: '/internal/users/:id', body: 'none', reach: 'internal' },
    ],
    // The victim's user is what /internal/users/:id is asked for; the bystander's is never named. The attacker verifies
    // its e-mail address through the mailed link (reviews need it), so its reviews reach the directory's code.
    async setup(ctx) {
      const attacker = await ctx.call('identity', 'GET', '/api/auth/user', { cookie: ctx.sessions.attacker });
      await verifyDirect({ email: String((attacker.body as { email?: unknown }).email) });
      return { victim: ctx.userIds.victim, untouched: ctx.userIds.bystander };
    },
    stored: {
      // The corpus's valid registration ("fuzzer", once; the rest are 409) adds a user; its verification mail and
      // forgot-password then give that user a verification and a reset token (a new document, so no field of a stored
      // user may change).
      users: { added: answeredId },
      // Valid registrations and logins of the fuzz's own users start sessions; nobody else's session may appear or end.
      sessions: { added: (doc, o) => o.users.has(String((doc.sess as { userId?: unknown } | undefined)?.userId)), expiresAt: 'expire' },
      // Failed logins count by design (keys `login:<name>|<ip>` and `login:<name>`), and so do reset mails asked for a
      // user (`reset:<userId>`: only the fuzz's own users); existing counters stay as they were.
      login_throttle: {
        added: (doc, o) => {
          const id = String(doc._id);
          return id.startsWith('login:') || (id.startsWith('reset:') && o.users.has(id.slice('reset:'.length)));
        },
        expiresAt: 'expiresAt',
      },
    },
  },
  listings: {
    endpoints: [
      { method: 'GET', path: '/api/listings', body: 'none', query: ['search', 'page', 'pageSize'] },
      { method: 'GET', path: '/api/listings/mine', body: 'none', auth: 'user', query: ['page', 'pageSize'] },
      { method: 'GET', path: '/api/listings/:id', body: 'none' },
      { method: 'POST', path: '/api/listings', body: 'json', auth: 'user', sample: LISTING },
      { method: 'PUT', path: '/api/listings/:id', body: 'json', auth: 'user', sample: { title: 'Sofa set, price lowered', price: 150 } },
      { method: 'DELETE', path: '/api/listings/:id', body: 'none', auth: 'user' },
      // Issue 22's lifecycle: the owner's renew and mark done (the victim's listing: 403 for the attacker), and the
      // reminder mail's signed links (tokens the fuzz cannot make: every one is refused, nothing changes).
      { method: 'POST', path: '/api/listings/:id/renew', body: 'none', auth: 'user' },
      { method: 'POST', path: '/api/listings/:id/done', body: 'json', auth: 'user', sample: { status: 'filled' } },
      { method: 'POST', path: '/api/listings/renew-link', body: 'json', sample: { token: `${'A'.repeat(40)}.${'B'.repeat(43)}` } },
      { method: 'POST', path: '/api/listings/reminders/unsubscribe', body: 'json', sample: { token: `${'A'.repeat(40)}.${'B'.repeat(43)}` }, query: ['token'] },
      { method: 'GET', path: '/api/listings/reminders/unsubscribe', body: 'none', query: ['token'] },
      { method: 'POST', path: '/api/upload', body: 'multipart', auth: 'user' },
      { method: 'GET', path: '/uploads/:id', body: 'none', target: 'image' },
      // Moderation's view of a reported listing (issue 21): service to service only.
      { method: 'GET', path: '/internal/content/listing/:id', body: 'none', reach: 'internal' },
      // Saved listings (issue 22 §2): the attacker's own only. The samples name a listing that does not exist (404; a
      // merge skips it), and `:id` the victim's listing, which the victim saved and the attacker did not (404).
      { method: 'GET', path: '/api/saved-listings', body: 'none', auth: 'user', query: ['page', 'pageSize'] },
      { method: 'GET', path: '/api/saved-listings/ids', body: 'none', auth: 'user' },
      { method: 'POST', path: '/api/saved-listings', body: 'json', auth: 'user', sample: { listingId: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' } },
      { method: 'POST', path: '/api/saved-listings/merge', body: 'json', auth: 'user', sample: { listingIds: ['5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'] } },
      { method: 'DELETE', path: '/api/saved-listings/:id', body: 'none', auth: 'user' },
      // Saved searches with alerts (issue 22 §3): the user's own (another's is a 404), and an alert mail's stop link.
      { method: 'GET', path: '/api/saved-searches', body: 'none', auth: 'user' },
      { method: 'POST', path: '/api/saved-searches', body: 'json', auth: 'user', sample: SAVED_SEARCH },
      { method: 'PATCH', path: '/api/saved-searches/:id', body: 'json', auth: 'user', target: 'savedSearch', sample: { name: 'Renamed', frequency: 'daily', paused: true } },
      { method: 'DELETE', path: '/api/saved-searches/:id', body: 'none', auth: 'user', target: 'savedSearch' },
      { method: 'POST', path: '/api/saved-searches/unsubscribe', body: 'json', sample: { token: 'eyJwIjoidW5zdWJzY3JpYmUtYWxlcnQifQ.c2lnbmF0dXJl' } },
      { method: 'GET', path: '/api/saved-searches/unsubscribe', body: 'none', query: ['token'] },
    ],
    async setup(ctx) {
      const upload = await ctx.call('listings', 'POST', '/api/upload', { cookie: ctx.sessions.victim, raw: imageUpload() });
      const url = (upload.body as { url?: unknown } | null)?.url;
      if (upload.status !== 201 || typeof url !== 'string') throw new Error(`setup: upload answered ${upload.status} ${JSON.stringify(upload.body)}`);
      const listing = { category: 'Jobs', title: 'Cook wanted in Camp Hill', description: 'Full time cook for a small restaurant, evenings.', location: 'Camp Hill PA', tier: 'free', status: 'active' };
      const victim = await created(ctx.call('listings', 'POST', '/api/listings', { cookie: ctx.sessions.victim, json: { ...listing, imageUrls: [url] } }), 'the victim listing');
      const untouched = await created(ctx.call('listings', 'POST', '/api/listings', { cookie: ctx.sessions.bystander, json: { ...listing, title: 'Dishwasher wanted in Carlisle' } }), 'the untouched listing');
      // The victim's save of its listing: the attacker's DELETE /api/saved-listings/:id must leave it.
      await created(ctx.call('listings', 'POST', '/api/saved-listings', { cookie: ctx.sessions.victim, json: { listingId: victim } }), 'the victim save');
      // The victim's saved search (the attacker's PATCH and DELETE aim at it); its search matches no listing the fuzz posts.
      const savedSearch = await created(ctx.call('listings', 'POST', '/api/saved-searches', { cookie: ctx.sessions.victim, json: { ...SAVED_SEARCH, filters: { search: 'never in a fuzzed body' } } }), 'the victim saved search');
      const untouchedSearch = await created(ctx.call('listings', 'POST', '/api/saved-searches', { cookie: ctx.sessions.bystander, json: { ...SAVED_SEARCH, filters: { search: 'never in a fuzzed body either' } } }), 'the untouched saved search');
      return { victim, untouched, image: url.slice('/uploads/'.length), savedSearch, untouchedSearch };
    },
    // Other files count the listings: every listing of the fuzz's users goes again.
    async cleanup(ctx) {
      for (const who of ['attacker', 'victim', 'bystander'] as const) {
        const page = await ctx.call('listings', 'GET', '/api/listings/mine?pageSize=100', { cookie: ctx.sessions[who] });
        for (const l of (page.body as { items?: Array<{ id: string }> }).items ?? []) await ctx.call('listings', 'DELETE', `/api/listings/${l.id}`, { cookie: ctx.sessions[who] });
        const searches = await ctx.call('listings', 'GET', '/api/saved-searches', { cookie: ctx.sessions[who] });
        for (const s of (searches.body as { items?: Array<{ id: string }> }).items ?? []) await ctx.call('listings', 'DELETE', `/api/saved-searches/${s.id}`, { cookie: ctx.sessions[who] });
      }
    },
    stored: {
      // The attacker owns none of the records: its valid creations are the only change.
      listings: { added: answeredId },
      uploads: { added: answeredId },
      // posting_limits: the kit's rule (KIT_STORED) — a create takes a slot of its user's window.
      // A create writes its user's fingerprint of the listing's content (`<userId>:<hash>`, the duplicate rule).
      listing_fingerprints: { added: (doc, o) => o.users.has(String(doc._id).split(':')[0]!), mutable: { fields: ['expiresAt'] }, expiresAt: 'expiresAt' },
      // Saves: the corpus names no listing the attacker could save, so none is added and the victim's stays.
      saved_listings: {},
      // Every save, merge or removal of a user takes that user's lock document (`_id` the user id, `v` counts up).
      saved_listing_locks: { added: (doc, o) => o.users.has(String(doc._id)), mutable: { fields: ['v'] } },
      // The attacker's valid saved searches; a create touches its user's owner document (the per-user cap).
      saved_searches: { added: answeredId },
      saved_search_owners: { added: (doc, o) => o.users.has(String(doc._id)), mutable: { fields: ['v'] } },
    },
    files: ['/uploads/:image'],
  },
  forum: {
    endpoints: [
      { method: 'GET', path: '/api/forum/posts', body: 'none' },
      { method: 'GET', path: '/api/forum/posts/:id', body: 'none' },
      { method: 'GET', path: '/api/forum/posts/:id/replies', body: 'none' },
      { method: 'POST', path: '/api/forum/posts', body: 'json', auth: 'user', sample: POST },
      { method: 'POST', path: '/api/forum/posts/:id/replies', body: 'json', auth: 'user', sample: { content: 'Count me in for Sunday!' } },
    ],
    setup: async (ctx) => ({
      victim: await created(ctx.call('forum', 'POST', '/api/forum/posts', { cookie: ctx.sessions.victim, json: { ...POST, category: 'Jobs', title: 'Cook wanted in Camp Hill' } }), 'the victim post'),
      untouched: await created(ctx.call('forum', 'POST', '/api/forum/posts', { cookie: ctx.sessions.bystander, json: { ...POST, title: 'Diwali mela next month' } }), 'the untouched post'),
    }),
    stored: {
      // The attacker's valid replies to the victim's post count in it (replyCount, updatedAt), its reads add views.
      forum_posts: { added: answeredId, mutable: { records: ['victim'], fields: ['replyCount', 'viewCount', 'updatedAt'] } },
      forum_replies: { added: answeredId },
      // One view record per viewer of the victim's post (`<postId>:<viewer>`): the fuzz's reads from many addresses.
      forum_views: { added: (doc, o) => String(doc._id).startsWith(`${o.records.forum.victim}:`) },
    },
  },
  directory: {
    endpoints: [
      { method: 'GET', path: '/api/businesses', body: 'none' },
      { method: 'GET', path: '/api/yellow-pages', body: 'none', query: ['mainCategory', 'subCategory'] },
      { method: 'GET', path: '/api/businesses/:id', body: 'none' },
      { method: 'GET', path: '/api/businesses/:id/reviews', body: 'none' },
      { method: 'POST', path: '/api/businesses/:id/reviews', body: 'json', auth: 'user', sample: { rating: 4, comment: 'Friendly staff and fresh food.' } },
      { method: 'POST', path: '/api/admin/businesses', body: 'json', auth: 'admin', sample: BUSINESS },
      { method: 'PUT', path: '/api/admin/businesses/:id', body: 'json', auth: 'admin', sample: BUSINESS },
      { method: 'DELETE', path: '/api/admin/businesses/:id', body: 'none', auth: 'admin', target: 'doomed' },
    ],
    async setup(ctx) {
      const business = { name: 'Victim Sweets', mainCategory: 'Food & Dining', subCategory: 'Bakeries & Desserts', description: 'Fresh mithai.', address: '2 Market St, Carlisle, PA', phone: '717-555-0198' };
      const make = (name: string) => created(ctx.call('directory', 'POST', '/api/admin/businesses', { cookie: ctx.sessions.admin, json: { ...business, name } }), name);
      return { victim: await make('Victim Sweets'), doomed: await make('Doomed Sweets'), untouched: await make('Bystander Sweets') };
    },
    // Every business the admin attacker made (setup and the fuzz's valid creations) goes again.
    async cleanup(ctx) {
      const all = (await ctx.call('directory', 'GET', '/api/businesses')).body as Array<{ id: string; userId: string }>;
      for (const b of all.filter((x) => x.userId === ctx.userIds.admin)) await ctx.call('directory', 'DELETE', `/api/admin/businesses/${b.id}`, { cookie: ctx.sessions.admin });
    },
    stored: {
      // The admin attacker's valid updates rewrite what an admin sets, its valid reviews move the rating; the id, the
      // owner, `verified` and `createdAt` must stay. Its valid DELETE removes the doomed business.
      businesses: {
        added: answeredId,
        removable: ['doomed'],
        mutable: {
          records: ['victim'],
          fields: ['name', 'category', 'mainCategory', 'subCategory', 'description', 'address', 'phone', 'email', 'website', 'logoUrl', 'premium', 'rating', 'ratingTotal', 'reviewCount', 'updatedAt'],
        },
      },
      // The attacker's valid reviews (its account is younger than a day: held, out of the rating until then).
      business_reviews: { added: answeredId },
      // The held-review release job's lease (jobs/release-held-reviews.ts), renewed at every tick.
      job_leases: { added: (doc) => doc._id === 'directory-release-held-reviews', mutable: { fields: ['holder', 'until', 'lastRunAt'] } },
    },
  },
  ads: {
    endpoints: [
      { method: 'GET', path: '/api/advertisements', body: 'none', query: ['placement', 'status'] },
      { method: 'POST', path: '/api/advertisements', body: 'json', auth: 'admin', sample: AD },
      { method: 'PUT', path: '/api/advertisements/:id', body: 'json', auth: 'admin', sample: AD },
      { method: 'POST', path: '/api/advertisements/:id/impression', body: 'none', query: ['view'] },
      { method: 'POST', path: '/api/advertisements/:id/click', body: 'none' },
      { method: 'DELETE', path: '/api/advertisements/:id', body: 'none', auth: 'admin', target: 'doomed' },
    ],
    async setup(ctx) {
      // Paused: home's carousel and the ads test of the same run never show them.
      const make = (title: string) => created(ctx.call('ads', 'POST', '/api/advertisements', { cookie: ctx.sessions.admin, json: { ...AD, title, status: 'paused' } }), title);
      return { victim: await make('Victim sale'), doomed: await make('Doomed sale'), untouched: await make('Bystander sale') };
    },
    // The ads of setup and of the fuzz's valid creations go again.
    async cleanup(ctx, o) {
      const all = (await ctx.call('ads', 'GET', '/api/advertisements', { cookie: ctx.sessions.admin })).body as Array<{ id: string }>;
      const ours = new Set([...o.answered, ...Object.values(o.records.ads)]);
      for (const ad of all.filter((a) => ours.has(a.id))) await ctx.call('ads', 'DELETE', `/api/advertisements/${ad.id}`, { cookie: ctx.sessions.admin });
    },
    stored: {
      // The admin attacker's valid updates rewrite what an admin sets (a status change is kept in statusChanges);
      // impressions and clicks are counted or filtered (by the ad counter, from the events). Its valid DELETE removes
      // the doomed ad.
      advertisements: {
        added: answeredId,
        removable: ['doomed'],
        mutable: {
          records: ['victim'],
          fields: ['title', 'description', 'imageUrl', 'ctaText', 'ctaUrl', 'placement', 'size', 'pricingTier', 'status', 'statusChanges', 'startDate', 'endDate', 'impressions', 'clicks', 'impressionsFiltered', 'clicksFiltered', 'updatedAt'],
        },
      },
      // The counter's memory of the visitors it counted on the victim ad (`c:|i:|p:<adId>:<visitor>...`); a window's
      // document goes when it ends.
      ad_visitor_windows: { added: (doc, o) => String(doc._id).split(':')[1] === o.records.ads.victim, expiresAt: 'expiresAt' },
    },
  },
  comms: {
    endpoints: [
      { method: 'POST', path: '/api/contact', body: 'json', sample: { name: 'Fuzz', email: 'f@example.com', subject: 'Hello there', message: 'A message long enough to pass.' } },
      { method: 'POST', path: '/api/newsletter/subscribe', body: 'json', sample: { email: 'f@example.com' } },
      // The newsletter's links (tokens the fuzz cannot know: every one is refused, nothing changes).
      { method: 'POST', path: '/api/newsletter/confirm', body: 'json', sample: { token: 'A'.repeat(43) } },
      { method: 'POST', path: '/api/newsletter/unsubscribe', body: 'json', sample: { token: 'A'.repeat(43) }, query: ['token'] },
      { method: 'GET', path: '/api/newsletter/unsubscribe', body: 'none', query: ['token'] },
      // The unread-message mails' unsubscribe (issue 23 §5): a token (a mail's batch id) the fuzz cannot know.
      { method: 'POST', path: '/api/message-mails/unsubscribe', body: 'json', sample: { token: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e' }, query: ['token'] },
      { method: 'GET', path: '/api/message-mails/unsubscribe', body: 'none', query: ['token'] },
    ],
    setup: async (ctx) => {
      // A bystander's pending subscription (the sign-up answers nothing to recognise it by: it is in the snapshot,
      // compared field by field like every stored document); the named untouched record is a contact message.
      const signup = await ctx.call('comms', 'POST', '/api/newsletter/subscribe', { json: { email: `bystander.${ctx.userIds.bystander}@example.com` } });
      if (signup.status !== 202) throw new Error(`setup: the bystander's sign-up answered ${signup.status} ${JSON.stringify(signup.body)}`);
      const message = { name: 'Bystander', email: `bystander.${ctx.userIds.bystander}@example.com`, message: 'A message the fuzz must leave alone.' };
      return { untouched: await created(ctx.call('comms', 'POST', '/api/contact', { json: message }), 'the untouched contact message') };
    },
    stored: {
      contact_messages: { added: answeredId },
      // A valid sign-up of a new address adds a pending subscription (double opt-in: only the mailed link subscribes),
      // and the record of its confirmation mail with that mail's event; the answer carries no id (no enumeration).
      newsletters: { added: (doc) => doc.subscribed === false },
      newsletter_mails: { added: (doc) => doc.kind === 'confirmation' },
      // The kit's outbox rule (KIT_STORED, defined below: read when the rule is used), plus those events.
      outbox: {
        get mutable() {
          return KIT_STORED.outbox!.mutable;
        },
        added: (doc, o) => KIT_STORED.outbox!.added!(doc, o) || (doc.type === 'comms.newsletter-mail-requested' && (doc.data as { kind?: unknown } | null)?.kind === 'confirmation'),
      },
      // The fuzz's valid replies to the victim's post are batched into notices to its author: an item per reply (its
      // id `reply-notice:<reply id>`), a batch of the victim's post. A batch open before the run (an earlier test's
      // reply) may be mailed during it: its bookkeeping changes, never its key.
      mail_batch_items: {
        added: (doc, o) => String(doc._id).startsWith('reply-notice:') && o.answered.has(String(doc._id).slice('reply-notice:'.length)),
        mutable: { fields: ['expireAt'] },
        expiresAt: 'expireAt',
      },
      mail_batches: {
        added: (doc, o) => doc.kind === 'reply-notice' && doc.subjectKey === o.records.forum.victim,
        mutable: { fields: ['state', 'itemCount', 'dueAt', 'attempts', 'claimId', 'leaseUntil', 'sentAt', 'reason', 'expireAt'] },
        expiresAt: 'expireAt',
      },
    },
  },
  // Read-only: its index is built from the other services' events; its database holds nothing, so nothing may change there.
  search: {
    endpoints: [
      { method: 'GET', path: '/api/search/listings', body: 'none', query: ['search', 'category', 'location', 'priceRange', 'tier', 'userId', 'sort', 'page', 'pageSize'] },
      { method: 'GET', path: '/api/search/suggest', body: 'none', query: ['q', 'limit'] },
      { method: 'GET', path: '/api/search', body: 'none', query: ['q', 'type', 'page', 'pageSize'] },
    ],
    setup: async () => ({}),
  },
  // Read-only (issue 20): pages' heads (service to service), robots.txt, the sitemaps and the preview images, all read
  // from the other services' public GETs; its database holds nothing, so nothing may change there. `:id` names a file.
  renderer: {
    endpoints: [
      { method: 'GET', path: '/internal/page', body: 'none', reach: 'internal', query: ['path'] },
      { method: 'GET', path: '/robots.txt', body: 'none' },
      { method: 'GET', path: '/sitemap.xml', body: 'none' },
      { method: 'GET', path: '/sitemaps/:id', body: 'none', target: 'sitemap' },
      { method: 'GET', path: '/og/:id', body: 'none', target: 'site' },
      { method: 'GET', path: '/og/listing/:id', body: 'none', target: 'missing' },
      { method: 'GET', path: '/og/business/:id', body: 'none', target: 'missing' },
      { method: 'GET', path: '/og/category/:id', body: 'none', target: 'category' },
    ],
    setup: async () => ({ sitemap: 'static.xml', site: 'site.jpg', missing: '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b.jpg', category: 'jobs.jpg' }),
  },
  // Trust and safety (issue 21). Reports name an item no owner has (404) and the admin's decisions a case and a user
  // that do not exist (404, 409), so the fuzz bans nobody (a ban would end the fuzz's own sessions) and files nothing:
  // its database must not change.
  moderation: {
    endpoints: [
      { method: 'POST', path: '/api/reports', body: 'json', auth: 'user', sample: { kind: 'listing', itemId: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', reason: 'other', details: 'Looks like a scam.' } },
      { method: 'GET', path: '/api/admin/moderation/cases', body: 'none', auth: 'admin', query: ['status', 'page', 'pageSize'] },
      { method: 'POST', path: '/api/admin/moderation/cases/:id/dismiss', body: 'json', auth: 'admin', sample: { note: 'Not a problem.' }, target: 'missing' },
      { method: 'POST', path: '/api/admin/moderation/cases/:id/remove', body: 'json', auth: 'admin', sample: { reason: 'spam', note: 'Advertising.' }, target: 'missing' },
      { method: 'POST', path: '/api/admin/moderation/users/:id/ban', body: 'json', auth: 'admin', sample: { reason: 'Spam listings' }, target: 'missing' },
      { method: 'POST', path: '/api/admin/moderation/users/:id/unban', body: 'json', auth: 'admin', sample: { note: 'Appeal accepted.' }, target: 'missing' },
      { method: 'GET', path: '/api/admin/moderation/bans', body: 'none', auth: 'admin', query: ['page', 'pageSize'] },
      { method: 'GET', path: '/api/admin/moderation/log', body: 'none', auth: 'admin', query: ['page', 'pageSize'] },
    ],
    setup: async () => ({ missing: '3f2e1d0c-9b8a-4f7e-8d6c-5b4a3f2e1d0c' }),
  },
  // Messages between neighbours (issue 23). The victim's conversation (about the bystander's listing) is one the
  // attacker is not part of: every conversation route answers it 404. The samples name a listing and a user that do not
  // exist (404), so the fuzz opens, sends, reads and blocks nothing: the database must not change.
  messages: {
    endpoints: [
      { method: 'POST', path: '/api/conversations', body: 'json', auth: 'user', sample: { listingId: '6a5b4c3d-2e1f-4a9b-8c7d-6e5f4a3b2c1d', text: 'Is this still available?' } },
      { method: 'GET', path: '/api/conversations', body: 'none', auth: 'user', query: ['cursor', 'limit'] },
      { method: 'GET', path: '/api/conversations/:id', body: 'none', auth: 'user' },
      { method: 'GET', path: '/api/conversations/:id/messages', body: 'none', auth: 'user', query: ['before', 'limit'] },
      { method: 'POST', path: '/api/conversations/:id/messages', body: 'json', auth: 'user', sample: { text: 'Hello there' } },
      { method: 'POST', path: '/api/conversations/:id/read', body: 'none', auth: 'user' },
      { method: 'GET', path: '/api/messages/unread-count', body: 'none', auth: 'user' },
      { method: 'POST', path: '/api/blocks', body: 'json', auth: 'user', sample: { userId: '6a5b4c3d-2e1f-4a9b-8c7d-6e5f4a3b2c1e' } },
      { method: 'GET', path: '/api/blocks', body: 'none', auth: 'user', query: ['cursor', 'limit'] },
      { method: 'DELETE', path: '/api/blocks/:id', body: 'none', auth: 'user', target: 'victimUser' },
      // Moderation's view of a reported conversation: service to service only.
      { method: 'GET', path: '/internal/content/conversation/:id', body: 'none', reach: 'internal', query: ['reporterId'] },
    ],
    async setup(ctx) {
      const listing = { category: 'Buy & Sell', title: 'Study table for sale', description: 'Solid wood study table with two drawers, pick up only.', location: 'Carlisle PA', price: 40, tier: 'free', status: 'active' };
      const listingId = await created(ctx.call('listings', 'POST', '/api/listings', { cookie: ctx.sessions.bystander, json: listing }), 'the messages victim listing');
      const open = async (cookie: string, what: string) => {
        const res = await ctx.call('messages', 'POST', '/api/conversations', { cookie, json: { listingId, text: 'Hello, is the table still available?' } });
        const id = (res.body as { conversation?: { id?: unknown } } | null)?.conversation?.id;
        if (res.status !== 201 || typeof id !== 'string') throw new Error(`setup: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
        return id;
      };
      return { victim: await open(ctx.sessions.victim, 'the victim conversation'), untouched: await open(ctx.sessions.admin, 'the untouched conversation'), victimUser: ctx.userIds.victim };
    },
  },
  gateway: {
    endpoints: [
      { method: 'GET', path: '/healthz', body: 'none' },
      { method: 'GET', path: '/readyz', body: 'none' },
      { method: 'GET', path: '/mf/registry.json', body: 'none' },
      // The API's description (issue 24 §1): the OpenAPI document, the docs page and its script.
      { method: 'GET', path: '/api/openapi.json', body: 'none' },
      { method: 'GET', path: '/api/docs', body: 'none' },
      { method: 'GET', path: '/api/docs/redoc.js', body: 'none' },
      // A remote served from its folder, one proxied to its own static server (forum), and hostile file names in both.
      { method: 'GET', path: '/mf/listings/:id', body: 'none', target: 'file' },
      { method: 'GET', path: '/mf/forum/:id', body: 'none', target: 'file' },
      // The shell's files and pages (the shell routes every page path, its own 404 page included).
      { method: 'GET', path: '/:id', body: 'none', target: 'page' },
      { method: 'GET', path: '/', body: 'none', query: ['q', 'page'] },
      { method: 'GET', path: '/listings', body: 'none', query: ['search', 'category'] },
      { method: 'GET', path: '/forum', body: 'none' },
      { method: 'GET', path: '/businesses', body: 'none' },
      { method: 'GET', path: '/admin', body: 'none' },
      { method: 'GET', path: '/no/such/page', body: 'none' },
      // A page whose head and status come from the renderer (a missing listing: 404 with the SPA document).
      { method: 'GET', path: '/listing/:id', body: 'none', target: 'listing' },
      { method: 'GET', path: '/search', body: 'none', query: ['q', 'type'] },
    ],
    setup: async () => ({ file: 'mf-manifest.json', page: 'index.html', listing: '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b' }),
  },
};

export const SERVICE_NAMES = Object.keys(CORPUS).filter((n): n is ServiceName => n !== 'gateway');

/** What every service answers besides its routes (service-kit health.ts): fuzzed directly for each service. */
const HEALTH_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/healthz', body: 'none', reach: 'direct' },
  { method: 'GET', path: '/readyz', body: 'none', reach: 'direct' },
];

/** Every endpoint of a corpus: its own, and for a service the kit's health endpoints. */
export function endpointsOf(name: CorpusName): Endpoint[] {
  return name === 'gateway' ? CORPUS.gateway.endpoints : [...CORPUS[name].endpoints, ...HEALTH_ENDPOINTS];
}

/**
 * The collections every service's database has (the kit's events): the outbox, whose entries the relay marks as
 * published, and the consumers' processed records.
 */
export const KIT_STORED: Record<string, StoredRule> = {
  // The relay's bookkeeping changes on every entry; the event itself (type, subject, data, order) must not.
  // An entry may be added only for an event about a record of the fuzz (a valid creation, a setup record, a user).
  outbox: {
    mutable: { fields: ['status', 'attempts', 'nextAttemptAt', 'lockedUntil', 'lockedBy', 'publishedAt', 'lastError'] },
    added: (doc, o) => {
      const data = JSON.stringify(doc.data);
      const known = [...o.answered, ...o.users, ...Object.values(o.records).flatMap((r) => Object.values(r))];
      return known.some((id) => data.includes(id));
    },
  },
  // A consumer handled an event: one from an outbox (any database), or one the fuzz's valid requests published straight
  // to JetStream (a view of the victim's post, an impression or click of the victim's ad).
  processed_events: {
    added: (doc, o) => o.outboxIds.has(String(doc.eventId)) || ['forum.post-viewed', 'ads.impression-recorded', 'ads.click-recorded'].includes(String(doc.type)),
  },
  // A periodic job's lease (service kit startLeasedJob): taken, renewed and given up by the replicas all the time.
  job_leases: {
    mutable: { fields: ['holder', 'until', 'lastRunAt'] },
    added: (doc) => Object.keys(doc).every((k) => ['_id', 'holder', 'until', 'lastRunAt'].includes(k)),
  },
  // A user's posting window (service kit createPostingLimits, `<action>:<userId>`): a valid creation by one of the
  // fuzz's users takes a slot in it.
  posting_limits: {
    mutable: { fields: ['slots', 'expiresAt'] },
    added: (doc, o) => o.users.has(String(doc._id).slice(String(doc._id).indexOf(':') + 1)),
    expiresAt: 'expiresAt',
  },
};

/**
 * The user agent of every fuzz request that does not set its own: a browser's, so the requests reach the code that
 * counts views, impressions and clicks (a request without one is taken for a bot, answered and not counted).
 */
export const ATTACKER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * A page of the site answered through the gateway with the status the renderer gave it (issue 20): a missing listing,
 * post or business, or an unknown route, is 404 (410: deleted) with the SPA document, so the shell shows its
 * not-found page: HTML, not a JSON error. Only pages (GET/HEAD, not /api, /uploads, /internal, /mf, no extension).
 */
export function isPageAnswer(answer: { status: number; contentType: string }, req: Pick<HostileRequest, 'method' | 'path'>, viaGateway: boolean): boolean {
  if (!viaGateway || !['GET', 'HEAD'].includes(req.method) || ![404, 410].includes(answer.status) || !/^text\/html/.test(answer.contentType)) return false;
  const path = req.path.split('?')[0]!;
  if (/^\/(api|uploads|internal|mf)(\/|$)/.test(path)) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/** Sizes over which a server refuses a request before reading it and closes: 413 over the services' JSON limit, 431 over Node's header limit. */
export const REFUSED_UNREAD = { bodyBytes: 100 * 1024, headerBytes: 16 * 1024 };

export interface HostileRequest {
  /** What the request tries, for the failure message. */
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}


const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** Values that must never be taken for data: operators, prototype keys, wrong types, huge and binary strings. */
const HOSTILE_VALUES: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  ['a', 'b'],
  [],
  {},
  null,
  true,
  -1,
  1e308,
  0.5,
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'javascript:alert(1)',
  { __proto__: { isAdmin: true } },
];

/** Ids an attacker puts where an id goes. */
const HOSTILE_IDS = [
  '..%2f..%2finternal',
  '%00',
  '%2e%2e',
  encodeURIComponent('{"$gt":""}'),
  'a'.repeat(5_000),
  'null',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '%E2%80%AE',
  '%ZZ',
  'img%2F..%2F..%2Fsecret.webp',
  "1'%20OR%20'1'%3D'1",
];

/** Every byte of the text's UTF-8 as %XX (encodeURIComponent refuses a lone surrogate; an attacker does not). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Query strings: operators, arrays, prototype keys, bad encoding, NUL, huge values. */
function hostileQueries(params: string[], rnd: () => number): string[] {
  const out = ['__proto__[isAdmin]=true', 'constructor[prototype][isAdmin]=true', '%ZZ=1', `q=${'a'.repeat(6_000)}`, '&&&==&'];
  for (const p of params) {
    out.push(`${p}[$regex]=.*`, `${p}[$ne]=`, `${p}=%00`, `${p}=a&${p}=b`, `${p}=${'9'.repeat(400)}`, `${p}=-1`, `${p}=%F0%9F%92%A9`);
  }
  // A few random mixes of the above.
  for (let i = 0; i < 4; i += 1) out.push(`${pick(rnd, params)}=${percentEncoded(String(pick(rnd, HOSTILE_VALUES.filter((v) => typeof v === 'string'))))}`);
  return out;
}

/** Deeply nested JSON: arrays and objects, deeper than any parser should recurse. */
function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON bodies that are broken, lying about themselves, too big or full of hostile values. */
function hostileJsonBodies(sample: Record<string, unknown>, rnd: () => number): Array<{ name: string; headers: Record<string, string>; body: Buffer }> {
  const json = (name: string, value: unknown, headers: Record<string, string> = {}) => ({ name, headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)) });
  const valid = JSON.stringify(sample);
  const out: Array<{ name: string; headers: Record<string, string>; body: Buffer }> = [
    json('truncated JSON', valid.slice(0, Math.max(1, Math.floor(valid.length * rnd())))),
    json('not JSON', 'hello'),
    json('JSON null', 'null'),
    json('JSON array', '[1,2,3]'),
    json('JSON string', '"text"'),
    json('JSON number', '42'),
    json('empty body', ''),
    json('BOM and garbage', '\ufeff{"a":1,}'),
    json('duplicate keys', `{"username":"a","username":{"$gt":""}}`),
    json('deeply nested object', deeplyNested(20_000)),
    json('deeply nested array', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
    json('huge body (2 MB)', JSON.stringify({ ...sample, padding: 'x'.repeat(2_000_000) })),
    json('prototype keys', `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},${valid.slice(1)}`),
    json('operator at the top', { $where: '1', ...sample }),
    json('lying gzip', valid, { 'content-encoding': 'gzip' }),
    json('lying deflate', valid, { 'content-encoding': 'deflate' }),
    json('lying brotli', valid, { 'content-encoding': 'br' }),
    json('unknown encoding', valid, { 'content-encoding': 'zstd-bogus' }),
    json('double encoding', valid, { 'content-encoding': 'gzip, gzip' }),
    { name: 'truncated gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(valid).subarray(0, 10) },
    { name: 'gzip bomb', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(30_000_000, 0x61), Buffer.from('"}')])) },
    json('wrong charset', valid, { 'content-type': 'application/json; charset=utf-16' }),
    json('bogus charset', valid, { 'content-type': 'application/json; charset=x-evil' }),
    { name: 'form-encoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('username[$gt]=&password[$gt]=') },
    { name: 'text/plain JSON', headers: { 'content-type': 'text/plain' }, body: Buffer.from(valid) },
    { name: 'no content type', headers: {}, body: Buffer.from(valid) },
    { name: 'multipart to a JSON endpoint', headers: { 'content-type': 'multipart/form-data; boundary=ZZ' }, body: Buffer.from('--ZZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--ZZ--\r\n') },
    { name: 'binary garbage', headers: { 'content-type': 'application/json' }, body: Buffer.from(Array.from({ length: 512 }, () => Math.floor(rnd() * 256))) },
  ];
  // Each field of the sample replaced by a hostile value, and a hostile extra field.
  for (const key of Object.keys(sample)) {
    const value = pick(rnd, HOSTILE_VALUES);
    out.push(json(`${key} = ${JSON.stringify(value)?.slice(0, 40)}`, { ...sample, [key]: value }));
    out.push(json(`${key} as an operator`, { ...sample, [key]: { $gt: '' } }));
  }
  out.push(json('server-set fields', { ...sample, id: 'x', _id: { $oid: '0' }, userId: 'someone-else', isAdmin: true, createdAt: 'yesterday' }));
  return out;
}


/** Multipart bodies: truncated anywhere, malformed, lying about their parts, over the limits. */
function hostileMultipartBodies(rnd: () => number): Array<{ name: string; headers: Record<string, string>; body: Buffer }> {
  const b = 'ZZfuzz';
  const type = { 'content-type': `multipart/form-data; boundary=${b}` };
  const part = (filename: string, contentType: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`), data, Buffer.from('\r\n')]);
  const valid = Buffer.concat([part('a.png', 'image/png', PNG), Buffer.from(`--${b}--\r\n`)]);
  const out: Array<{ name: string; headers: Record<string, string>; body: Buffer }> = [
    { name: 'no closing boundary (the issue 16 kill)', headers: { 'content-type': 'multipart/form-data; boundary=ZZ' }, body: Buffer.concat([Buffer.from('--ZZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), PNG.subarray(0, 8)]) },
    { name: 'headers only', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n`) },
    { name: 'no boundary parameter', headers: { 'content-type': 'multipart/form-data' }, body: valid },
    { name: 'wrong boundary', headers: { 'content-type': 'multipart/form-data; boundary=other' }, body: valid },
    { name: 'boundary too long', headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` }, body: valid },
    { name: 'LF line ends', headers: type, body: Buffer.from(valid.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') },
    { name: 'no Content-Disposition', headers: type, body: Buffer.from(`--${b}\r\nContent-Type: image/png\r\n\r\nxx\r\n--${b}--\r\n`) },
    { name: 'path in the file name', headers: type, body: Buffer.concat([part('../../../../etc/passwd', 'image/png', PNG), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'text that says image/png', headers: type, body: Buffer.concat([part('a.png', 'image/png', Buffer.from('<svg onload=alert(1)>')), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'PNG signature only', headers: type, body: Buffer.concat([part('a.png', 'image/png', PNG.subarray(0, 8)), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'huge part header', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"; filename="${'a'.repeat(100_000)}.png"\r\n\r\nxx\r\n--${b}--\r\n`) },
    { name: 'many parts', headers: type, body: Buffer.concat([...Array.from({ length: 60 }, (_, i) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`)), Buffer.from(`--${b}--\r\n`)]) },
    { name: 'nested multipart', headers: type, body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="images"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n\r\n--${b}--\r\n`) },
    { name: 'lying gzip', headers: { ...type, 'content-encoding': 'gzip' }, body: valid },
    { name: 'JSON content type', headers: { 'content-type': 'application/json' }, body: valid },
    { name: 'empty', headers: type, body: Buffer.alloc(0) },
  ];
  // Cut anywhere before the closing boundary.
  for (let i = 0; i < 8; i += 1) {
    const at = Math.floor(rnd() * (valid.length - b.length - 6));
    out.push({ name: `cut at byte ${at} of ${valid.length}`, headers: type, body: valid.subarray(0, at) });
  }
  return out;
}

/** Headers an attacker sends with any request. */
function hostileHeaders(): Array<{ name: string; headers: Record<string, string> }> {
  return [
    { name: 'oversized header', headers: { 'x-big': 'a'.repeat(20_000) } },
    { name: 'many cookies', headers: { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${'v'.repeat(40)}`).join('; ') } },
    { name: 'forged session cookie', headers: { cookie: 'cp_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiIsImlzQWRtaW4iOnRydWV9.' } },
    { name: 'garbage bearer', headers: { authorization: `Bearer ${'x'.repeat(3_000)}` } },
    { name: 'garbage forwarded headers', headers: { 'x-forwarded-for': '1.1.1.1, <script>, ::::', 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'evil.example' } },
    { name: 'bad request id', headers: { 'x-request-id': '\u00ff'.repeat(10) } },
    { name: 'origin with userinfo', headers: { origin: 'http://evil.example@localhost' } },
    { name: 'accept-encoding garbage', headers: { 'accept-encoding': 'br;q=x, *;q=-1, gzip;q=NaN' } },
    { name: 'range garbage', headers: { range: 'bytes=999999999999-1,-,a-b' } },
    { name: 'huge user agent', headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(8_000)}` } },
  ];
}

/** Every other method on an endpoint's path (GET /api/logout once answered a plain-text 405). */
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD'];

/** The endpoint's path with `:id` replaced. */
const pathOf = (endpoint: Endpoint, id: string) => endpoint.path.replace(':id', id);

/** The endpoint's headers and body as a valid request sends them. */
function validBody(endpoint: Endpoint): Pick<HostileRequest, 'headers' | 'body'> {
  return endpoint.body === 'json' ? { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(endpoint.sample ?? {})) } : { headers: {} };
}

/**
 * Every hostile request for one endpoint: its own method with hostile bodies, headers, ids and query strings, and
 * the other methods on its path — except those another endpoint of `siblings` serves there (a DELETE on the path of a
 * PUT is that DELETE endpoint, fuzzed as such and in its turn). `id` is a real id for `:id` (a setup record).
 */
export function hostileRequests(endpoint: Endpoint, rnd: () => number, id: string, siblings: Endpoint[] = []): HostileRequest[] {
  const path = pathOf(endpoint, id);
  const out: HostileRequest[] = [];
  const add = (name: string, req: Omit<HostileRequest, 'name'>) => out.push({ name: `${endpoint.method} ${endpoint.path}: ${name}`, ...req });
  const bodies = endpoint.body === 'json' ? hostileJsonBodies(endpoint.sample ?? {}, rnd) : endpoint.body === 'multipart' ? hostileMultipartBodies(rnd) : [];
  for (const b of bodies) add(b.name, { method: endpoint.method, path, headers: b.headers, body: b.body });
  if (endpoint.body === 'none' && endpoint.method !== 'GET') {
    add('an unexpected JSON body', { method: endpoint.method, path, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"$where":"1"}') });
    add('an unexpected lying gzip body', { method: endpoint.method, path, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: Buffer.from('{}') });
  }
  const valid = validBody(endpoint);
  for (const h of hostileHeaders()) add(h.name, { method: endpoint.method, path, ...valid, headers: { ...h.headers, ...valid.headers } });
  if (endpoint.path.includes(':id')) {
    for (const bad of HOSTILE_IDS) add(`id ${bad.slice(0, 30)}`, { method: endpoint.method, path: pathOf(endpoint, bad), ...valid });
  }
  for (const q of hostileQueries(endpoint.query ?? ['q'], rnd)) add(`query ${q.slice(0, 40)}`, { method: endpoint.method, path: `${path}?${q}`, headers: {} });
  const served = new Set(siblings.filter((s) => s.path === endpoint.path).map((s) => s.method));
  for (const m of WRONG_METHODS.filter((x) => !served.has(x as Endpoint['method']) && x !== endpoint.method)) add(`method ${m}`, { method: m, path, headers: {} });
  return out;
}

/** An access check: a valid request to an endpoint behind a login, sent as `caller`, must be refused with `status`. */
export interface AccessProbe {
  req: HostileRequest;
  caller: 'nobody' | 'attacker';
  status: 401 | 403;
}

/** Logged out every protected endpoint answers 401; an admin endpoint with a non-admin session 403 (both JSON). */
export function accessProbes(endpoint: Endpoint, id: string): AccessProbe[] {
  if (!endpoint.auth) return [];
  const req = (who: string): HostileRequest => ({ name: `${endpoint.method} ${endpoint.path}: valid, ${who}`, method: endpoint.method, path: pathOf(endpoint, id), ...validBody(endpoint) });
  const probes: AccessProbe[] = [{ req: req('logged out'), caller: 'nobody', status: 401 }];
  if (endpoint.auth === 'admin') probes.push({ req: req('not an admin'), caller: 'attacker', status: 403 });
  return probes;
}

/** Service-to-service paths as the gateway must refuse them: the plain request and its near spellings, 404 JSON. */
export function internalProbes(endpoint: Endpoint, id: string): HostileRequest[] {
  const path = pathOf(endpoint, id);
  return [path, `${path}/`, `${path}?x=1`, path.replace(/\/[^/]+$/, ''), '/internal', '/internal/'].map((p) => ({ name: `internal ${p} through the gateway`, method: endpoint.method, path: p, headers: {} }));
}

/** Requests Node's own parser refuses (written to the socket as they are): the answer must still be JSON. */
export const MALFORMED_HTTP: Array<{ name: string; raw: (host: string) => string }> = [
  { name: 'bad Content-Length', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n` },
  { name: 'two Content-Lengths', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}` },
  { name: 'broken chunked body', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n` },
  { name: 'smuggling: chunked and length', raw: (host) => `POST /api/listings HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /internal/sessions/x HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'header without a colon', raw: (host) => `GET /api/listings HTTP/1.1\r\nHost: ${host}\r\nNoColonHere\r\n\r\n` },
  { name: 'bad method characters', raw: (host) => `G{T /api/listings HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'HTTP/9', raw: (host) => `GET /api/listings HTTP/9.9\r\nHost: ${host}\r\n\r\n` },
  { name: 'oversized request line', raw: (host) => `GET /api/listings?${'a'.repeat(70_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  { name: 'control characters in a header', raw: (host) => `GET /api/listings HTTP/1.1\r\nHost: ${host}\r\nX-A: a\u0000b\r\n\r\n` },
];
