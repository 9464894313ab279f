/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, screen, within } from '@testing-library/react';
import { LIST_PAGE_SIZES, REVIEW_PENDING, UNDER_REVIEW_MESSAGE } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import BusinessPage from '../src/pages/BusinessPage.tsx';
import BusinessesPage from '../src/pages/BusinessesPage.tsx';
import YellowPagesPage from '../src/pages/YellowPagesPage.tsx';
import { routes } from '../src/exposes/routes.ts';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

type Api = (method: string, path: string, query: URLSearchParams) => [number, unknown];
const calls: string[] = [];

const ID = '00000000-0000-4000-8000-000000000001';
const BUSINESS = {
  id: ID,
  userId: '11111111-1111-4111-8111-111111111111',
  name: 'Spice Bazaar',
  category: 'Grocers',
  mainCategory: 'Grocers',
  subCategory: 'Indian Grocers',
  description: 'Fresh vegetables and spices.',
  address: '1 Market St, Mechanicsburg PA',
  phone: '(717) 555-0100',
  email: 'hello@spice.example.com',
  website: 'spice.example.com',
  logoUrl: 'https://img.example.com/spice.png',
  rating: 4.5,
  reviewCount: 2,
  verified: true,
  premium: false,
  createdAt: '2025-11-01T00:00:00.000Z',
};
const REVIEWS = [
  { id: '00000000-0000-4000-8000-0000000000a2', businessId: ID, userId: '11111111-1111-4111-8111-111111111112', username: 'rajesh', rating: 5, comment: 'Fresh curry leaves every Friday.', createdAt: '2025-11-20T00:00:00.000Z' },
  { id: '00000000-0000-4000-8000-0000000000a1', businessId: ID, userId: '11111111-1111-4111-8111-111111111113', username: 'anjali', rating: 4, comment: null, createdAt: '2025-11-10T00:00:00.000Z' },
];
const USER = {
  id: '11111111-1111-4111-8111-111111111119',
  username: 'priya',
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'p@example.com' as string | null,
  isAdmin: false,
  emailVerified: true,
};

/**
 * The directory and identity as the page sees them; `business` is what GET /api/businesses/{id} answers, `reviews` the
 * reviews (one cursor page, the last), `reviewPages` the cursor pages of the reviews by the cursor asked ('' the first).
 */
function site(
  opts: { user?: typeof USER | null; business?: () => [number, unknown]; reviews?: () => unknown[]; reviewPages?: Record<string, { items: unknown[]; nextCursor: string | null }>; onReview?: () => [number, unknown] } = {},
): Api {
  return (method, path, query) => {
    if (path === '/api/auth/user') return [200, opts.user ?? null];
    if (path === `/api/businesses/${ID}` && method === 'GET') return opts.business?.() ?? [200, BUSINESS];
    if (path === `/api/businesses/${ID}/reviews` && method === 'GET') {
      if (opts.reviewPages) return [200, opts.reviewPages[query.get('cursor') ?? '']];
      return [200, { items: opts.reviews?.() ?? REVIEWS, nextCursor: null }];
    }
    if (path === `/api/businesses/${ID}/reviews` && method === 'POST') return opts.onReview?.() ?? [201, REVIEWS[0]];
    if (path === '/api/businesses' || path === '/api/yellow-pages') return [200, [BUSINESS]];
    return [404, { error: 'Not found' }];
  };
}

async function renderAt(path: string, api: Api) {
  fakeSite((req, url) => api(req.method, url.pathname, url.searchParams), calls);
  const { router } = await renderRouter(
    [
      { path: '/business/:id', element: <BusinessPage /> },
      { path: '/businesses', element: <BusinessesPage /> },
      { path: '/yellow-pages', element: <YellowPagesPage /> },
    ],
    { path, toaster: true },
  );
  return router;
}

quietConsole();

describe('/business/:id (issue 20 §5)', () => {
  it('is one of the remote\'s routes (metadata.json: the shell loads this remote for it)', () => {
    expect(routes.map((r) => r.path)).toContain('/business/:id');
  });

  it('shows the business: name, category, verified badge, rating and reviews count, description, contact, logo with its size', async () => {
    await renderAt(`/business/${ID}`, site());
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar', level: 1 })).toBeTruthy();
    expect(calls).toContain(`GET /api/businesses/${ID}`);
    expect(screen.getByText('Grocers › Indian Grocers')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByText('Premium')).toBeNull();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('(2 reviews)')).toBeTruthy();
    expect(screen.getByText('Fresh vegetables and spices.')).toBeTruthy();
    const contact = screen.getByRole('heading', { name: 'Contact', level: 2 }).closest('div')!.parentElement!;
    expect(within(contact).getByText('1 Market St, Mechanicsburg PA')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '(717) 555-0100' }).getAttribute('href')).toBe('tel:7175550100');
    expect(within(contact).getByRole('link', { name: 'hello@spice.example.com' }).getAttribute('href')).toBe('mailto:hello@spice.example.com');
    expect(within(contact).getByRole('link', { name: 'spice.example.com (opens in a new tab)' }).getAttribute('href')).toBe('https://spice.example.com');
    const logo = screen.getByRole('img', { name: 'Spice Bazaar logo' });
    expect(logo.getAttribute('src')).toBe(BUSINESS.logoUrl);
    expect(logo.getAttribute('width')).toBe('96');
    expect(logo.getAttribute('height')).toBe('96');
    expect(document.title).toBe('Spice Bazaar | Central PA Desi Community');
  });

  it('the actions: Call (tel:), WhatsApp (wa.me, the digits with 1 before ten) and Website', async () => {
    await renderAt(`/business/${ID}`, site());
    expect((await screen.findByRole('link', { name: 'Call Spice Bazaar' })).getAttribute('href')).toBe('tel:7175550100');
    const wa = screen.getByRole('link', { name: 'WhatsApp Spice Bazaar (opens in a new tab)' });
    expect(wa.getAttribute('href')).toBe('https://wa.me/17175550100');
    expect(wa.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Website of Spice Bazaar (opens in a new tab)' }).getAttribute('href')).toBe('https://spice.example.com');
  });

  it('no website, no e-mail, no logo: no Website action, no e-mail line, no image; a website that is not http(s) is no link', async () => {
    const bare = { ...BUSINESS, website: null, email: null, logoUrl: null, phone: '+44 20 7946 0958' };
    await renderAt(`/business/${ID}`, site({ business: () => [200, bare] }));
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Website/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /logo/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Call Spice Bazaar' }).getAttribute('href')).toBe('tel:+442079460958');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/442079460958');
  });

  it.each([
    ['a business that does not exist (404)', [404, { error: 'Business not found' }]],
    ['a link that names no business (400)', [400, { error: 'Invalid business id' }]],
  ] as const)('%s: the site\'s not-found content', async (_label, answer) => {
    await renderAt(`/business/${ID}`, site({ business: () => [answer[0], answer[1]] }));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.endsWith('/reviews'))).toBe(false);
  });

  it('the directory down: the error state with Try again, not "not found"', async () => {
    await renderAt(`/business/${ID}`, site({ business: () => [503, { error: 'Service unavailable' }] }));
    expect(await screen.findByRole('heading', { name: 'The business could not be loaded' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/business/:id: reviews', () => {
  const reviewList = () => screen.findByRole('list', { name: 'Reviews' });

  it('lists the reviews newest first; a visitor who is not logged in is asked to log in', async () => {
    await renderAt(`/business/${ID}`, site());
    const list = await reviewList();
    expect(within(list).getAllByRole('listitem').map((li) => (li.textContent?.includes('rajesh') ? 'rajesh' : li.textContent?.includes('anjali') ? 'anjali' : '?'))).toEqual(['rajesh', 'anjali']);
    expect(within(list).getByText('Fresh curry leaves every Friday.')).toBeTruthy();
    expect(await screen.findByText('You need to be logged in to write a review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Review' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it('pages the reviews: the first page asked with its limit, Load more asks the next with its cursor, until the last', async () => {
    const review = (n: number) => ({ ...REVIEWS[1]!, id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, username: `reader${n}`, comment: `Review number ${n}` });
    await renderAt(
      `/business/${ID}`,
      site({
        reviewPages: {
          '': { items: [review(1), review(2)], nextCursor: 'c1' },
          c1: { items: [review(3)], nextCursor: 'c2' },
          c2: { items: [review(4)], nextCursor: null },
        },
      }),
    );
    expect(within(await reviewList()).getAllByRole('listitem')).toHaveLength(2);
    expect(calls).toContain(`GET /api/businesses/${ID}/reviews?limit=${LIST_PAGE_SIZES.reviews.default}`);
    expect(calls.some((c) => c.includes('cursor='))).toBe(false);
    await act(async () => screen.getByRole('button', { name: 'Load more reviews' }).click());
    expect(await screen.findByText('Review number 3')).toBeTruthy();
    expect(calls).toContain(`GET /api/businesses/${ID}/reviews?limit=${LIST_PAGE_SIZES.reviews.default}&cursor=c1`);
    await act(async () => screen.getByRole('button', { name: 'Load more reviews' }).click());
    expect(await screen.findByText('Review number 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    expect(screen.getAllByText(/^Review number \d$/).map((p) => p.textContent)).toEqual(['Review number 1', 'Review number 2', 'Review number 3', 'Review number 4']);
  });

  it('one page only: no Load more', async () => {
    await renderAt(`/business/${ID}`, site());
    await reviewList();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('no reviews yet: says so', async () => {
    await renderAt(`/business/${ID}`, site({ reviews: () => [] }));
    expect(await screen.findByText('No reviews yet. Be the first to review this business!')).toBeTruthy();
  });

  it('a logged-in user posts a review: the toast, and the business (its rating) and the reviews are asked again', async () => {
    await renderAt(`/business/${ID}`, site({ user: USER }));
    await act(async () => (await screen.findByRole('radio', { name: '4 stars' })).click());
    const before = calls.filter((c) => c === `GET /api/businesses/${ID}`).length;
    await act(async () => screen.getByRole('button', { name: 'Post Review' }).click());
    expect(await screen.findByText('Your review of Spice Bazaar has been posted.')).toBeTruthy();
    expect(calls).toContain(`POST /api/businesses/${ID}/reviews`);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls.filter((c) => c === `GET /api/businesses/${ID}`).length).toBeGreaterThan(before);
  });

  it('a held review: marked Pending in the list, the waiting sentence instead of the form', async () => {
    const held = { ...REVIEWS[0], id: '00000000-0000-4000-8000-0000000000a3', userId: USER.id, username: USER.username, comment: 'Lovely mangoes.', pending: true };
    await renderAt(`/business/${ID}`, site({ user: USER, reviews: () => [held, ...REVIEWS] }));
    expect(await screen.findByText('Lovely mangoes.')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(await screen.findByText(REVIEW_PENDING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it('an unverified e-mail: the verification sentence with Resend the link', async () => {
    await renderAt(`/business/${ID}`, site({ user: { ...USER, emailVerified: false } }));
    expect(await screen.findByText('Please verify your e-mail address to write a review: open the link we sent to p@example.com.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it("the business's owner: the owner sentence", async () => {
    await renderAt(`/business/${ID}`, site({ user: { ...USER, id: BUSINESS.userId } }));
    expect(await screen.findByText("You can't review your own business.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it('Report on the business and on each review, except the viewer\'s own; the owner\'s business and the author\'s review under review show the notice', async () => {
    await renderAt(`/business/${ID}`, site({ user: USER }));
    expect(await screen.findByRole('button', { name: 'Report this review by rajesh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this review by anjali' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this business' })).toBeTruthy();
    expect(screen.queryByText(UNDER_REVIEW_MESSAGE)).toBeNull();
  });

  it('signed in, the reviews are asked again as the reader: their own review hidden pending review comes then (the server renders for nobody)', async () => {
    const mine = { ...REVIEWS[1]!, userId: USER.id, username: 'priya', comment: 'My review that others reported', moderation: 'under-review' };
    let asked = 0;
    await renderAt(`/business/${ID}`, site({ user: USER, reviews: () => (asked++ === 0 ? [REVIEWS[0]] : [REVIEWS[0], mine]) }));
    expect(await screen.findByText('My review that others reported')).toBeTruthy();
    expect(screen.getByText(UNDER_REVIEW_MESSAGE)).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('the owner of a business under review: the notice and no Report on it; their own review under review: the notice and no Report on it', async () => {
    const owner = { ...USER, id: BUSINESS.userId };
    const mine = { ...REVIEWS[1]!, userId: owner.id, username: 'priya', moderation: 'under-review' };
    await renderAt(`/business/${ID}`, site({ user: owner, business: () => [200, { ...BUSINESS, moderation: 'under-review' }], reviews: () => [REVIEWS[0], mine] }));
    expect(await screen.findByRole('button', { name: 'Report this review by rajesh' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this business' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report this review by priya' })).toBeNull();
    expect(screen.getAllByText(UNDER_REVIEW_MESSAGE)).toHaveLength(2);
  });
});

describe('the cards link their name to the business page', () => {
  it.each([
    ['/businesses', undefined],
    ['/yellow-pages', 'Grocers'],
  ])('%s', async (path, category) => {
    const router = await renderAt(path, site());
    if (category) await act(async () => screen.getByRole('link', { name: category }).click());
    const link = within(await screen.findByRole('heading', { name: 'Spice Bazaar' })).getByRole('link', { name: 'Spice Bazaar' });
    expect(link.getAttribute('href')).toBe(`/business/${ID}`);
    await act(async () => link.click());
    expect(router.state.location.pathname).toBe(`/business/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar', level: 1 })).toBeTruthy();
  });
});
