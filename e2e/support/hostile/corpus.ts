/**
 * The hostile-input corpus (issue 16), its data: every endpoint of every service and of the gateway, the records each
 * service's fuzz aims at, and what the fuzz may legitimately do to the stored data. The site's own services have their
 * entries in CORPUS (endpoints, setup, cleanup, stored-data rules); a team's service brings its entry from its own
 * folder (`hostile` of e2e/support/team-checks.ts), joined here by loadCorpora. The test file
 * (e2e/hostile-input.test.ts) knows no service by name, and fails for a running service without a corpus. What an
 * attacker sends the endpoints is generators.ts (seeded: FUZZ_SEED, printed by the test); the shapes are types.ts; the
 * rules every service shares, rules.ts.
 */
import { verifyDirect } from '../site.ts';
import { PNG } from './generators.ts';
import { KIT_STORED, answeredId, created } from './rules.ts';
import { teamChecks } from '../team-checks.ts';
import type { Corpus, CorpusName, Endpoint } from './types.ts';

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

/** A valid upload of one image (the victim's listing shows it). */
function imageUpload(): { type: string; data: Buffer } {
  const b = 'ZZsetup';
  const head = `--${b}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { type: `multipart/form-data; boundary=${b}`, data: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${b}--\r\n`)]) };
}

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
      forum_views: { added: (doc, o) => String(doc._id).startsWith(`${o.records.forum?.victim}:`) },
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
      const ours = new Set([...o.answered, ...Object.values(o.records.ads ?? {})]);
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
      ad_visitor_windows: { added: (doc, o) => String(doc._id).split(':')[1] === o.records.ads?.victim, expiresAt: 'expiresAt' },
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
        added: (doc, o) => doc.kind === 'reply-notice' && doc.subjectKey === o.records.forum?.victim,
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

/** What every service answers besides its routes (service-kit health.ts): fuzzed directly for each service. */
const HEALTH_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/healthz', body: 'none', reach: 'direct' },
  { method: 'GET', path: '/readyz', body: 'none', reach: 'direct' },
];

/** The corpora of a run: the site's own (CORPUS) and every team's, from its folder (e2e/support/team-checks.ts). */
export interface Corpora {
  /** Every corpus by name, the gateway's included. */
  all: Record<string, Corpus>;
  /** The services' names (every corpus but the gateway's). */
  services: string[];
  /** Every endpoint of a corpus: its own, and for a service the kit's health endpoints. */
  endpointsOf(name: string): Endpoint[];
}

export async function loadCorpora(): Promise<Corpora> {
  const all: Record<string, Corpus> = { ...CORPUS };
  for (const { folder, checks } of await teamChecks()) {
    for (const [name, corpus] of Object.entries(checks.hostile ?? {})) {
      if (all[name]) throw new Error(`${folder}: a hostile-input corpus for "${name}" exists already`);
      all[name] = corpus;
    }
  }
  return {
    all,
    services: Object.keys(all).filter((n) => n !== 'gateway'),
    endpointsOf: (name) => (name === 'gateway' ? CORPUS.gateway.endpoints : [...all[name]!.endpoints, ...HEALTH_ENDPOINTS]),
  };
}
