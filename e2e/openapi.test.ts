import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../infra/src/paths.ts';
import { checkApiAnswer, documentedOperation } from './support/api-check.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, createDirect, loginDirect, newUser, openConversationDirect, registerDirect, verifyDirect } from './support/site.ts';
import { teamChecks, type ApiCall } from './support/team-checks.ts';

/**
 * Issue 24 §1 in the running system: every public GET of the OpenAPI document, called through the gateway on the demo
 * data (and on records made here for the signed-in ones), answers as the document says (api-check.ts: documented
 * status, body matching the schema); and /api/docs shows the document in a browser that may reach nothing but the
 * site. The pages' own GETs are checked in every browser test (support/browser.ts). A team's service brings the calls
 * for its part of the document from its own folder (`openapi` of support/team-checks.ts).
 */

const doc = JSON.parse(readFileSync(path.join(repoRoot(), 'services/gateway/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const documentedGets = Object.entries(doc.paths).flatMap(([template, ops]) => ('get' in ops ? [template] : []));

const ids = { listing: '', post: '', business: '', conversation: '', ad: '' };
let sellerSession = '';
const tokens = { user: '', admin: '' };
/** The teams' calls, and what removes the records they made. */
const teamCalls: ApiCall[] = [];
const teamCleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const { serviceUrls } = e2eEnv();
  const seller = newUser('oaseller');
  const buyer = newUser('oabuyer');
  const sellerToken = await registerDirect(seller);
  tokens.user = await registerDirect(buyer);
  await verifyDirect(buyer);
  await verifyDirect(seller);
  tokens.user = await loginDirect(buyer); // the session now says verified
  ids.listing = await createDirect(`${serviceUrls.listings}/api/listings`, sellerToken, {
    title: 'OpenAPI check bicycle',
    category: 'Buy & Sell',
    description: 'A blue bicycle in good condition, pick up in Camp Hill.',
    price: 80,
    location: 'Camp Hill PA',
  });
  ids.conversation = await openConversationDirect(tokens.user, ids.listing, 'Is the bicycle still available?');
  const admin = newUser('oaadmin');
  await createAdmin(admin);
  tokens.admin = await loginDirect(admin);
  ids.post = await createDirect(`${serviceUrls.forum}/api/forum/posts`, sellerToken, {
    category: 'General',
    title: 'OpenAPI check: where to buy a bicycle?',
    content: 'Any shop in Mechanicsburg that sells good second-hand bicycles?',
  });
  await createDirect(`${serviceUrls.forum}/api/forum/posts/${ids.post}/replies`, tokens.user, { content: 'Try the one near the library.' });
  ids.business = await createDirect(`${serviceUrls.directory}/api/admin/businesses`, tokens.admin, {
    name: 'OpenAPI check cycles',
    mainCategory: 'Shopping',
    description: 'Bicycles sold and repaired.',
    address: '5 Market St, Carlisle, PA',
    phone: '717-555-0178',
  });
  ids.ad = await createDirect(`${serviceUrls.ads}/api/advertisements`, tokens.admin, {
    title: 'OpenAPI check ad',
    description: 'Tune-ups at half price this week.',
    ctaText: 'Book',
    ctaUrl: 'https://cycles.example/book',
    size: 'large',
    placement: 'category-top',
  });
  sellerSession = sellerToken;
  for (const { checks } of await teamChecks()) {
    const team = await checks.openapi?.();
    teamCalls.push(...(team?.calls ?? []));
    if (team?.cleanup) teamCleanups.push(team.cleanup);
  }
}, 180_000);

// Other files count listings, businesses and ads: what this file made goes again (a post, a conversation cannot be deleted).
afterAll(async () => {
  const { serviceUrls } = e2eEnv();
  const remove = (url: string, token: string) => fetch(url, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
  if (ids.listing) await remove(`${serviceUrls.listings}/api/listings/${ids.listing}`, sellerSession);
  if (ids.business) await remove(`${serviceUrls.directory}/api/admin/businesses/${ids.business}`, tokens.admin);
  if (ids.ad) await remove(`${serviceUrls.ads}/api/advertisements/${ids.ad}`, tokens.admin);
  for (const cleanup of teamCleanups) await cleanup();
});

/** Every GET, with the values that make it answer its main case (and some that answer its documented errors). */
function calls(): ApiCall[] {
  const u = tokens.user;
  const a = tokens.admin;
  return [
    { path: '/api/auth/user' },
    { path: '/api/auth/user', token: u },
    { path: '/api/listings' },
    { path: '/api/listings?page=1' },
    { path: '/api/listings/mine?pageSize=5', token: u },
    { path: '/api/listings/mine' },
    { path: `/api/listings/${ids.listing}` },
    { path: '/api/listings/00000000-0000-4000-8000-000000000000' },
    { path: '/api/listings/reminders/unsubscribe' },
    { path: '/api/saved-listings', token: u },
    { path: '/api/saved-listings/ids', token: u },
    { path: '/api/saved-listings' },
    { path: '/api/saved-searches', token: u },
    { path: '/api/saved-searches/unsubscribe' },
    { path: '/api/forum/posts' },
    { path: '/api/forum/posts?limit=2' },
    { path: `/api/forum/posts/${ids.post}` },
    { path: `/api/forum/posts/${ids.post}/replies` },
    { path: `/api/forum/posts/${ids.post}/replies?limit=1` },
    { path: '/api/businesses' },
    { path: '/api/businesses?limit=3' },
    { path: `/api/businesses/${ids.business}` },
    { path: `/api/businesses/${ids.business}/reviews` },
    { path: '/api/yellow-pages' },
    { path: '/api/yellow-pages?limit=2' },
    { path: '/api/advertisements' },
    { path: '/api/advertisements', token: a },
    { path: '/api/advertisements?limit=1' },
    { path: '/api/search/listings?search=bicycle' },
    { path: '/api/search/suggest?q=bic' },
    { path: '/api/search?q=bicycle' },
    { path: '/api/newsletter/unsubscribe?token=not-a-token' },
    { path: '/api/message-mails/unsubscribe?token=00000000-0000-4000-8000-000000000000' },
    { path: '/api/conversations', token: u },
    { path: `/api/conversations/${ids.conversation}`, token: u },
    { path: `/api/conversations/${ids.conversation}/messages`, token: u },
    { path: '/api/messages/unread-count', token: u },
    { path: '/api/messages/stream', token: u },
    { path: '/api/blocks', token: u },
    { path: '/api/admin/moderation/cases', token: a },
    { path: '/api/admin/moderation/cases', token: u },
    { path: '/api/admin/moderation/bans', token: a },
    { path: '/api/admin/moderation/log', token: a },
    { path: '/api/admin/releases', token: a },
    { path: '/api/admin/releases', token: u },
    { path: '/api/admin/operations', token: a },
    { path: '/api/admin/operations?window=15m&step=5', token: a },
    { path: '/api/admin/operations?window=2d', token: a },
    { path: '/api/admin/operations', token: u },
    { path: '/api/admin/operations' },
    { path: '/api/openapi.json' },
    { path: '/api/docs' },
    { path: '/api/docs/redoc.js' },
    { path: '/uploads/img/00000000-0000-4000-8000-000000000000.webp' },
    { path: '/robots.txt' },
    { path: '/sitemap.xml' },
    { path: '/sitemaps/static.xml' },
    { path: '/sitemaps/listings-1.xml' },
    { path: '/og/site.jpg' },
    { path: `/og/listing/${ids.listing}.jpg` },
    { path: `/og/business/${ids.business}.jpg` },
    { path: '/og/category/buy-sell.jpg' },
    ...teamCalls,
  ];
}

test('every public GET answers as the OpenAPI document says', async () => {
  const { site } = e2eEnv();
  const problems: string[] = [];
  const covered = new Set<string>();
  for (const call of calls()) {
    const url = `${site}${call.path}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 20_000);
    const res = await fetch(url, { headers: call.token ? { cookie: `cp_session=${call.token}` } : {}, redirect: 'manual', signal: abort.signal });
    const contentType = res.headers.get('content-type') ?? undefined;
    // The message stream never ends: its status and type are what there is to check.
    const body = contentType?.startsWith('text/event-stream') ? (abort.abort(), '') : await res.text();
    clearTimeout(timer);
    const route = documentedOperation('GET', new URL(url).pathname);
    if (route) covered.add(route.template);
    const problem = checkApiAnswer({ method: 'GET', url, status: res.status, contentType: contentType?.startsWith('text/event-stream') ? undefined : contentType, body });
    if (problem && !(contentType?.startsWith('text/event-stream') && res.status === 200)) problems.push(`${problem}${call.token ? ' (signed in)' : ''}`);
  }
  expect(problems).toEqual([]);
  // A GET added to the document without a call here fails this test.
  expect(documentedGets.filter((t) => !covered.has(t))).toEqual([]);
}, 120_000);

test('/api/docs shows the API reference with nothing from another origin', async () => {
  await withPage(async ({ page, context, site, pageErrors }) => {
    const outside: string[] = [];
    const consoleErrors: string[] = [];
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === new URL(site).origin || route.request().url().startsWith('blob:') || route.request().url().startsWith('data:')) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto('/api/docs');
    await page.getByText('Central PA Desi Community — public API').first().waitFor();
    await page.getByRole('heading', { name: 'Listings: the whole list' }).waitFor();
    await page.getByRole('heading', { name: 'Forum posts, newest first' }).waitFor();
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
