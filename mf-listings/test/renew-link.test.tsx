/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import RenewListingPage from '../src/pages/RenewListingPage.tsx';

/** A link's token as the listings service signs it: a base64url payload, a dot, an HMAC-SHA256 signature. */
const TOKEN = `${Buffer.from('{"listingId":"x"}').toString('base64url')}.${'S'.repeat(43)}`;
const LISTING_ID = '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b';

describe('/renew-listing (the expiry reminder\'s Renew link)', () => {
  const posts: Array<{ path: string; body: unknown }> = [];
  async function renderAt(path: string, answer: [number, unknown]) {
    posts.length = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (req.method === 'POST') posts.push({ path: new URL(req.url).pathname, body: await req.json().catch(() => null) });
      return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await renderRouter([{ path: '/renew-listing', element: <RenewListingPage /> }], { path });
  }
  afterEach(cleanup);

  it('renews nothing on opening (mail scanners run pages); the button renews and says until when, with the way to the listing', async () => {
    await renderAt(`/renew-listing?token=${TOKEN}`, [200, { listingId: LISTING_ID, title: 'Study table', expiresAt: '2027-01-01T12:00:00.000Z', message: 'Renewed' }]);
    expect(posts).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Renew Your Listing' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Renew Listing' }));
    });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toMatch(/renew/);
    expect(await screen.findByRole('heading', { name: 'Listing Renewed' })).toBeTruthy();
    expect(screen.getByText('"Study table" was renewed until January 1, 2027.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the listing' }).getAttribute('href')).toBe(`/listing/${LISTING_ID}`);
    expect(screen.getByRole('link', { name: 'My Listings' }).getAttribute('href')).toBe('/my-listings');
  });

  it('a refused link shows the service\'s sentence; a malformed one is not sent at all', async () => {
    await renderAt(`/renew-listing?token=${TOKEN}`, [400, { error: 'This renew link is invalid or has expired' }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Renew Listing' }));
    });
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText('This renew link is invalid or has expired')).toBeTruthy();
    cleanup();
    await renderAt('/renew-listing?token=not-a-token', [200, {}]);
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew Listing' })).toBeNull();
    expect(posts).toEqual([]);
  });
});
