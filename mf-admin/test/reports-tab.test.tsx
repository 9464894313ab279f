/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BannedUserPageSchema,
  ModerationCasePageSchema,
  ModerationLogPageSchema,
  type BannedUser,
  type ModerationCase,
  type ModerationLogEntry,
} from '@cp/contracts';
import { confirmBan } from '../src/lib/moderation.ts';
import { jsonAnswer, renderAdminPage } from './support/admin-fixtures.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

// The Reports tab (issue 21 §3) against a fake of the moderation service's admin routes whose answers are checked
// against the contracts' schemas, so the screen is built on what the service really sends.

const ADMIN = { id: '33333333-3333-4333-8333-333333333333', username: 'admin', email: 'a@example.com', firstName: 'Ada', lastName: 'Min', isAdmin: true };
const AUTHOR_ID = '44444444-4444-4444-8444-444444444444';
const CASE: ModerationCase = {
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'listing',
  itemId: '66666666-6666-4666-8666-666666666666',
  status: 'hidden',
  content: {
    kind: 'listing',
    itemId: '66666666-6666-4666-8666-666666666666',
    authorId: AUTHOR_ID,
    authorName: 'scammer42',
    title: 'iPhone 15 for $100',
    excerpt: 'Pay by gift card, shipping only.',
    path: '/listing/66666666-6666-4666-8666-666666666666',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  reportCount: 3,
  reasons: [
    { reason: 'spam', count: 1 },
    { reason: 'scam', count: 2 },
  ],
  reports: [
    { id: '77777777-7777-4777-8777-000000000001', reporterId: '77777777-7777-4777-8777-100000000001', reporterName: 'priya', reason: 'scam', details: 'Asked me for a gift card', createdAt: '2026-11-21T09:00:00.000Z' },
    { id: '77777777-7777-4777-8777-000000000002', reporterId: '77777777-7777-4777-8777-100000000002', reporterName: 'ravi', reason: 'scam', details: null, createdAt: '2026-11-21T08:00:00.000Z' },
    { id: '77777777-7777-4777-8777-000000000003', reporterId: '77777777-7777-4777-8777-100000000003', reporterName: 'meena', reason: 'spam', details: null, createdAt: '2026-11-21T07:00:00.000Z' },
  ],
  firstReportedAt: '2026-11-21T07:00:00.000Z',
  lastReportedAt: '2026-11-21T09:00:00.000Z',
  decidedAt: null,
};
const CLOSED: ModerationCase = { ...CASE, id: '55555555-5555-4555-8555-000000000002', status: 'removed', decidedAt: '2026-11-22T09:00:00.000Z', content: { ...CASE.content, title: 'Old scam listing' } };
const BAN: BannedUser = { userId: '88888888-8888-4888-8888-888888888888', username: 'spammer', reason: 'Posts scams', bannedBy: ADMIN.id, bannedAt: '2026-11-20T12:00:00.000Z' };
const LOG: ModerationLogEntry[] = [
  { id: '99999999-9999-4999-8999-000000000003', action: 'ban', actorId: ADMIN.id, actorName: 'admin', caseId: CLOSED.id, kind: 'listing', itemId: CLOSED.itemId, userId: BAN.userId, reason: 'Posts scams', note: null, subject: 'spammer', at: '2026-11-22T10:00:00.000Z' },
  { id: '99999999-9999-4999-8999-000000000001', action: 'remove', actorId: ADMIN.id, actorName: 'admin', caseId: CLOSED.id, kind: 'listing', itemId: CLOSED.itemId, userId: null, reason: 'scam', note: 'Fake phone', subject: 'Old scam listing', at: '2026-11-22T09:00:00.000Z' },
  { id: '99999999-9999-4999-8999-000000000002', action: 'auto-hide', actorId: null, actorName: null, caseId: CASE.id, kind: 'forum-post', itemId: CASE.itemId, userId: null, reason: null, note: null, at: '2026-11-21T09:00:00.000Z' },
];
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

type Answer = [number, unknown];
const calls: string[] = [];
const bodies = new Map<string, unknown>();
let answer: (method: string, path: string) => Answer | undefined;

function fakeModeration(method: string, url: URL): Answer {
  const own = answer(method, url.pathname);
  if (own) return own;
  if (url.pathname === '/api/auth/user') return [200, ADMIN];
  if (url.pathname === '/api/admin/moderation/cases') return [200, ModerationCasePageSchema.parse(page(url.searchParams.get('status') === 'closed' ? [CLOSED] : [CASE]))];
  if (url.pathname === '/api/admin/moderation/bans') return [200, BannedUserPageSchema.parse(page([BAN]))];
  if (url.pathname === '/api/admin/moderation/log') return [200, ModerationLogPageSchema.parse(page(LOG))];
  // As the moderation service answers: unban 204 without a body, ban 201, the case decisions 200.
  if (method === 'POST' && url.pathname.endsWith('/unban')) return [204, null];
  if (method === 'POST' && url.pathname.endsWith('/ban')) return [201, { ok: true }];
  if (method === 'POST') return [200, { ok: true }];
  return [200, []];
}

async function openReports(own: (method: string, path: string) => Answer | undefined = () => undefined) {
  calls.length = 0;
  bodies.clear();
  answer = own;
  await renderAdminPage(async (req) => {
    const url = new URL(req.url);
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    const text = await req.text();
    if (text) bodies.set(`${req.method} ${url.pathname}`, JSON.parse(text));
    const [status, body] = fakeModeration(req.method, url);
    return jsonAnswer(status, status === 204 ? null : body);
  });
  const tab = await screen.findByRole('tab', { name: 'Reports' });
  await act(async () => fireEvent.mouseDown(tab, { button: 0 }));
  await screen.findByRole('heading', { name: 'Reported Items' });
}

const caseCard = async (title: string) => (await screen.findByRole('article', { name: title })) as HTMLElement;
const posts = () => calls.filter((c) => c.startsWith('POST'));

quietConsole();

describe('/admin Reports tab', () => {
  it('the pending queue: kind, status, the content with its link, the author, the reasons counted, the reporters; then the bans and the audit log', async () => {
    await openReports();
    const card = await caseCard('iPhone 15 for $100');
    expect(calls).toContain('GET /api/admin/moderation/cases?status=pending&page=1&pageSize=20');
    for (const text of ['Listing', 'Hidden', '3 reports', 'Pay by gift card, shipping only.', 'Scam or fraud × 2', 'Spam × 1', 'Asked me for a gift card', 'priya', 'ravi', 'meena']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByText(/By scammer42/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'iPhone 15 for $100' }).getAttribute('href')).toBe(CASE.content.path);
    for (const name of [/^Dismiss/, /^Remove/, /^Ban author/]) expect(within(card).getByRole('button', { name })).toBeTruthy();

    const bans = (await screen.findByRole('button', { name: 'Unban spammer' })).closest('li')!;
    expect(within(bans).getByText('Posts scams')).toBeTruthy();
    expect(calls).toContain('GET /api/admin/moderation/bans?page=1&pageSize=20');

    const log = await screen.findByRole('table');
    const rows = within(log).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      // A ban names its user; an item its title (a line written before titles were kept: its id).
      ['admin', 'Banned', 'User spammer', 'Posts scams'],
      ['admin', 'Removed', 'Listing “Old scam listing”', 'Scam or fraud — Fake phone'],
      ['System', 'Hidden automatically', `Forum post ${CASE.itemId}`, ''],
    ]);
  });

  it('Dismiss sends the optional note, says so, and fetches the queue again', async () => {
    await openReports();
    const card = await caseCard('iPhone 15 for $100');
    await act(async () => within(card).getByRole('button', { name: /^Dismiss/ }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Note/ }), { target: { value: '  Not a scam after all  ' } });
    const before = calls.filter((c) => c.startsWith('GET /api/admin/moderation/cases')).length;
    await act(async () => within(dialog).getByRole('button', { name: 'Dismiss' }).click());
    expect(await screen.findByText('The reports were dismissed and the item is shown again.')).toBeTruthy();
    expect(posts()).toEqual([`POST /api/admin/moderation/cases/${CASE.id}/dismiss`]);
    expect(bodies.get(`POST /api/admin/moderation/cases/${CASE.id}/dismiss`)).toEqual({ note: 'Not a scam after all' });
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET /api/admin/moderation/cases')).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Remove starts with the reason most reporters gave and sends it with the note; a failure shows the server\'s text and keeps the form', async () => {
    let fail = true;
    await openReports((m, p) => (m === 'POST' && p.endsWith('/remove') && fail ? [503, { error: 'The listings service is unavailable' }] : undefined));
    const card = await caseCard('iPhone 15 for $100');
    await act(async () => within(card).getByRole('button', { name: /^Remove/ }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Remove this listing' });
    expect(within(dialog).getByRole('combobox', { name: /^Reason/ }).textContent).toContain('Scam or fraud');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Note/ }), { target: { value: 'Gift card scam' } });
    await act(async () => within(dialog).getByRole('button', { name: 'Remove' }).click());
    expect(await screen.findByText('The listings service is unavailable')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Remove this listing' })).toBeTruthy();
    fail = false;
    // The button is named "Remove" again once the failed request has settled (it reads "Removing…" meanwhile).
    const again = await within(screen.getByRole('dialog')).findByRole('button', { name: 'Remove' });
    await act(async () => again.click());
    expect(await screen.findByText('The item was removed and its author is told why by e-mail.')).toBeTruthy();
    expect(posts()).toEqual([`POST /api/admin/moderation/cases/${CASE.id}/remove`, `POST /api/admin/moderation/cases/${CASE.id}/remove`]);
    expect(bodies.get(`POST /api/admin/moderation/cases/${CASE.id}/remove`)).toEqual({ reason: 'scam', note: 'Gift card scam' });
  });

  it('Ban author needs a reason and a confirmation, then bans the content\'s author from this case', async () => {
    await openReports();
    const card = await caseCard('iPhone 15 for $100');
    await act(async () => within(card).getByRole('button', { name: /^Ban author/ }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Ban scammer42' });
    await act(async () => within(dialog).getByRole('button', { name: 'Ban author' }).click());
    expect(within(dialog).getByText('Please give a reason')).toBeTruthy();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Repeated scams' } });
    await act(async () => within(dialog).getByRole('button', { name: 'Ban author' }).click());
    expect(confirm).toHaveBeenLastCalledWith(confirmBan('scammer42'));
    expect(posts()).toEqual([]);
    await act(async () => within(dialog).getByRole('button', { name: 'Ban author' }).click());
    expect(await screen.findByText('scammer42 was banned.')).toBeTruthy();
    expect(posts()).toEqual([`POST /api/admin/moderation/users/${AUTHOR_ID}/ban`]);
    expect(bodies.get(`POST /api/admin/moderation/users/${AUTHOR_ID}/ban`)).toEqual({ reason: 'Repeated scams', caseId: CASE.id });
  });

  it('Closed shows the decided cases, without actions', async () => {
    await openReports();
    await caseCard('iPhone 15 for $100');
    await act(async () => screen.getByRole('button', { name: 'Closed' }).click());
    const card = await caseCard('Old scam listing');
    expect(calls).toContain('GET /api/admin/moderation/cases?status=closed&page=1&pageSize=20');
    expect(screen.getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByText('Removed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^(Dismiss|Remove|Ban author)/ })).toBeNull();
  });

  it('Unban calls the unban route for that user and says so', async () => {
    await openReports();
    await act(async () => (await screen.findByRole('button', { name: 'Unban spammer' })).click());
    expect(await screen.findByText('spammer was unbanned.')).toBeTruthy();
    expect(posts()).toEqual([`POST /api/admin/moderation/users/${BAN.userId}/unban`]);
  });
});
