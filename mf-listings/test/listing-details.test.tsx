/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { cleanup, screen } from '@testing-library/react';
import { LISTING_CATEGORIES, LISTING_DETAIL_GROUPS, LISTING_DETAIL_KEYS, listingDetail, takesDetail, type ListingDetailKey } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';
import { ListingForm } from '../src/components/ListingForm.tsx';
import ListingDetailPage from '../src/pages/ListingDetailPage.tsx';
import { formatEventDate } from '../src/lib/listing-format.ts';
import { listingFixture } from './listing-fixture.ts';

/**
 * Every optional detail declared in contracts (listing-details.ts), whichever a later feature adds, reaches the Post Ad
 * and Edit forms and the listing page without code of its own here: these tests run over the declarations.
 */

afterEach(() => cleanup());
quietConsole();

const categoryOf = (key: ListingDetailKey) => listingDetail(key).category ?? 'Community';
const valueOf = (key: ListingDetailKey) => {
  const detail = listingDetail(key);
  return detail.control === 'date' ? '2027-03-14' : detail.control === 'choice' ? (detail.options?.at(-1) ?? '') : `Some ${detail.label.toLowerCase()}`;
};

async function renderForm(element: React.ReactElement) {
  fakeSite(() => [404, { error: 'Not found' }]);
  await renderRouter([{ path: '/', element }], { path: '/' });
}

describe.each(LISTING_DETAIL_KEYS)('the detail %s', (key) => {
  const detail = listingDetail(key);

  it('has its labelled input in the Post Ad form of its category, and none in a category that does not take it', async () => {
    await renderForm(<ListingForm mode="create" initialCategory={categoryOf(key)} onDone={() => undefined} />);
    expect(screen.getAllByText(detail.label).length).toBeGreaterThan(0);
    const group = LISTING_DETAIL_GROUPS[categoryOf(key)];
    if (group) expect(screen.getByRole('group', { name: group.form })).toBeTruthy();
    cleanup();
    const other = LISTING_CATEGORIES.find((c) => !takesDetail(key, c));
    if (!other) return;
    await renderForm(<ListingForm mode="create" initialCategory={other} onDone={() => undefined} />);
    expect(screen.queryByText(detail.label)).toBeNull();
  });

  it("starts the Edit form from the listing's value", async () => {
    if (detail.control === 'choice') return; // a select shows its chosen option's words, checked below on the page
    const listing = listingFixture(40, { category: categoryOf(key), [key]: valueOf(key) });
    await renderForm(<ListingForm mode="edit" listing={listing} onDone={() => undefined} />);
    expect((screen.getByLabelText(detail.label) as HTMLInputElement).value).toBe(valueOf(key));
  });

  it("is shown on the listing page with its label (in its group's card, or beside the location for a headline)", async () => {
    const listing = listingFixture(41, { category: categoryOf(key), title: 'A listing with details', [key]: valueOf(key) });
    fakeSite((_req, url) => {
      if (url.pathname === '/api/auth/user') return [200, null];
      if (url.pathname === '/api/listings') return [200, []];
      if (url.pathname === `/api/listings/${listing.id}`) return [200, listing];
      return [404, { error: 'Not found' }];
    });
    await renderRouter([{ path: '/listing/:id', element: <ListingDetailPage /> }], { path: `/listing/${listing.id}` });
    expect(await screen.findByRole('heading', { name: 'A listing with details', level: 1 })).toBeTruthy();
    const shown = detail.control === 'date' ? formatEventDate(valueOf(key)) : valueOf(key);
    const label = detail.fact ?? detail.label;
    if (detail.headline) expect(screen.getByText(`${label}: ${shown}`)).toBeTruthy();
    else {
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByText(shown)).toBeTruthy();
      expect(screen.getByRole('heading', { name: LISTING_DETAIL_GROUPS[listing.category]?.page ?? 'Details' })).toBeTruthy();
    }
  });
});
