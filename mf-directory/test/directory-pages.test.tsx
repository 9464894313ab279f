/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import BusinessesPage from '../src/pages/BusinessesPage.tsx';
import YellowPagesPage from '../src/pages/YellowPagesPage.tsx';
import { LIST_PAGE_SIZES, REVIEW_PENDING } from '@cp/contracts';
import FeaturedBusinesses from '../src/widgets/FeaturedBusinesses.tsx';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';
import { recordScrolls } from './support/record-scrolls.ts';

type Api = (method: string, path: string, search: string) => [number, unknown];
const calls: string[] = [];

const BUSINESS = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '11111111-1111-4111-8111-111111111111',
  name: 'Spice Bazaar',
  category: 'Grocers',
  mainCategory: 'Grocers',
  description: 'Fresh vegetables and spices.',
  address: '1 Market St, Mechanicsburg PA',
  phone: '(717) 555-0100',
  email: 'hello@spice.example.com',
  website: 'spice.example.com',
  rating: 4.5,
  reviewCount: 12,
  verified: true,
  premium: true,
  createdAt: '2025-11-01T00:00:00.000Z',
};

async function renderAt(path: string, api: Api) {
  fakeSite((req, url) => api(req.method, url.pathname, url.search), calls);
  await renderRouter(
    [
      { path: '/businesses', element: <BusinessesPage /> },
      { path: '/yellow-pages', element: <YellowPagesPage /> },
      { path: '/', element: <FeaturedBusinesses /> },
    ],
    { path, toaster: true },
  );
}

quietConsole();

describe('directory screens', () => {
  it('/businesses: cards with badges, rating, links and the Add Business button', async () => {
    await renderAt('/businesses', () => [200, [BUSINESS]]);
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('(12 reviews)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(717) 555-0100' }).getAttribute('href')).toBe('tel:7175550100');
    expect(screen.getByRole('link', { name: 'spice.example.com (opens in a new tab)' }).getAttribute('href')).toBe('https://spice.example.com');
    // Businesses are added by the admins: Add Business opens the contact form with the subject to suggest one.
    expect(screen.getByRole('link', { name: 'Add Business' }).getAttribute('href')).toBe('/contact?subject=Suggest%20a%20business%20for%20the%20directory');
  });

  it('/businesses with the API down: the error state', async () => {
    await renderAt('/businesses', () => [503, { error: 'Service unavailable' }]);
    expect(await screen.findByRole('heading', { name: 'Businesses could not be loaded' })).toBeTruthy();
  });

  it('/yellow-pages: nothing fetched until a main category is chosen; then the results with WhatsApp', async () => {
    await renderAt('/yellow-pages', (_m, p, search) => (p === '/api/yellow-pages' && search.includes('Grocers') ? [200, [BUSINESS]] : [200, []]));
    expect(screen.getByRole('button', { name: 'No categories starting with Z' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
    await act(async () => screen.getByRole('link', { name: 'Grocers' }).click());
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/yellow-pages?mainCategory=Grocers&limit=24']);
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/17175550100');
    expect(screen.getByText('Current Selection')).toBeTruthy();
    await act(async () => screen.getByRole('link', { name: 'Clear Selection' }).click());
    expect(screen.queryByText('Current Selection')).toBeNull();
    expect(screen.getByRole('link', { name: 'Automotive' }).getAttribute('href')).toBe('/yellow-pages?mainCategory=Automotive');
  });

  it('/yellow-pages: a subcategory narrows the query; an empty answer and a failure have their texts, never the raw body', async () => {
    await renderAt('/yellow-pages', (_m, _p, search) => (search.includes('subCategory') ? [500, '<html>stack trace: boom at db.js:12</html>'] : [200, []]));
    await act(async () => screen.getByRole('link', { name: 'Automotive' }).click());
    expect(await screen.findByText('No businesses are listed in this category yet.')).toBeTruthy();
    await act(async () => screen.getAllByRole('link', { name: 'Auto Repair' })[0]!.click());
    expect(await screen.findByRole('heading', { name: 'Failed to fetch businesses' })).toBeTruthy();
    expect(calls).toContain('GET /api/yellow-pages?mainCategory=Automotive&subCategory=Auto+Repair&limit=24');
    expect(document.body.textContent).not.toContain('stack trace');
    expect(document.body.textContent).not.toContain('boom');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('/yellow-pages: the selection is the URL — a shared link opens it; an unknown category or subcategory is not sent', async () => {
    await renderAt('/yellow-pages?mainCategory=Shopping&subCategory=Grocery+Stores', (_m, p) => (p === '/api/yellow-pages' ? [200, [BUSINESS]] : [200, []]));
    expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/yellow-pages?mainCategory=Shopping&subCategory=Grocery+Stores&limit=24']);
    const current = screen.getByRole('link', { name: 'Grocery Stores' });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.getAttribute('href')).toBe('/yellow-pages?mainCategory=Shopping&subCategory=Grocery+Stores');

    cleanup();
    await renderAt('/yellow-pages?mainCategory=Shopping&subCategory=Plumbing', () => [200, []]);
    await screen.findByText('No businesses are listed in this category yet.');
    expect(calls).toEqual(['GET /api/yellow-pages?mainCategory=Shopping&limit=24']);

    cleanup();
    await renderAt('/yellow-pages?mainCategory=toString', () => [200, []]);
    expect(screen.queryByText('Current Selection')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('/yellow-pages: choosing a letter clears the selection and scrolls to that letter', async () => {
    const { scrolled, stop } = recordScrolls();
    try {
      await renderAt('/yellow-pages', (_m, p, search) => (p === '/api/yellow-pages' && search.includes('Grocers') ? [200, [BUSINESS]] : [200, []]));
      await act(async () => screen.getByRole('link', { name: 'Grocers' }).click());
      expect(await screen.findByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
      expect(screen.getByText('Current Selection')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'H' })).toBeNull(); // the tree is hidden while a category is chosen
      await act(async () => screen.getByRole('link', { name: 'Categories starting with H' }).click());
      expect(screen.queryByText('Current Selection')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Spice Bazaar' })).toBeNull();
      const section = screen.getByRole('region', { name: 'H' });
      expect(section.id).toBe('yp-letter-H');
      expect(within(section).getByRole('link', { name: 'Home Repairs' })).toBeTruthy();
      await waitFor(() => expect(scrolled).toEqual(['yp-letter-H']));
    } finally {
      stop();
    }
  });
});

describe('Featured Businesses on home', () => {
  it('shows the first 3 businesses of the directory, with a link to all of them', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ ...BUSINESS, id: `00000000-0000-4000-8000-00000000001${i}`, name: `Business ${i + 1}` }));
    await renderAt('/', (_m, p) => (p === '/api/businesses' ? [200, five] : [404, { error: 'Not found' }]));
    expect(await screen.findByRole('heading', { name: 'Business 1', level: 3 })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Featured Businesses' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Business 1', 'Business 2', 'Business 3']);
    expect(screen.queryByText('Business 4')).toBeNull();
    expect(screen.queryByText('Business 5')).toBeNull();
    expect(calls).toEqual(['GET /api/businesses?limit=24']);
  });

  it('an empty directory: its empty state with Browse Businesses', async () => {
    await renderAt('/', () => [200, []]);
    expect(await screen.findByRole('heading', { name: 'No featured businesses yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Businesses' }).getAttribute('href')).toBe('/businesses');
  });
});

const REVIEWS = [
  { id: '00000000-0000-4000-8000-0000000000a2', businessId: BUSINESS.id, userId: '11111111-1111-4111-8111-111111111112', username: 'rajesh', rating: 5, comment: 'Fresh curry leaves every Friday.', createdAt: '2025-11-20T00:00:00.000Z' },
  { id: '00000000-0000-4000-8000-0000000000a1', businessId: BUSINESS.id, userId: '11111111-1111-4111-8111-111111111113', username: 'anjali', rating: 4, comment: null, createdAt: '2025-11-10T00:00:00.000Z' },
];
const USER: { id: string; username: string; firstName: string; lastName: string; email: string | null; isAdmin: boolean; emailVerified: boolean } = {
  id: '11111111-1111-4111-8111-111111111119',
  username: 'priya',
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'p@example.com',
  isAdmin: false,
  emailVerified: true,
};

/**
 * The directory API with reviews; `user` logged in or not; `onReview` answers a posted review, `onResend` a request for
 * a new verification link; `reviews()` is the list, answered as one cursor page (asked again after a review).
 */
function reviewsApi(user: typeof USER | null, onReview: () => [number, unknown] = () => [201, REVIEWS[0]], opts: { reviews?: () => unknown[]; onResend?: () => [number, unknown] } = {}) {
  const api: Api = (method, path) => {
    if (path === '/api/auth/user') return user ? [200, user] : [401, { error: 'Authentication required' }];
    if (path === '/api/businesses') return [200, [BUSINESS]];
    if (path === `/api/businesses/${BUSINESS.id}/reviews` && method === 'GET') return [200, { items: opts.reviews?.() ?? REVIEWS, nextCursor: null }];
    if (path === `/api/businesses/${BUSINESS.id}/reviews` && method === 'POST') return onReview();
    if (path === '/api/auth/resend-verification' && method === 'POST' && opts.onResend) return opts.onResend();
    return [404, { error: 'Not found' }];
  };
  return { api };
}

async function openReviews() {
  await act(async () => (await screen.findByRole('button', { name: 'Reviews of Spice Bazaar' })).click());
  return screen.findByRole('dialog');
}

describe('reviews', () => {
  it('lists the reviews newest first with their usernames; a visitor who is not logged in is asked to log in', async () => {
    await renderAt('/businesses', reviewsApi(null).api);
    const dialog = await openReviews();
    expect(await screen.findByText('Fresh curry leaves every Friday.')).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => dialog.contains(li));
    expect(items.map((li) => li.textContent?.includes('rajesh') ? 'rajesh' : li.textContent?.includes('anjali') ? 'anjali' : '?')).toEqual(['rajesh', 'anjali']);
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(await screen.findByText('You need to be logged in to write a review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Review' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it('the dialog pages the reviews: Load more inside its scroll box asks the next page with its cursor', async () => {
    const { api } = reviewsApi(null);
    await renderAt('/businesses', (method, path, search) => {
      if (path === `/api/businesses/${BUSINESS.id}/reviews` && method === 'GET') {
        const cursor = new URLSearchParams(search).get('cursor');
        return [200, cursor === 'next1' ? { items: [{ ...REVIEWS[1], id: '00000000-0000-4000-8000-0000000000b1', comment: 'From the second page' }], nextCursor: null } : { items: REVIEWS, nextCursor: 'next1' }];
      }
      return api(method, path, search);
    });
    const dialog = await openReviews();
    expect(await within(dialog).findByText('Fresh curry leaves every Friday.')).toBeTruthy();
    expect(within(dialog).queryByText('From the second page')).toBeNull();
    await act(async () => within(dialog).getByRole('button', { name: 'Load more reviews' }).click());
    expect(await within(dialog).findByText('From the second page')).toBeTruthy();
    expect(calls).toContain(`GET /api/businesses/${BUSINESS.id}/reviews?limit=${LIST_PAGE_SIZES.reviews.default}&cursor=next1`);
    expect(within(dialog).queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('a logged-in visitor must pick a rating, then posts a review: a toast, and the lists are asked again', async () => {
    let body: unknown;
    const { api } = reviewsApi(USER, () => [201, REVIEWS[0]]);
    await renderAt('/businesses', (method, path, search) => {
      if (method === 'POST') body = 'sent';
      return api(method, path, search);
    });
    await openReviews();
    await act(async () => (await screen.findByRole('button', { name: 'Post Review' })).click());
    expect(await screen.findByText('Please choose a rating from 1 to 5')).toBeTruthy();
    expect(body).toBeUndefined();
    await act(async () => screen.getByRole('radio', { name: '4 stars' }).click());
    const before = calls.filter((c) => c === 'GET /api/businesses?limit=24').length;
    await act(async () => screen.getByRole('button', { name: 'Post Review' }).click());
    expect(await screen.findByText('Your review of Spice Bazaar has been posted.')).toBeTruthy();
    expect(calls).toContain(`POST /api/businesses/${BUSINESS.id}/reviews`);
    // The business's rating and count changed: its list is fetched again.
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls.filter((c) => c === 'GET /api/businesses?limit=24').length).toBeGreaterThan(before);
  });

  it('a review held while the account is young: the toast says so; the list shows it pending, with the sentence instead of the form', async () => {
    const held = { ...REVIEWS[0], id: '00000000-0000-4000-8000-0000000000a3', userId: USER.id, username: USER.username, comment: 'Lovely mangoes.', pending: true };
    let posted = false;
    await renderAt('/businesses', reviewsApi(USER, () => ((posted = true), [201, held]), { reviews: () => (posted ? [held, ...REVIEWS] : REVIEWS) }).api);
    await openReviews();
    await act(async () => (await screen.findByRole('radio', { name: '5 stars' })).click());
    await act(async () => screen.getByRole('button', { name: 'Post Review' }).click());
    expect(await screen.findByText(`Your review of Spice Bazaar has been posted. ${REVIEW_PENDING}`)).toBeTruthy();
    expect(await screen.findByText('Lovely mangoes.')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(REVIEW_PENDING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it('a user whose e-mail is not verified gets the one sentence and "Resend the link" instead of the form', async () => {
    let answer: [number, unknown] = [200, { message: 'A new verification link is on its way to p@example.com.' }];
    await renderAt('/businesses', reviewsApi({ ...USER, emailVerified: false }, undefined, { onResend: () => answer }).api);
    await openReviews();
    expect(await screen.findByText('Please verify your e-mail address to write a review: open the link we sent to p@example.com.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Resend the link' }).click());
    expect(await screen.findByText('A new verification link is on its way to p@example.com.')).toBeTruthy();
    expect(calls).toContain('POST /api/auth/resend-verification');
    answer = [429, { error: 'A link was sent less than a minute ago. Please wait a minute before asking for another.' }];
    // The toast can show before the button reads "Resend the link" again (it says "Sending..." until the answer is in).
    const again = await screen.findByRole('button', { name: 'Resend the link' });
    await act(async () => again.click());
    expect(await screen.findByText('A link was sent less than a minute ago. Please wait a minute before asking for another.')).toBeTruthy();
  });

  it('a user without an e-mail address is told reviews need one; no button', async () => {
    await renderAt('/businesses', reviewsApi({ ...USER, email: null, emailVerified: false }).api);
    await openReviews();
    expect(await screen.findByText('Reviews need a verified e-mail address, and your account has none.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it("the business's owner is told they can't review it", async () => {
    await renderAt('/businesses', reviewsApi({ ...USER, id: BUSINESS.userId }).api);
    await openReviews();
    expect(await screen.findByText("You can't review your own business.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Review' })).toBeNull();
  });

  it("a second review shows the server's reason", async () => {
    await renderAt('/businesses', reviewsApi(USER, () => [409, { error: 'You have already reviewed this business' }]).api);
    await openReviews();
    await act(async () => (await screen.findByRole('radio', { name: '5 stars' })).click());
    await act(async () => screen.getByRole('button', { name: 'Post Review' }).click());
    expect(await screen.findByText('You have already reviewed this business')).toBeTruthy();
  });
});

/**
 * Issue 24 §2: /businesses and a Yellow Pages category are paged from the server — the first page, then Load more
 * with the cursor of the page before, until the last. The fake service pages as the real one (limit, cursor).
 */
describe('directory screens page from the server', () => {
  const many = Array.from({ length: 30 }, (_, i) => ({ ...BUSINESS, id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`, name: `Business number ${i}`, premium: false }));
  const paging: Api = (_m, path, search) => {
    if (path === '/api/auth/user') return [401, { error: 'Authentication required' }];
    if (path !== '/api/businesses' && path !== '/api/yellow-pages') return [200, []];
    const q = new URLSearchParams(search);
    const limit = Number(q.get('limit'));
    if (limit !== 24) return [400, { error: 'unexpected limit' }];
    const start = Number(q.get('cursor') ?? '0');
    return [200, { items: many.slice(start, start + limit), nextCursor: start + limit < many.length ? String(start + limit) : null }];
  };
  const names = () => screen.getAllByRole('heading', { name: /^Business number/ }).map((h) => h.textContent);

  it.each(['/businesses', '/yellow-pages?mainCategory=Grocers'])('%s: the first page, then Load more until the last', async (path) => {
    await renderAt(path, paging);
    await screen.findByRole('heading', { name: 'Business number 0' });
    expect(names()).toHaveLength(24);
    await act(async () => screen.getByRole('button', { name: 'Load more businesses' }).click());
    await screen.findByRole('heading', { name: 'Business number 29' });
    expect(names()).toEqual(many.map((b) => b.name));
    expect(screen.queryByRole('button', { name: 'Load more businesses' })).toBeNull();
    const asked = calls.filter((c) => /\/api\/(businesses|yellow-pages)\?/.test(c));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toContain('limit=24&cursor=24');
  });
});
