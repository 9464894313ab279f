/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, adFixture, businessFixture, jsonAnswer, openAndFill, renderAdminPage, USER } from './support/admin-fixtures.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

type Api = (method: string, path: string) => [number, unknown];
const calls: string[] = [];
/** The JSON body of each request with one, by `METHOD /path`. */
const bodies = new Map<string, unknown>();

const AD = adFixture();

async function renderAdmin(api: Api) {
  calls.length = 0;
  bodies.clear();
  await renderAdminPage(async (req) => {
    const p = new URL(req.url).pathname;
    calls.push(`${req.method} ${p}`);
    const text = await req.text();
    if (text) bodies.set(`${req.method} ${p}`, JSON.parse(text));
    const [status, body] = api(req.method, p);
    return jsonAnswer(status, body);
  });
}

const as =
  (user: unknown, rest: Api = () => [200, []]): Api =>
  (m, p) =>
    p === '/api/auth/user' ? (user ? [200, user] : [401, { error: 'Authentication required' }]) : rest(m, p);

/** The admin's site where `POST path` is refused (500) until `accept()`, then answered 201 with `item`. */
function refusingCreates(path: string, item: unknown) {
  let accepted = false;
  const api = as(ADMIN, (m, p) => (m === 'POST' && p === path ? (accepted ? [201, item] : [500, { error: 'boom' }]) : [200, []]));
  return { api, accept: () => void (accepted = true) };
}

/**
 * The open create dialog's `button` pressed over refusingCreates: the refused save says `failed` and keeps the form;
 * once accepted, pressed again, the saved one says `saved` and closes it (two `POST path` calls in all).
 */
async function expectRefusedThenSaved(button: string, path: string, { failed, saved }: { failed: string; saved: string }, accept: () => void) {
  const press = () => act(async () => (await within(screen.getByRole('dialog')).findByRole('button', { name: button })).click());
  await press();
  expect(await screen.findByText(failed)).toBeTruthy();
  expect(screen.getByRole('dialog')).toBeTruthy();
  accept();
  await press();
  expect(await screen.findByText(saved)).toBeTruthy();
  expect(calls.filter((c) => c === `POST ${path}`)).toHaveLength(2);
  expect(screen.queryByRole('dialog')).toBeNull();
}

quietConsole();

describe('/admin', () => {
  it('logged out: Authentication Required with Go to Login, and no admin data fetched', async () => {
    await renderAdmin(as(null));
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth');
    expect(calls).toEqual(['GET /api/auth/user']);
  });

  it('a user who is not admin: Access Denied / Admin Access Required with Return to Home', async () => {
    await renderAdmin(as(USER));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Admin Access Required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('an admin: Advertisements tab by default with the empty state', async () => {
    await renderAdmin(as(ADMIN));
    expect(await screen.findByRole('tab', { name: 'Advertisements', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No advertisements yet' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Yellow Pages' })).toBeTruthy();
  });

  it('an ad card shows impressions and clicks counted and filtered, and the CTR; delete asks the confirm text and calls DELETE only when confirmed', async () => {
    const api = as(ADMIN, (m, p) => (p === '/api/advertisements' ? [200, [AD]] : m === 'DELETE' ? [200, { ok: true }] : [200, []]));
    await renderAdmin(api);
    const card = (await screen.findByRole('heading', { name: 'Diwali Sale' })).closest('li')!;
    for (const text of ['200 counted', '40 filtered', '3 counted', '7 filtered']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByText('1.50%')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /shop\.example\.com/ }).getAttribute('target')).toBe('_blank');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(async () => within(card).getByRole('button', { name: 'Delete Diwali Sale' }).click());
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this advertisement?');
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    await act(async () => within(card).getByRole('button', { name: 'Delete Diwali Sale' }).click());
    expect(calls).toContain(`DELETE /api/advertisements/${AD.id}`);
    expect(await screen.findByText('Advertisement deleted successfully')).toBeTruthy();
  });

  it('create: a refused save says so and keeps the form; a saved one says so and closes it', async () => {
    const { api, accept } = refusingCreates('/api/advertisements', AD);
    await renderAdmin(api);
    await openAndFill('Create Advertisement', { Title: 'Diwali Sale', Description: '20% off sweets', 'Call-to-action text': 'Shop now', 'Call-to-action URL': 'https://shop.example.com' });
    await expectRefusedThenSaved('Create Advertisement', '/api/advertisements', { failed: 'Failed to create advertisement', saved: 'Advertisement created successfully' }, accept);
  });

  it('a failed delete says so and keeps the card', async () => {
    const api = as(ADMIN, (m, p) => (p === '/api/advertisements' ? [200, [AD]] : m === 'DELETE' ? [500, { error: 'boom' }] : [200, []]));
    await renderAdmin(api);
    const card = (await screen.findByRole('heading', { name: 'Diwali Sale' })).closest('li')!;
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await act(async () => within(card).getByRole('button', { name: 'Delete Diwali Sale' }).click());
    expect(await screen.findByText('Failed to delete advertisement')).toBeTruthy();
    expect(screen.queryByText('Advertisement deleted successfully')).toBeNull();
    expect(calls).toContain(`DELETE /api/advertisements/${AD.id}`);
    expect(screen.getByRole('heading', { name: 'Diwali Sale' })).toBeTruthy();
  });

  it('editing an ad that shows expired (its end date passed) keeps the status the admin set', async () => {
    const ended = { ...AD, status: 'expired', storedStatus: 'paused', startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-02-01T23:59:59.999Z' };
    const api = as(ADMIN, (m, p) => (p === '/api/advertisements' ? [200, [ended]] : m === 'PUT' ? [200, ended] : [200, []]));
    await renderAdmin(api);
    const card = (await screen.findByRole('heading', { name: 'Diwali Sale' })).closest('li')!;
    expect(within(card).getByText('expired')).toBeTruthy();
    await act(async () => within(card).getByRole('button', { name: 'Edit Diwali Sale' }).click());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toBe('paused');
    await act(async () => within(dialog).getByRole('button', { name: 'Update Advertisement' }).click());
    expect(await screen.findByText('Advertisement updated successfully')).toBeTruthy();
    expect(bodies.get(`PUT /api/advertisements/${AD.id}`)).toMatchObject({ status: 'paused', startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-02-01T23:59:59.999Z' });
  });

  // The tab bar's own behaviour (one tab stop, the keys, mouse down, ids) is @cp/ui/tabs', tested in
  // shell/test/tabs-checkbox.test.tsx; here: each tab the keyboard or a click chooses shows its panel, loaded then.
  it('the tab bar: the arrows, Home and End choose a tab and its panel loads; a click alone chooses one too', async () => {
    const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
    const noMetrics = { available: false, error: 'No Prometheus is configured for this server (PROMETHEUS_URL).' };
    await renderAdmin(as(ADMIN, (_m, p) => [200, p.startsWith('/api/admin/moderation/') ? emptyPage : p === '/api/admin/operations' ? noMetrics : []]));
    const tab = (name: string) => screen.getByRole('tab', { name });
    const ads = await screen.findByRole('tab', { name: 'Advertisements', selected: true });
    expect([ads, tab('Yellow Pages'), tab('Reports'), tab('Releases'), tab('Operations')].map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(ads.id);
    await act(async () => ads.focus());
    await act(async () => fireEvent.keyDown(ads, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(tab('Yellow Pages'));
    expect(await screen.findByRole('heading', { name: 'Yellow Pages Businesses' })).toBeTruthy();
    expect(tab('Yellow Pages').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Yellow Pages').id);
    await act(async () => fireEvent.keyDown(tab('Yellow Pages'), { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(tab('Reports'));
    expect(await screen.findByRole('heading', { name: 'Reported Items' })).toBeTruthy();
    await act(async () => fireEvent.keyDown(tab('Reports'), { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(tab('Releases'));
    expect(await screen.findByRole('heading', { name: 'No registered remotes' })).toBeTruthy();
    await act(async () => fireEvent.keyDown(tab('Releases'), { key: 'Home' }));
    expect(document.activeElement).toBe(ads);
    await act(async () => fireEvent.keyDown(ads, { key: 'End' }));
    expect(document.activeElement).toBe(tab('Operations'));
    expect(await screen.findByRole('heading', { name: 'Metrics are unavailable right now' })).toBeTruthy();
    await act(async () => fireEvent.keyDown(tab('Operations'), { key: 'ArrowRight' })); // from the last, round to the first
    expect(document.activeElement).toBe(ads);
    expect(await screen.findByRole('heading', { name: 'Advertisements', level: 2 })).toBeTruthy();
    // A screen reader's activation is a click without a mouse down.
    await act(async () => fireEvent.click(tab('Yellow Pages')));
    expect(await screen.findByRole('heading', { name: 'Yellow Pages Businesses' })).toBeTruthy();
  });

  it('closing the edit dialog puts the focus back on the Edit button that opened it', async () => {
    await renderAdmin(as(ADMIN, (_m, p) => [200, p === '/api/advertisements' ? [AD] : []]));
    const edit = await screen.findByRole('button', { name: 'Edit Diwali Sale' });
    await act(async () => edit.focus());
    await act(async () => edit.click());
    const dialog = await screen.findByRole('dialog', { name: 'Edit Advertisement' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix moves the focus on the closed dialog's unmount, in a task of its own.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Diwali Sale' })));
  });

  it('the API down: the error state inside the tab, not a crash', async () => {
    await renderAdmin(as(ADMIN, () => [502, 'Bad Gateway']));
    expect(await screen.findByRole('heading', { name: 'Advertisements could not be loaded' })).toBeTruthy();
  });
});

const BUSINESS = businessFixture();

async function openYellowPages(api: Api) {
  await renderAdmin(api);
  const tab = await screen.findByRole('tab', { name: 'Yellow Pages' });
  // The tabs switch on mouse down (and on focus from the keyboard), as Radix's did (@cp/ui/tabs).
  await act(async () => fireEvent.mouseDown(tab, { button: 0 }));
  await screen.findByRole('heading', { name: 'Yellow Pages Businesses' });
}

describe('/admin Yellow Pages tab', () => {
  it('create: a refused save says so and keeps the form; a saved one says so and closes it', async () => {
    const { api, accept } = refusingCreates('/api/admin/businesses', BUSINESS);
    await openYellowPages(api);
    const dialog = await openAndFill('Add Business', { 'Business name': 'Spice Bazaar', Description: 'Indian groceries', Address: '1 Market St, Mechanicsburg', Phone: '717-555-0100' });
    fireEvent.pointerDown(within(dialog).getByRole('combobox', { name: /^Main category/ }), { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('option', { name: 'Shopping' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    // Premium listing: a native checkbox, toggled by a click on its label.
    const premium = within(screen.getByRole('dialog')).getByRole('checkbox', { name: 'Premium listing' }) as HTMLInputElement;
    expect(premium.checked).toBe(false);
    await act(async () => within(screen.getByRole('dialog')).getByText('Premium listing').click());
    expect(premium.checked).toBe(true);
    await expectRefusedThenSaved('Add Business', '/api/admin/businesses', { failed: 'Failed to create business', saved: 'Business created successfully' }, accept);
    expect(bodies.get('POST /api/admin/businesses')).toMatchObject({ name: 'Spice Bazaar', mainCategory: 'Shopping', category: 'Shopping', premium: true });
  });

  it('delete: asks the confirm text; a failed delete says so and keeps the card', async () => {
    const api = as(ADMIN, (m, p) => (p === '/api/businesses' ? [200, [BUSINESS]] : m === 'DELETE' ? [503, { error: 'Service unavailable' }] : [200, []]));
    await openYellowPages(api);
    const card = (await screen.findByRole('heading', { name: 'Spice Bazaar' })).closest('li')!;
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await act(async () => within(card).getByRole('button', { name: 'Delete Spice Bazaar' }).click());
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this business?');
    expect(calls).toContain(`DELETE /api/admin/businesses/${BUSINESS.id}`);
    expect(await screen.findByText('Failed to delete business')).toBeTruthy();
    expect(screen.queryByText('Business deleted successfully')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Spice Bazaar' })).toBeTruthy();
  });
});
