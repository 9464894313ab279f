/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReleasesListSchema, ReleaseSchema, type ReleasesList } from '@cp/contracts';
import { jsonAnswer, renderAdminPage } from './support/admin-fixtures.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

// The Releases tab (issue 35 §4) against a fake of moderation's releases API whose answers are checked against the
// contracts' schemas, so the screen is built on what the service really sends.

const ADMIN = { id: '33333333-3333-4333-8333-333333333333', username: 'admin', email: 'a@example.com', firstName: 'Ada', lastName: 'Min', isAdmin: true };
const ROLLED_BACK = ReleaseSchema.parse({
  remote: 'forum',
  stable: 'v1',
  candidate: 'v2',
  percent: 50,
  state: 'rolled-back',
  startedAt: '2026-12-02T08:00:00.000Z',
  updatedAt: '2026-12-02T08:20:00.000Z',
  rolledBackAt: '2026-12-02T08:20:00.000Z',
  by: 'gateway',
  reason: 'the candidate failed in 40.0 % of its last 50 loads, the stable version in 2.0 % of its last 50',
  rates: { stable: { loads: 50, failures: 1, rate: 0.02 }, candidate: { loads: 50, failures: 20, rate: 0.4 } },
});
const LIST: ReleasesList = ReleasesListSchema.parse({
  remotes: [
    { remote: 'forum', versions: [{ version: 'v1', instances: 2 }, { version: 'v2', instances: 1 }], release: ROLLED_BACK },
    { remote: 'listings', versions: [{ version: 'v7', instances: 1 }] },
  ],
});

const calls: Array<{ method: string; path: string; body?: unknown }> = [];
let setAnswer: [number, unknown] = [200, { ...ROLLED_BACK, state: 'active', percent: 20, by: `admin:${ADMIN.id}` }];

async function openReleases() {
  calls.length = 0;
  await renderAdminPage(async (req) => {
    const url = new URL(req.url);
    const text = await req.text();
    calls.push({ method: req.method, path: url.pathname, ...(text ? { body: JSON.parse(text) as unknown } : {}) });
    if (url.pathname === '/api/auth/user') return jsonAnswer(200, ADMIN);
    if (url.pathname === '/api/admin/releases') return jsonAnswer(200, LIST);
    if (req.method === 'POST' && url.pathname === '/api/admin/releases/forum') return jsonAnswer(setAnswer[0], setAnswer[1]);
    return jsonAnswer(200, []);
  });
  const tab = await screen.findByRole('tab', { name: 'Releases' });
  await act(async () => fireEvent.mouseDown(tab, { button: 0 }));
  await screen.findByRole('heading', { name: /forum/ });
}

quietConsole();

describe('/admin Releases tab', () => {
  it('lists each remote with its live versions and its release; a rollback says when and why, with both error rates', async () => {
    await openReleases();
    const release = screen.getByTestId('release-forum');
    expect(within(release).getByText('Everybody gets v1; v2 gets nobody.')).toBeTruthy();
    const status = within(release).getByRole('status');
    expect(status.textContent).toMatch(/Rolled back by itself/);
    expect(within(status).getByText(/Why: the candidate failed in 40\.0 %/)).toBeTruthy();
    expect(within(status).getByText('Error rates: v2 (new) 40.0 % of 50 loads; v1 (stable) 2.0 % of 50 loads.')).toBeTruthy();
    expect(status.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-02T08:20:00.000Z');
    expect(screen.getByText('Rolled back')).toBeTruthy();
    expect(screen.getByText('Live versions: v1 (2 instances), v2 (1 instance)')).toBeTruthy();
    expect(screen.getByText('No release: every live instance serves every visitor.')).toBeTruthy();
  });

  it('an admin sets a share of a version, and a refusal shows the server’s reason', async () => {
    await openReleases();
    const forum = screen.getByRole('heading', { name: /forum/ }).closest('div')!.parentElement!;
    fireEvent.change(within(forum).getByLabelText('Version'), { target: { value: 'v2' } });
    fireEvent.change(within(forum).getByLabelText('Share of visitors (%)'), { target: { value: '20' } });
    await act(async () => within(forum).getByRole('button', { name: 'Set share' }).click());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/releases/forum', body: { version: 'v2', percent: 20 } }]));
    expect(await screen.findByText('forum: 20 % of visitors get v2; the others get v1.')).toBeTruthy();

    setAnswer = [409, { error: 'no live instance of forum runs version v2' }];
    await act(async () => within(forum).getByRole('button', { name: 'Set share' }).click());
    expect(await screen.findByText('no live instance of forum runs version v2')).toBeTruthy();
  });
});
