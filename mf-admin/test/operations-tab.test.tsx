/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPERATIONS_PANELS, OperationsAnswerSchema, formatOperationsValue, type OperationsAnswer } from '@cp/contracts';
import { linePath, seriesSummary } from '../src/components/OperationsChart.tsx';
import { ADMIN, jsonAnswer, renderAdminPage } from './support/admin-fixtures.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

// The Operations tab (issue 36 §4) against a fake of moderation's operations API whose answers are checked against the
// contracts' schema, so the screen is built on what the service really sends.

const start = 1_764_662_400;
const timestamps = [0, 1, 2, 3].map((i) => start + i * 30);
const ANSWER: OperationsAnswer = OperationsAnswerSchema.parse({
  available: true,
  window: '1h',
  step: 30,
  start,
  end: start + 90,
  timestamps,
  panels: OPERATIONS_PANELS.map(({ id, title, unit, description }) => ({ id, title, unit, description })),
  services: [
    {
      service: 'listings',
      series: { requests: [1, 2, null, 12.5], latencyP95: [0.01, 0.02, 0.18, 0.05], errorRatio: [0, 0, 0.025, 0], instances: [2, 2, 2, 2], outboxAge: [0, 0, 0, 0], consumerBacklog: [null, null, null, null] },
    },
    {
      service: 'search',
      series: { requests: [3, 3, 3, 3], latencyP95: [0.1, 0.1, 0.1, 0.1], errorRatio: [0, 0, 0, 0], instances: [1, 1, 1, 1], outboxAge: [null, null, null, null], consumerBacklog: [0, 40, 7, 0] },
    },
  ],
});
const UNAVAILABLE = OperationsAnswerSchema.parse({ available: false, error: 'Prometheus cannot be reached' });

let answer: OperationsAnswer = ANSWER;
const asked: string[] = [];

async function openOperations() {
  asked.length = 0;
  await renderAdminPage(async (req) => {
    const url = new URL(req.url);
    if (url.pathname === '/api/auth/user') return jsonAnswer(200, ADMIN);
    if (url.pathname === '/api/admin/operations') {
      asked.push(url.search);
      return jsonAnswer(200, answer);
    }
    return jsonAnswer(200, []);
  });
  const tab = await screen.findByRole('tab', { name: 'Operations' });
  await act(async () => fireEvent.mouseDown(tab, { button: 0 }));
}

quietConsole();

describe('/admin Operations tab', () => {
  it('draws six charts per service, each titled and summed up in words (latest value and peak)', async () => {
    answer = ANSWER;
    await openOperations();
    const listings = (await screen.findByRole('heading', { name: 'listings' })).closest('div')!.parentElement!;
    expect(asked).toEqual(['?window=1h']);
    const charts = within(listings).getAllByRole('figure');
    expect(charts.map((c) => within(c).getByRole('heading').textContent)).toEqual(OPERATIONS_PANELS.map((p) => p.title));
    const requests = charts[0]!;
    expect(within(requests).getByText('Latest 12.5 req/s; peak 12.5 req/s.')).toBeTruthy();
    // The image is labelled by its title and its summary; the gap (null) splits the line.
    const svg = within(requests).getByRole('img', { name: 'Requests per second Latest 12.5 req/s; peak 12.5 req/s.' });
    expect(svg.getAttribute('data-points')).toBe('3');
    expect(svg.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(within(charts[1]!).getByText('Latest 50 ms; peak 180 ms.')).toBeTruthy();
    expect(within(charts[2]!).getByText('Latest 0 %; peak 2.5 %.')).toBeTruthy();
    expect(within(charts[3]!).getByText('Latest 2; peak 2.')).toBeTruthy();
    // No consumer: no line, and it says so.
    expect(within(charts[5]!).getByText('No data in this window.')).toBeTruthy();
    expect(charts[5]!.querySelector('svg')).toBeNull();
    const search = screen.getByRole('heading', { name: 'search' }).closest('div')!.parentElement!;
    expect(within(search).getByText('Latest 0; peak 40.')).toBeTruthy();

    // Another window asks again.
    fireEvent.change(screen.getByLabelText('Window'), { target: { value: '6h' } });
    await waitFor(() => expect(asked).toContain('?window=6h'));
  });

  it('says the metrics are unavailable when Prometheus is down, and asks again on Try again', async () => {
    answer = UNAVAILABLE;
    await openOperations();
    const status = (await screen.findByRole('heading', { name: 'Metrics are unavailable right now' })).closest('[role="status"]') as HTMLElement;
    expect(within(status).getByText(/The rest of the site is not affected\. Prometheus cannot be reached/)).toBeTruthy();
    answer = ANSWER;
    await act(async () => within(status).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'listings' })).toBeTruthy();
  });
});

describe('the chart helpers', () => {
  it('draws gaps where there is no value, and sums a series up', () => {
    expect(linePath([0, 1, null, 1], 1)).toBe('M0.0 80.0 L100.0 0.0 M300.0 0.0');
    expect(seriesSummary([null, 3, 5, null])).toEqual({ latest: 5, peak: 5, points: 2 });
    expect(seriesSummary([null])).toEqual({ latest: null, peak: null, points: 0 });
    expect(formatOperationsValue('seconds', 2.5)).toBe('2.5 s');
    expect(formatOperationsValue('seconds', 0)).toBe('0 s');
    expect(formatOperationsValue('seconds', 0.0123)).toBe('12.3 ms');
    expect(formatOperationsValue('ratio', 0.125)).toBe('12.5 %');
    expect(formatOperationsValue('reqps', 0)).toBe('0 req/s');
    expect(formatOperationsValue('count', null)).toBe('no data');
  });
});
