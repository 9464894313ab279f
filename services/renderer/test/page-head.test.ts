import { randomUUID } from 'node:crypto';
import { ListingSchema } from '@cp/contracts';
import { listingJsonLd } from '../src/pages/structured-data.ts';
import { askPage, call, DOWN, hangingServer, pageFrames, PUBLIC_URL, startRenderer, startRendererStack, type RendererStack } from './helpers.ts';
import { createMetrics, type ServiceMetrics } from '@cp/service-kit';
import { parseHead, type ParsedHead } from './head-parser.ts';

let s: RendererStack;
beforeAll(async () => {
  s = await startRendererStack();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

async function headOf(path: string, base = s.renderer.base, headers: Record<string, string> = {}): Promise<{ status: number; head: ParsedHead; raw: string }> {
  const { head: answer } = await pageFrames(await askPage(base, path, '', headers));
  const head = parseHead(answer.head, { fragment: true });
  // What any previewer needs, on every page: nothing of it leaks out of <head>, nothing in it executes.
  expect(head.bodyElements).toEqual([]);
  expect(head.executableScripts).toBe(0);
  return { status: answer.status, head, raw: answer.head };
}

/** The Open Graph and Twitter card every page has, with its absolute 1200×630 image. */
function expectPreview(head: ParsedHead, image: string) {
  expect(head.meta['og:title']).toBe(head.title);
  expect(head.meta['og:description']).toBe(head.meta.description);
  expect(head.meta['og:site_name']).toBe('Central PA Desi Community');
  expect(head.meta['og:type']).toMatch(/^(website|article|business\.business)$/);
  expect(head.meta['og:image']).toBe(`${PUBLIC_URL}${image}`);
  expect(head.meta['og:image:width']).toBe('1200');
  expect(head.meta['og:image:height']).toBe('630');
  expect(head.meta['twitter:card']).toBe('summary_large_image');
  expect(head.meta['twitter:image']).toBe(`${PUBLIC_URL}${image}`);
}

/** A pass-through to `target` that answers `delayMs` late. */
async function delayingProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    setTimeout(() => {
      fetch(new URL(req.url ?? '/', target), { headers: { accept: 'application/json' } }).then(
        async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => res.writeHead(502).end(),
      );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const typed = (head: ParsedHead, type: string) => head.jsonLd.filter((d) => d['@type'] === type);

async function newListing(body: Record<string, unknown>): Promise<string> {
  const { cookie } = await s.listings.newSession();
  const { listingBody } = await import('../../listings/test/helpers.ts');
  const res = await call(s.listings.base, 'POST', '/api/listings', { body: listingBody(body), cookie });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('page heads', () => {
  it('home: the site, its canonical on PUBLIC_URL (never the Host asked), a WebSite with a SearchAction', async () => {
    const { status, head } = await headOf('/', s.renderer.base, { host: 'evil.example' });
    expect(status).toBe(200);
    expect(head.title).toBe('Central PA Desi Community');
    expect(head.canonical).toBe(`${PUBLIC_URL}/`);
    expect(head.meta['og:url']).toBe(`${PUBLIC_URL}/`);
    expect(head.meta.robots).toBeUndefined();
    expectPreview(head, '/og/site.jpg');
    const [site] = typed(head, 'WebSite');
    expect(site).toMatchObject({ '@context': 'https://schema.org', url: `${PUBLIC_URL}/` });
    expect(site!.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: `${PUBLIC_URL}/search?q={search_term_string}` }, 'query-input': 'required name=search_term_string' });
  });

  it('a Buy & Sell listing: its title, a description of at most 155 characters with price and location, its image, a Product with an Offer', async () => {
    const id = await newListing({ title: 'Teak dining table', price: 450, location: 'Carlisle PA', description: `Solid teak table with six chairs. ${'Barely used, '.repeat(20)}` });
    const { status, head } = await headOf(`/listing/${id}`);
    expect(status).toBe(200);
    expect(head.title).toBe('Teak dining table | Central PA Desi Community');
    const description = head.meta.description!;
    expect(description.length).toBe(155);
    expect(description.endsWith('...')).toBe(true);
    expect(description.startsWith('$450 · Carlisle PA · Solid teak table')).toBe(true);
    expect(head.canonical).toBe(`${PUBLIC_URL}/listing/${id}`);
    expect(head.meta['og:url']).toBe(head.canonical);
    expectPreview(head, `/og/listing/${id}.jpg`);
    const [product] = typed(head, 'Product');
    expect(product).toMatchObject({ name: 'Teak dining table', url: head.canonical, offers: { '@type': 'Offer', price: 450, priceCurrency: 'USD' } });
  });

  it('markup in a listing stays text: escaped in the head, < escaped in the JSON-LD, which still parses to the same text', async () => {
    const evil = '</script><script>alert(1)</script><!-- "quoted" & \u2028';
    const id = await newListing({ title: `Bike ${evil}`.slice(0, 120), description: `A good bike. ${evil} more words here`, category: 'Home Rentals', price: 900 });
    const { status, head, raw } = await headOf(`/listing/${id}`);
    expect(status).toBe(200);
    expect(raw).not.toContain('<script>alert');
    expect(raw).not.toContain('</script><script>');
    expect(head.title).toContain('</script><script>alert(1)</script>');
    const [product] = typed(head, 'Product');
    expect(product!.description).toContain('</script><script>alert(1)</script><!-- "quoted" &');
    expect(product!.offers).toMatchObject({ price: 900, priceCurrency: 'USD' });
  });

  it('a job with its employer: a JobPosting with every required field, read from the real listings service', async () => {
    const id = await newListing({ category: 'Jobs', title: 'Line cook wanted', description: 'Full time line cook for our restaurant kitchen.', price: undefined, employer: 'Saffron Kitchen', location: 'Enola PA' });
    const { status, head } = await headOf(`/listing/${id}`);
    expect(status).toBe(200);
    const [job, ...more] = typed(head, 'JobPosting');
    expect(more).toEqual([]);
    const created = (await call(s.listings.base, 'GET', `/api/listings/${id}`)).body.createdAt as string;
    expect(job).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Line cook wanted',
      description: 'Full time line cook for our restaurant kitchen.',
      datePosted: created,
      hiringOrganization: { '@type': 'Organization', name: 'Saffron Kitchen' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Enola', addressRegion: 'PA', addressCountry: 'US' } },
      url: `${PUBLIC_URL}/listing/${id}`,
    });
  });

  it('a job without an employer: no JobPosting (its hiringOrganization is required); an organizer does not stand in', async () => {
    const id = await newListing({ category: 'Jobs', title: 'Line cook wanted', description: 'Full time line cook for our restaurant kitchen.', price: undefined, organizer: 'Saffron Kitchen', location: 'Enola PA' });
    const { status, head } = await headOf(`/listing/${id}`);
    expect(status).toBe(200);
    expect(head.title).toBe('Line cook wanted | Central PA Desi Community');
    expect(head.jsonLd).toEqual([]);
  });

  it('a JobPosting only when a job listing has every required field', () => {
    const site = { publicUrl: PUBLIC_URL, siteName: 'Central PA Desi Community', siteDescription: 'x' };
    const now = new Date().toISOString();
    const listing = ListingSchema.parse({ id: randomUUID(), userId: randomUUID(), category: 'Jobs', title: 'Line cook wanted', description: 'Full time line cook.', location: 'Enola PA', employer: 'Saffron Kitchen', createdAt: now, updatedAt: now });
    const [job] = listingJsonLd(listing, site, `${PUBLIC_URL}/listing/${listing.id}`);
    expect(job).toMatchObject({ '@type': 'JobPosting', title: 'Line cook wanted', description: 'Full time line cook.', datePosted: now, hiringOrganization: { name: 'Saffron Kitchen' }, jobLocation: { address: { addressLocality: 'Enola', addressRegion: 'PA' } } });
    expect(job).not.toHaveProperty('validThrough');
    expect(listingJsonLd({ ...listing, employer: null }, site, 'u')).toEqual([]);
    expect(listingJsonLd({ ...listing, employer: ' ' }, site, 'u')).toEqual([]);
    expect(listingJsonLd({ ...listing, description: ' ' }, site, 'u')).toEqual([]);
    expect(listingJsonLd({ ...listing, category: 'Services' }, site, 'u')).toEqual([]);
  });

  it('an event: an Event starting at its date and time, at its venue', async () => {
    // Two weeks ahead: an event listing expires the day after its date (issue 22).
    const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const id = await newListing({ category: 'Events', title: 'Diwali Mela 2026', description: 'Food stalls, music and dance for the whole family.', price: undefined, eventDate: date, eventTime: '6:30 PM', venue: 'Carlisle Fairgrounds', eventType: 'Cultural' });
    const { head } = await headOf(`/listing/${id}`);
    const [event] = typed(head, 'Event');
    expect(event).toMatchObject({ name: 'Diwali Mela 2026', eventStatus: 'https://schema.org/EventScheduled', location: { '@type': 'Place', name: 'Carlisle Fairgrounds' } });
    // With the site's UTC offset of that day (EST or EDT): 6:30 PM in Central Pennsylvania, whichever the season.
    const startDate = String(event!.startDate);
    expect(startDate).toMatch(new RegExp(`^${date}T18:30:00-0[45]:00$`));
    expect(new Date(startDate).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'short' })).toBe(
      new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'short' }) + ', 6:30 PM',
    );
    expect(event).not.toHaveProperty('offers');
  });

  it('an event: the day alone when its time cannot be read, an offer when it has a price, nothing without a real date', () => {
    const site = { publicUrl: PUBLIC_URL, siteName: 'Central PA Desi Community', siteDescription: 'x' };
    const now = new Date().toISOString();
    const event = ListingSchema.parse({ id: randomUUID(), userId: randomUUID(), category: 'Events', title: 'Garba night', description: 'Garba and dandiya.', location: 'Harrisburg PA', price: 15, eventDate: '2027-01-15', eventTime: '7 - 11 PM', createdAt: now, updatedAt: now });
    const url = `${PUBLIC_URL}/listing/${event.id}`;
    expect(listingJsonLd(event, site, url)[0]).toMatchObject({ startDate: '2027-01-15T19:00:00-05:00', offers: { '@type': 'Offer', price: 15, priceCurrency: 'USD', url } });
    expect(listingJsonLd({ ...event, eventDate: '2027-07-04' }, site, url)[0]).toMatchObject({ startDate: '2027-07-04T19:00:00-04:00' });
    expect(listingJsonLd({ ...event, eventTime: 'after evening prayers' }, site, url)[0]).toMatchObject({ startDate: '2027-01-15' });
    expect(listingJsonLd({ ...event, eventDate: '2027-02-30' }, site, url)).toEqual([]);
    expect(listingJsonLd({ ...event, eventDate: null }, site, url)).toEqual([]);
  });

  it('a forum post: a DiscussionForumPosting counting its replies', async () => {
    const { cookie } = await s.forum.newSession();
    const post = await call(s.forum.base, 'POST', '/api/forum/posts', { body: { category: 'Events', title: 'Holi party in Camp Hill?', content: 'Is anyone organising a Holi party in Camp Hill this year?' }, cookie });
    expect(post.status).toBe(201);
    const id = post.body.id as string;
    for (const content of ['Yes, at the community centre.', 'We are going too, see you there!']) {
      expect((await call(s.forum.base, 'POST', `/api/forum/posts/${id}/replies`, { body: { content }, cookie })).status).toBe(201);
    }
    const { status, head } = await headOf(`/forum/post/${id}`);
    expect(status).toBe(200);
    expect(head.title).toBe('Holi party in Camp Hill? | Central PA Desi Community');
    expect(head.canonical).toBe(`${PUBLIC_URL}/forum/post/${id}`);
    expectPreview(head, '/og/site.jpg');
    const [posting] = typed(head, 'DiscussionForumPosting');
    expect(posting).toMatchObject({ headline: 'Holi party in Camp Hill?', commentCount: 2, url: head.canonical });
  });

  it('a business: a LocalBusiness with address and telephone, an AggregateRating once it has reviews', async () => {
    const admin = await s.directory.newAdminSession();
    const { businessBody } = await import('../../directory/test/helpers.ts');
    const created = await call(s.directory.base, 'POST', '/api/admin/businesses', { body: businessBody(), cookie: admin.cookie });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const { status, head } = await headOf(`/business/${id}`);
    expect(status).toBe(200);
    expect(head.title).toBe('Saffron Kitchen | Central PA Desi Community');
    expectPreview(head, `/og/business/${id}.jpg`);
    const [business] = typed(head, 'LocalBusiness');
    expect(business).toMatchObject({ name: 'Saffron Kitchen', telephone: '(717) 555-0101', address: { streetAddress: '4820 Carlisle Pike, Mechanicsburg, PA 17050' } });
    expect(business!.aggregateRating).toBeUndefined();

    const reviewer = await s.directory.newVerifiedSession();
    s.directory.clock.set(2 * 24 * 60 * 60 * 1000); // the reviewer's account is old enough for the review to count
    try {
      expect((await call(s.directory.base, 'POST', `/api/businesses/${id}/reviews`, { body: { rating: 4, comment: 'Great dosa' }, cookie: reviewer.cookie })).status).toBe(201);
    } finally {
      s.directory.clock.set(0);
    }
    const rated = await headOf(`/business/${id}`);
    expect(typed(rated.head, 'LocalBusiness')[0]!.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 });
  });

  it('/listings keeps its known filters in the canonical URL and the title, and drops anything else', async () => {
    const { status, head } = await headOf('/listings?utm_source=x&location=Enola%20PA&category=Jobs&price=bogus');
    expect(status).toBe(200);
    expect(head.canonical).toBe(`${PUBLIC_URL}/listings?category=Jobs&location=Enola+PA`);
    expect(head.title).toBe('Jobs in Enola PA | Central PA Desi Community');
    expectPreview(head, '/og/site.jpg');
  });

  it('the site pages have their own title and canonical URL; private pages and search results are noindex', async () => {
    for (const [path, title] of [
      ['/forum', 'Community Forum'],
      ['/businesses', 'Business Directory'],
      ['/yellow-pages', 'Yellow Pages'],
      ['/about', 'About the Founder'],
      ['/terms', 'Terms and Conditions'],
      ['/contact', 'Contact Us'],
    ] as const) {
      const { status, head } = await headOf(path);
      expect([path, status, head.title, head.canonical, head.meta.robots]).toEqual([path, 200, `${title} | Central PA Desi Community`, `${PUBLIC_URL}${path}`, undefined]);
      expectPreview(head, '/og/site.jpg');
    }
    for (const path of ['/admin', '/my-listings', '/saved', '/auth', '/forgot-password', '/reset-password?token=abc', '/verify-email?token=abc', '/search?q=sofa']) {
      const { status, head } = await headOf(path);
      expect([path, status, head.meta.robots, head.canonical]).toEqual([path, 200, 'noindex', undefined]);
    }
  });

  it('the alerts pages (issue 22 §3: a user’s saved searches, an alert’s stop link) are private: noindex, their own title', async () => {
    for (const [path, title] of [
      ['/alerts', 'My Alerts'],
      ['/alerts/unsubscribe?token=abc.def', 'Stop an Alert'],
    ] as const) {
      const { status, head } = await headOf(path);
      expect([path, status, head.title, head.meta.robots, head.canonical]).toEqual([path, 200, `${title} | Central PA Desi Community`, 'noindex', undefined]);
    }
  });

  it('the messages pages (issue 23) are private: noindex, their own title, nothing of a conversation read; a conversation id that is none is a 404', async () => {
    for (const [path, title] of [
      ['/messages', 'Messages'],
      ['/messages/new?listing=0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b', 'New Message'],
      ['/messages/unsubscribe?token=0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b', 'Message E-mails'],
      ['/messages/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b', 'Conversation'],
    ] as const) {
      const { status, head } = await headOf(path);
      expect([path, status, head.title, head.meta.robots, head.canonical]).toEqual([path, 200, `${title} | Central PA Desi Community`, 'noindex', undefined]);
    }
    for (const path of ['/messages/not-an-id', '/messages/%E0%A4%A', '/messages/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b/x']) {
      const { status, head } = await headOf(path);
      expect([path, status, head.meta.robots]).toEqual([path, 404, 'noindex']);
    }
  });

  it('a chosen Yellow Pages category has its own title and canonical URL; an unknown one is the page without a choice', async () => {
    let { status, head } = await headOf('/yellow-pages?subCategory=Plumbing&mainCategory=Home+Repairs&utm_source=whatsapp');
    expect([status, head.title, head.canonical]).toEqual([200, 'Plumbing | Yellow Pages | Central PA Desi Community', `${PUBLIC_URL}/yellow-pages?mainCategory=Home+Repairs&subCategory=Plumbing`]);
    expect(head.meta.description).toMatch(/^Plumbing \(Home Repairs\): desi businesses/);
    ({ status, head } = await headOf('/yellow-pages?mainCategory=Grocers&subCategory=Plumbing'));
    expect([status, head.title, head.canonical]).toEqual([200, 'Grocers | Yellow Pages | Central PA Desi Community', `${PUBLIC_URL}/yellow-pages?mainCategory=Grocers`]);
    ({ status, head } = await headOf('/yellow-pages?mainCategory=constructor'));
    expect([status, head.title, head.canonical]).toEqual([200, 'Yellow Pages | Central PA Desi Community', `${PUBLIC_URL}/yellow-pages`]);
  });

  it('404 for a missing listing, post or business, an id that is none, an unknown route', async () => {
    const missing = '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b';
    for (const path of [`/listing/${missing}`, `/forum/post/${missing}`, `/business/${missing}`, '/listing/not-an-id', '/listing/%E0%A4%A', '/no-such-page', '/listing']) {
      const { status, head } = await headOf(path);
      expect([path, status, head.title, head.meta.robots]).toEqual([path, 404, '404 Page Not Found | Central PA Desi Community', 'noindex']);
    }
  });

  it('410 for a deleted listing: the real listings service keeps its tombstone and answers 410', async () => {
    const { cookie } = await s.listings.newSession();
    const { listingBody } = await import('../../listings/test/helpers.ts');
    const created = await call(s.listings.base, 'POST', '/api/listings', { body: listingBody(), cookie });
    const deleted = created.body.id as string;
    expect((await headOf(`/listing/${deleted}`)).status).toBe(200);
    expect((await call(s.listings.base, 'DELETE', `/api/listings/${deleted}`, { cookie })).status).toBe(200);
    const { status, head } = await headOf(`/listing/${deleted}`);
    expect([status, head.title, head.meta.robots, head.canonical, head.jsonLd]).toEqual([410, 'This Listing Was Removed | Central PA Desi Community', 'noindex', undefined, []]);
  });

  it('410 for an expired listing (issue 22), said as expired', async () => {
    const { cookie } = await s.listings.newSession();
    const { listingBody } = await import('../../listings/test/helpers.ts');
    const { runLifecycle } = await import('../../listings/src/use-cases/run-lifecycle.ts');
    const created = await call(s.listings.base, 'POST', '/api/listings', { body: listingBody(), cookie });
    const id = created.body.id as string;
    expect((await headOf(`/listing/${id}`)).status).toBe(200);
    await runLifecycle(s.listings.deps, new Date(Date.parse(created.body.expiresAt as string) + 1_000));
    const { status, head } = await headOf(`/listing/${id}`);
    expect([status, head.title, head.meta.robots, head.canonical, head.jsonLd]).toEqual([410, 'This Listing Has Expired | Central PA Desi Community', 'noindex', undefined, []]);
  });

  it('a bad path is a 400 with a JSON error', async () => {
    for (const path of ['', 'listing/x', '//evil.example/x', `/${'a'.repeat(3000)}`, '/a\u0000b']) {
      const res = await askPage(s.renderer.base, path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'path must be one page path with its query' });
    }
    expect((await fetch(`${s.renderer.base}/internal/page`)).status).toBe(400);
    expect((await fetch(`${s.renderer.base}/internal/page?path=/&path=/x`)).status).toBe(400);
  });
});

describe('the app', () => {
  it("serves R2's robots.txt and R3's preview images next to the page heads", async () => {
    const robots = await fetch(`${s.renderer.base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const image = await fetch(`${s.renderer.base}/og/site.jpg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });
});

/** renderer_pages_total by outcome and for whom, as the renderer's metrics have them. */
async function headAnswers(metrics: ServiceMetrics): Promise<Record<string, number>> {
  const text = await metrics.text();
  return Object.fromEntries(
    [...text.matchAll(/^renderer_pages_total\{outcome="([^"]+)",for="([^"]+)",service="renderer"\} (\d+)$/gm)].map((m) => [`${m[1]}/${m[2]}`, Number(m[3])]),
  );
}
const PLACEHOLDER_COUNTS = { 'head-incomplete/person': 3 };

describe('a slow or stopped service', () => {
  it('answers the generic head with 200 within the budget, so the page still works', async () => {
    const hanging = await hangingServer();
    const metrics = createMetrics('renderer');
    const renderer = await startRenderer({ listings: hanging.url, forum: DOWN, directory: hanging.url }, {}, metrics.registry);
    try {
      const id = '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b';
      for (const path of [`/listing/${id}`, `/forum/post/${id}`, `/business/${id}`]) {
        const { status, head } = await headOf(path, renderer.base);
        expect([path, status, head.title, head.meta.robots]).toEqual([path, 200, 'Central PA Desi Community', undefined]);
        expect(head.canonical).toBe(`${PUBLIC_URL}${path}`);
        expectPreview(head, '/og/site.jpg');
      }
      expect(hanging.requests()).toBe(2); // it was asked, and its silence did not hold the answer
      // Each generic head that stood in is counted (issue 36: the renderer's budget misses), and a head with no data to read too.
      expect(await headAnswers(metrics)).toEqual(PLACEHOLDER_COUNTS);
      await headOf('/about', renderer.base);
      expect(await headAnswers(metrics)).toEqual({ ...PLACEHOLDER_COUNTS, 'head/person': 1 });
    } finally {
      await renderer.close();
      await hanging.close();
    }
  });

  it("a generic head that stood in is never kept; a link previewer's longer budget gets the listing's own head", async () => {
    const id = await newListing({ title: 'Slow moment sofa', price: 80 });
    // The listings service a little slower than a person's budget (250 ms) and well inside a previewer's (2.5 s).
    const slow = await delayingProxy(s.listings.base, 600);
    const renderer = await startRenderer({ listings: slow.url, forum: DOWN, directory: DOWN });
    try {
      const path = `/listing/${id}`;
      const person = await pageFrames(await askPage(renderer.base, path));
      expect(person.cacheControl).toBe('no-store');
      expect(parseHead(person.head.head, { fragment: true }).title).toBe('Central PA Desi Community');
      const previewer = await pageFrames(await askPage(renderer.base, path, '&for=previewer'));
      expect(previewer.cacheControl).toBe('public, max-age=30');
      expect(parseHead(previewer.head.head, { fragment: true }).title).toBe('Slow moment sofa | Central PA Desi Community');
      for (const bad of ['&for=robot', '&for=previewer&for=previewer']) expect((await askPage(renderer.base, path, bad)).status).toBe(400);
    } finally {
      await renderer.close();
      await slow.close();
    }
  });
});
