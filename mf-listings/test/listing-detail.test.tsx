/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { cleanup, screen } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import ListingDetailPage from '../src/pages/ListingDetailPage.tsx';
import { MESSAGES_ONLY_NOTICE, UNDER_REVIEW_MESSAGE } from '@cp/contracts';
import { listingFixture } from './listing-fixture.ts';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/**
 * /listing/:id with the listings service answering `detail` for the listing (and an empty full list); `detail` may
 * answer each ask differently. `user`: the session (nobody by default).
 */
async function renderDetail(id: string, detail: [number, unknown] | (() => [number, unknown]), user: unknown = null) {
  fakeSite((_req, url) => {
    if (url.pathname === '/api/auth/user') return [200, user];
    if (url.pathname === '/api/listings') return [200, []];
    if (url.pathname === `/api/listings/${id}`) return typeof detail === 'function' ? detail() : detail;
    return [404, { error: 'Not found' }];
  });
  await renderRouter([{ path: '/listing/:id', element: <ListingDetailPage /> }], { path: `/listing/${id}` });
}

afterEach(() => cleanup());
quietConsole();

describe('listing detail (spec §2)', () => {
  it('a deleted listing (410 Gone) shows Listing Not Found with Back to Home, like a missing one (404)', async () => {
    for (const [n, status, error] of [
      [1, 410, 'Listing was removed'],
      [2, 404, 'Listing not found'],
    ] as const) {
      const { id } = listingFixture(n);
      await renderDetail(id, [status, { error }]);
      expect(await screen.findByRole('heading', { name: 'Listing Not Found', level: 1 })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText('Listings could not be loaded')).toBeNull();
      cleanup();
    }
  });

  it('a failure of the service is no "not found": the error state with Try again', async () => {
    const { id } = listingFixture(3);
    await renderDetail(id, [500, { error: 'Internal Server Error' }]);
    expect(await screen.findByText('Listings could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Listing Not Found')).toBeNull();
  });

  it("a job shows its employer; another category never does", async () => {
    const job = listingFixture(4, { category: 'Jobs', title: 'Tandoor cook wanted', employer: 'Saffron Grill' });
    await renderDetail(job.id, [200, job]);
    expect(await screen.findByRole('heading', { name: 'Tandoor cook wanted', level: 1 })).toBeTruthy();
    expect(screen.getByText('Employer: Saffron Grill')).toBeTruthy();
    cleanup();
    const sofa = listingFixture(5, { title: 'Sofa for sale', employer: 'Saffron Grill' });
    await renderDetail(sofa.id, [200, sofa]);
    expect(await screen.findByRole('heading', { name: 'Sofa for sale', level: 1 })).toBeTruthy();
    expect(screen.queryByText(/Employer/)).toBeNull();
  });

  it('Report (named "Report this listing") for a visitor; the author of a listing under review gets it when asking again after the session answered, with the notice and no Report', async () => {
    const other = listingFixture(6, { title: 'Bicycle for sale' });
    await renderDetail(other.id, [200, other]);
    expect(await screen.findByRole('heading', { name: 'Bicycle for sale', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this listing' })).toBeTruthy();
    expect(screen.queryByText(UNDER_REVIEW_MESSAGE)).toBeNull();
    cleanup();

    const hidden = listingFixture(7, { title: 'Scooter for sale', moderation: 'under-review' });
    const author = { id: hidden.userId, username: 'owner', email: 'o@example.com', firstName: null, lastName: null, isAdmin: false };
    // The first ask is the server's, for nobody: not found. The author's own ask gets it.
    let asks = 0;
    await renderDetail(hidden.id, () => (++asks === 1 ? [404, { error: 'Listing not found' }] : [200, hidden]), author);
    expect(await screen.findByRole('heading', { name: 'Scooter for sale', level: 1 })).toBeTruthy();
    expect(screen.getByText(UNDER_REVIEW_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(asks).toBe(2);
  });

  describe('contact preference and Message (issue 23)', () => {
    const contacts = { contactPhone: '717-555-0188', contactEmail: 'seller@example.com' };
    const reader = { id: '22222222-2222-4222-8222-222222222222', username: 'reader', email: 'r@example.com', firstName: null, lastName: null, isAdmin: false };
    const links = () => screen.queryAllByRole('link').map((a) => a.getAttribute('href') ?? '');

    it('messages-only: the sentence instead of the phone and e-mail (even when the answer carries them: the owner\'s)', async () => {
      const listing = listingFixture(20, { title: 'Hidden seller', ...contacts, contactPreference: 'messages-only' });
      await renderDetail(listing.id, [200, listing]);
      expect(await screen.findByRole('heading', { name: 'Hidden seller', level: 1 })).toBeTruthy();
      expect(screen.getByText(MESSAGES_ONLY_NOTICE)).toBeTruthy();
      expect(document.body.textContent).not.toContain(contacts.contactPhone);
      expect(links().filter((h) => /^(tel:|mailto:|https:\/\/wa\.me)/.test(h))).toEqual([]);
      expect(screen.queryByText('No contact information provided')).toBeNull();
    });

    it('show (and a listing stored before the choice): the phone, WhatsApp and e-mail as before', async () => {
      for (const [n, patch] of [
        [21, { contactPreference: 'show' as const }],
        [22, {}],
      ] as const) {
        const listing = listingFixture(n, { title: `Shown seller ${n}`, ...contacts, ...patch });
        await renderDetail(listing.id, [200, listing]);
        expect(await screen.findByRole('heading', { name: `Shown seller ${n}`, level: 1 })).toBeTruthy();
        expect(screen.queryByText(MESSAGES_ONLY_NOTICE)).toBeNull();
        expect(links()).toEqual(expect.arrayContaining([`tel:${contacts.contactPhone}`, 'https://wa.me/17175550188', expect.stringMatching(/^mailto:seller@example\.com/)]));
        cleanup();
      }
    });

    it('signed out: "Log in to message", back to the message form after login; signed in: "Message"; the owner: neither', async () => {
      for (const preference of ['show', 'messages-only'] as const) {
        const listing = listingFixture(23, { title: 'A listing to ask about', ...contacts, contactPreference: preference });
        const form = `/messages/new?listing=${listing.id}`;
        await renderDetail(listing.id, [200, listing]);
        const login = await screen.findByRole('link', { name: 'Log in to message' });
        expect(login.getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(form)}`);
        expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
        cleanup();

        await renderDetail(listing.id, [200, listing], reader);
        expect((await screen.findByRole('link', { name: 'Message' })).getAttribute('href')).toBe(form);
        expect(screen.queryByRole('link', { name: 'Log in to message' })).toBeNull();
        cleanup();

        await renderDetail(listing.id, [200, listing], { ...reader, id: listing.userId });
        expect(await screen.findByRole('heading', { name: 'A listing to ask about', level: 1 })).toBeTruthy();
        // The owner's own actions show once the session is known.
        await screen.findByRole('button', { name: /^Mark as Sold/ });
        expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
        expect(screen.queryByRole('link', { name: 'Log in to message' })).toBeNull();
        cleanup();
      }
    });
  });
});
