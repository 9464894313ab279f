import { BusinessSchema, ForumPostSchema, RemotePagePreviewSchema, IdSchema, LISTING_CATEGORIES, PAGE_NOT_FOUND, LISTING_EXPIRED_MESSAGE, ListingSchema, LOCATIONS, PRICE_BUCKET_IDS, truncateMetaDescription, yellowPagesChoiceOf, yellowPagesPath } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import type { RemotePagesReader } from '../remote-pages.ts';
import type { Fetched, ServiceClient } from '../upstream.ts';
import { renderHead, oneLine, SITE_IMAGE_PATH, type PageHead, type SiteInfo, absoluteUrl } from './head.ts';
import { businessJsonLd, forumPostJsonLd, listingJsonLd, websiteJsonLd } from './structured-data.ts';

export interface PageHeadDeps {
  site: SiteInfo;
  services: { listings: ServiceClient; forum: ServiceClient; directory: ServiceClient };
  /** The whole budget of one page's requests to the services (ms). */
  budgetMs: number;
  logger: Logger;
  /** The pages the deployed remotes declare (issue 35); absent: none. */
  remotePages?: RemotePagesReader | undefined;
  /** Reads a public API GET from the service that owns it, configured or registered (a declared page's `preview`). */
  readApi?: ((apiPath: string, signal: AbortSignal) => Promise<Response>) | undefined;
}

/** Pages of a signed-in person, or of a one-time link: never in a search engine. */
const PRIVATE_PAGES: Record<string, string> = {
  '/admin': 'Admin Dashboard',
  '/my-listings': 'My Listings',
  '/saved': 'Saved Listings',
  '/alerts': 'My Alerts',
  '/alerts/unsubscribe': 'Stop an Alert',
  '/auth': 'Login or Register',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/verify-email': 'Verify Your E-mail',
  '/newsletter/confirm': 'Newsletter',
  '/newsletter/unsubscribe': 'Newsletter',
  // Issue 22: the expiry reminder's links.
  '/renew-listing': 'Renew Listing',
  '/reminders/unsubscribe': 'Expiry Reminders',
  // Issue 23: a signed-in person's messages (mf-messages); one conversation is /messages/{id}, below.
  '/messages': 'Messages',
  '/messages/new': 'New Message',
  '/messages/unsubscribe': 'Message E-mails',
};

/** Pages whose head depends on nothing but the site. */
const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/forum': { title: 'Community Forum', description: 'Questions, recommendations, events and news from the Indian community of Central Pennsylvania.' },
  '/businesses': { title: 'Business Directory', description: 'Indian and desi businesses in Central Pennsylvania: ratings, reviews, addresses and phone numbers.' },
  '/yellow-pages': { title: 'Yellow Pages', description: 'Find desi businesses and services in Central PA by category: food, health, home, professional services and more.' },
  '/about': { title: 'About the Founder', description: 'Who runs the Central PA Desi Community site, and why.' },
  '/terms': { title: 'Terms and Conditions', description: 'The terms of use of the Central PA Desi Community classifieds, forum and business directory.' },
  '/contact': { title: 'Contact Us', description: 'Questions, feedback or help with a listing: write to the Central PA Desi Community team.' },
};

const withSite = (title: string, site: SiteInfo) => `${title} | ${site.siteName}`;

/** The generic head: the site's own title and description (a page whose data could not be read in time). */
function genericHead(site: SiteInfo, canonicalPath: string): PageHead {
  return { status: 200, title: site.siteName, description: site.siteDescription, canonicalPath, ogType: 'website', imagePath: SITE_IMAGE_PATH, jsonLd: [], incomplete: true };
}

function notFoundHead(site: SiteInfo, status: 404 | 410 = 404, goneTitle = 'This Listing Was Removed'): PageHead {
  return {
    status,
    title: withSite(status === 410 ? goneTitle : PAGE_NOT_FOUND, site),
    description: site.siteDescription,
    noindex: true,
    ogType: 'website',
    imagePath: SITE_IMAGE_PATH,
    jsonLd: [],
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/listings/` and `/listings` are one page (the shell's router matches both). */
function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The listings page's own filters, in a fixed order, values it knows only (what the canonical URL keeps). */
function listingsQuery(query: URLSearchParams): { canonical: string; title: string } {
  const out = new URLSearchParams();
  const category = query.get('category');
  const location = query.get('location');
  const price = query.get('price');
  const search = oneLine(query.get('search') ?? '').slice(0, 100);
  const page = Number(query.get('page'));
  if (category && (LISTING_CATEGORIES as readonly string[]).includes(category)) out.set('category', category);
  if (location && (LOCATIONS as readonly string[]).includes(location)) out.set('location', location);
  if (price && (PRICE_BUCKET_IDS as readonly string[]).includes(price)) out.set('price', price);
  if (search) out.set('search', search);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.set('page', String(page));
  const what = out.get('category') ?? 'Classifieds';
  const where = out.get('location') ? ` in ${out.get('location')}` : ' in Central PA';
  const title = `${search ? `${search}: ` : ''}${what}${where}${out.has('page') ? ` (page ${out.get('page')})` : ''}`;
  const qs = out.toString();
  return { canonical: `/listings${qs ? `?${qs}` : ''}`, title };
}

/** The data of one entity in the budget: `undefined` (and a log line) when the service failed or was too slow. */
function logged<T>(deps: PageHeadDeps, what: string, fetched: Fetched<T>): Fetched<T> {
  if (fetched.kind === 'failed') deps.logger.warn({ page: what, reason: fetched.reason }, 'page data not read: the generic head answers');
  return fetched;
}

/**
 * The head and status of the page at `target` (a path with its query, as the browser asked it). Entity pages read
 * their entity from its service's public GET endpoint within the budget; a missing one is a 404 (410 when the
 * service says it was deleted), a failed or slow one the generic head with 200 (the SPA still works).
 */
export async function pageHead(deps: PageHeadDeps, target: string): Promise<{ status: 200 | 404 | 410; head: string; incomplete: boolean }> {
  const head = await buildPageHead(deps, target);
  return { status: head.status, head: renderHead(head, deps.site), incomplete: head.incomplete === true };
}

/**
 * What a declared page's `preview` endpoint says is on the page now (issue 35), or undefined — the page's declared head
 * — when there is no reader, or the service does not answer 200 with RemotePagePreviewSchema within the page's budget.
 */
async function remotePagePreview(deps: PageHeadDeps, apiPath: string, signal: AbortSignal) {
  if (!deps.readApi) return undefined;
  try {
    const res = await deps.readApi(apiPath, signal);
    if (res.status !== 200) {
      deps.logger.warn({ apiPath, status: res.status }, 'page preview: not available; the declared head instead');
      return undefined;
    }
    const preview = RemotePagePreviewSchema.safeParse(await res.json());
    if (!preview.success) deps.logger.warn({ apiPath }, 'page preview: the answer breaks the schema; the declared head instead');
    return preview.success ? preview.data : undefined;
  } catch (err) {
    deps.logger.warn({ apiPath, err: err instanceof Error ? err.message : String(err) }, 'page preview: failed; the declared head instead');
    return undefined;
  }
}

export async function buildPageHead(deps: PageHeadDeps, target: string): Promise<PageHead> {
  const { site } = deps;
  let parsed: URL;
  try {
    parsed = new URL(target, 'http://page.invalid');
  } catch {
    return notFoundHead(site); // no page has such a path
  }
  const path = normalisePath(parsed.pathname);
  const signal = AbortSignal.timeout(deps.budgetMs);

  if (path === '/' || path === '/index.html') {
    return { status: 200, title: site.siteName, description: site.siteDescription, canonicalPath: '/', ogType: 'website', imagePath: SITE_IMAGE_PATH, jsonLd: websiteJsonLd(site) };
  }
  // A conversation is its two participants' only: nothing of it is read here, whoever asks (an id of ours, else 404).
  const conversation = /^\/messages\/([^/]+)$/.exec(path);
  const privateTitle = PRIVATE_PAGES[path] ?? (conversation && IdSchema.safeParse(safeDecode(conversation[1]!)).success ? 'Conversation' : undefined);
  if (privateTitle) {
    return { status: 200, title: withSite(privateTitle, site), description: site.siteDescription, noindex: true, ogType: 'website', imagePath: SITE_IMAGE_PATH, jsonLd: [] };
  }
  if (path === '/yellow-pages') {
    // A chosen category is a page of its own (a link shared in a group): its name in the title, its URL canonical.
    const choice = yellowPagesChoiceOf(parsed.searchParams);
    if (choice) {
      const what = choice.subCategory ? `${choice.subCategory} (${choice.mainCategory})` : choice.mainCategory;
      return {
        status: 200,
        title: withSite(`${choice.subCategory ?? choice.mainCategory} | Yellow Pages`, site),
        description: truncateMetaDescription(`${what}: desi businesses and services in Central Pennsylvania, with phone numbers, addresses and reviews.`),
        canonicalPath: yellowPagesPath(choice),
        ogType: 'website',
        imagePath: SITE_IMAGE_PATH,
        jsonLd: [],
      };
    }
  }
  const fixed = STATIC_PAGES[path];
  if (fixed) {
    return { status: 200, title: withSite(fixed.title, site), description: fixed.description, canonicalPath: path, ogType: 'website', imagePath: SITE_IMAGE_PATH, jsonLd: [] };
  }
  if (path === '/listings') {
    const { canonical, title } = listingsQuery(parsed.searchParams);
    return {
      status: 200,
      title: withSite(title, site),
      description: truncateMetaDescription(`${title}: buy and sell, rentals, jobs, services and events posted by the Indian community of Central Pennsylvania.`),
      canonicalPath: canonical,
      ogType: 'website',
      imagePath: SITE_IMAGE_PATH,
      jsonLd: [],
    };
  }
  if (path === '/search') {
    // Result pages are endless variations of one page: followed, never indexed.
    const q = oneLine(parsed.searchParams.get('q') ?? '').slice(0, 100);
    return { status: 200, title: withSite(q ? `Search: ${q}` : 'Search', site), description: site.siteDescription, noindex: true, ogType: 'website', imagePath: SITE_IMAGE_PATH, jsonLd: [] };
  }

  const entity = /^\/(listing|forum\/post|business)\/([^/]+)$/.exec(path);
  if (!entity) {
    // A page a remote declares (a new team's /events): its own head; any other path is no page of the site.
    const declared = (await deps.remotePages?.(signal))?.get(path.toLowerCase());
    if (!declared) return notFoundHead(site);
    const now = declared.preview ? await remotePagePreview(deps, declared.preview, signal) : undefined;
    return {
      status: 200,
      title: withSite(now?.title ?? declared.title, site),
      description: truncateMetaDescription(now?.description ?? declared.description),
      canonicalPath: declared.path,
      ...(declared.index === false ? { noindex: true } : {}),
      ogType: 'website',
      imagePath: SITE_IMAGE_PATH,
      jsonLd: [],
    };
  }
  const [, kind, rawId] = entity;
  let id: string;
  try {
    id = decodeURIComponent(rawId!);
  } catch {
    return notFoundHead(site);
  }
  if (!IdSchema.safeParse(id).success) return notFoundHead(site); // no id of ours: nothing to ask
  const canonicalPath = `/${kind}/${id}`;
  const url = absoluteUrl(site, canonicalPath);

  if (kind === 'listing') {
    const got = logged(deps, canonicalPath, await deps.services.listings.getJson(`/api/listings/${id}`, ListingSchema, signal));
    if (got.kind === 'not-found') return notFoundHead(site);
    // Deleted (its tombstone) or, issue 22, expired / done past DONE_VISIBLE_DAYS: both 410, each said as it is.
    if (got.kind === 'gone') return notFoundHead(site, 410, got.error === LISTING_EXPIRED_MESSAGE ? 'This Listing Has Expired' : undefined);
    if (got.kind === 'failed') return genericHead(site, canonicalPath);
    const listing = got.data;
    const price = typeof listing.price === 'number' && listing.price > 0 ? `$${listing.price.toLocaleString('en-US')}` : null;
    return {
      status: 200,
      title: withSite(oneLine(listing.title), site),
      // Spec §2: at most 155 characters (152 plus an ellipsis), with the price and the location.
      description: truncateMetaDescription([price, listing.location, listing.description].filter(Boolean).join(' · ')),
      canonicalPath,
      ogType: 'article',
      imagePath: `/og/listing/${id}.jpg`,
      jsonLd: listingJsonLd(listing, site, url),
    };
  }
  if (kind === 'forum/post') {
    const got = logged(deps, canonicalPath, await deps.services.forum.getJson(`/api/forum/posts/${id}`, ForumPostSchema, signal));
    if (got.kind === 'not-found' || got.kind === 'gone') return notFoundHead(site);
    if (got.kind === 'failed') return genericHead(site, canonicalPath);
    const post = got.data;
    return {
      status: 200,
      title: withSite(oneLine(post.title), site),
      description: truncateMetaDescription(`${post.category} · ${post.content}`),
      canonicalPath,
      ogType: 'article',
      imagePath: SITE_IMAGE_PATH,
      jsonLd: forumPostJsonLd(post, url),
    };
  }
  const got = logged(deps, canonicalPath, await deps.services.directory.getJson(`/api/businesses/${id}`, BusinessSchema, signal));
  if (got.kind === 'not-found' || got.kind === 'gone') return notFoundHead(site);
  if (got.kind === 'failed') return genericHead(site, canonicalPath);
  const business = got.data;
  return {
    status: 200,
    title: withSite(oneLine(business.name), site),
    description: truncateMetaDescription([business.mainCategory ?? business.category, business.address, business.description].filter(Boolean).join(' · ')),
    canonicalPath,
    ogType: 'business.business',
    imagePath: `/og/business/${id}.jpg`,
    jsonLd: businessJsonLd(business, url),
  };
}
