/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '@cp/contracts';
import { ReportButton, UnderReviewNotice } from '@cp/web-core/moderation';
import { checkReport, DETAILS_TOO_LONG, REASON_REQUIRED } from '../../packages/web-core/lib/moderation/report-form.ts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import '../../packages/web-core/test/support/pointer-event.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

// The report dialog of issue 21 (@cp/web-core/moderation), as a remote's page uses it: a Report button that loads the
// dialog on its first press, against a fake of the gateway that records each call.

const ITEM = '00000000-0000-4000-8000-000000000007';
const AUTHOR = '11111111-1111-4111-8111-111111111111';
const USER = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };

type Answer = [number, unknown];
const calls: string[] = [];
const bodies: unknown[] = [];

async function renderButton(user: unknown, report: () => Answer = () => [201, { reportId: '00000000-0000-4000-8000-0000000000aa', message: MODERATION_MESSAGES.reported }]) {
  calls.length = 0;
  bodies.length = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const p = new URL(req.url).pathname;
    calls.push(`${req.method} ${p}`);
    const text = await req.text();
    if (text) bodies.push(JSON.parse(text));
    const [status, body] = p === '/api/auth/user' ? (user ? [200, user] : [401, { error: 'Authentication required' }]) : p === '/api/reports' ? report() : [404, { error: 'Not found' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const { store } = await renderRouter(
    [
      { path: '/listing/x', element: <ReportButton kind="listing" itemId={ITEM} authorId={AUTHOR} /> },
      { path: '/auth', element: <h1>Auth page</h1> },
    ],
    { path: '/listing/x', toaster: true },
  );
  // The session answered.
  await waitFor(() => expect(Object.values(store.getState().api.queries).map((q) => q?.status)).toEqual(['fulfilled']));
}

async function openDialog() {
  const button = screen.getByRole('button', { name: 'Report this listing' });
  await act(async () => button.click());
  return screen.findByRole('dialog', { name: 'Report this listing' });
}

const submit = async (dialog: HTMLElement) => act(async () => within(dialog).getByRole('button', { name: 'Submit report' }).click());
const details = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Details/ });

quietConsole('error');

describe('checkReport', () => {
  it('needs a reason; details are optional but trimmed, and required with Other; at most 500 characters', () => {
    expect(checkReport('listing', ITEM, { reason: '', details: '' })).toEqual({ ok: false, errors: { reason: REASON_REQUIRED } });
    expect(checkReport('listing', ITEM, { reason: 'spam', details: '  ' })).toEqual({ ok: true, body: { kind: 'listing', itemId: ITEM, reason: 'spam' } });
    expect(checkReport('review', ITEM, { reason: 'scam', details: ' fake ' })).toEqual({ ok: true, body: { kind: 'review', itemId: ITEM, reason: 'scam', details: 'fake' } });
    expect(checkReport('listing', ITEM, { reason: 'other', details: ' ' })).toEqual({ ok: false, errors: { details: MODERATION_MESSAGES.detailsRequired } });
    expect(checkReport('listing', ITEM, { reason: 'spam', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) })).toEqual({ ok: false, errors: { details: DETAILS_TOO_LONG } });
    expect(checkReport('listing', ITEM, { reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX) })).toMatchObject({ ok: true });
  });
});

describe('ReportButton and its dialog', () => {
  it('signed out: the dialog is the login prompt, and nothing is sent', async () => {
    await renderButton(null);
    const dialog = await openDialog();
    expect(within(dialog).getByText('You need to be logged in to report content')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Login to Continue' }).getAttribute('href')).toBe('/auth');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await act(async () => within(dialog).getByRole('link', { name: 'Login to Continue' }).click());
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('is not shown to the content\'s author', async () => {
    await renderButton({ ...USER, id: AUTHOR });
    // Shown while the session loads (as on the server), gone once it says the viewer wrote the item.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Report/ })).toBeNull());
  });

  it('the reasons, the Other rule, the counter and the length limit are checked before anything is sent', async () => {
    await renderButton(USER);
    const dialog = await openDialog();
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(REPORT_REASONS.map((r) => REPORT_REASON_LABELS[r]));
    await submit(dialog);
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    await act(async () => within(dialog).getByRole('radio', { name: 'Other' }).click());
    await submit(dialog);
    expect(within(dialog).getByText(MODERATION_MESSAGES.detailsRequired)).toBeTruthy();
    expect(within(dialog).getByText(`0/${REPORT_DETAILS_MAX}`)).toBeTruthy();
    fireEvent.change(details(dialog), { target: { value: 'y'.repeat(REPORT_DETAILS_MAX + 1) } });
    expect(within(dialog).getByText(`${REPORT_DETAILS_MAX + 1}/${REPORT_DETAILS_MAX}`)).toBeTruthy();
    await submit(dialog);
    expect(within(dialog).getByText(DETAILS_TOO_LONG)).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('a report is sent once checked: the server\'s message in a toast, the dialog closed, the focus back on Report', async () => {
    await renderButton(USER);
    const dialog = await openDialog();
    await act(async () => within(dialog).getByRole('radio', { name: 'Other' }).click());
    fireEvent.change(details(dialog), { target: { value: '  Asks for a deposit by gift card  ' } });
    expect(within(dialog).getByText(`35/${REPORT_DETAILS_MAX}`)).toBeTruthy();
    await submit(dialog);
    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/reports']);
    expect(bodies).toEqual([{ kind: 'listing', itemId: ITEM, reason: 'other', details: 'Asks for a deposit by gift card' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this listing' }));
  });

  it('409 (already reported): the server\'s text in a toast and the dialog closes; 429: the text, and the form stays', async () => {
    await renderButton(USER, () => [409, { error: MODERATION_MESSAGES.alreadyReported }]);
    let dialog = await openDialog();
    await act(async () => within(dialog).getByRole('radio', { name: 'Spam' }).click());
    await submit(dialog);
    expect(await screen.findByText(MODERATION_MESSAGES.alreadyReported)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const limit = 'You can send up to 30 reports a day. You can report again at 3:40 PM.';
    cleanup();
    await renderButton(USER, () => [429, { error: limit }]);
    dialog = await openDialog();
    await act(async () => within(dialog).getByRole('radio', { name: 'Duplicate' }).click());
    await submit(dialog);
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(bodies).toEqual([{ kind: 'listing', itemId: ITEM, reason: 'duplicate' }]);
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeTruthy();
  });

  it('Escape closes the dialog, and it opens again empty', async () => {
    await renderButton(USER);
    let dialog = await openDialog();
    await act(async () => within(dialog).getByRole('radio', { name: 'Spam' }).click());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    expect(within(dialog).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });
});

describe('UnderReviewNotice', () => {
  it('shows the under-review sentence only for an item marked under review', () => {
    const { container, rerender } = render(<UnderReviewNotice moderation={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<UnderReviewNotice moderation="under-review" />);
    expect(container.textContent).toBe(MODERATION_MESSAGES.underReview);
  });
});
