import { useState } from 'react';
import { Activity } from 'lucide-react';
import { OPERATIONS_WINDOWS, type OperationsAnswer, type OperationsWindow } from '@cp/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Label, LoadingState } from '@cp/ui';
import { LoadError } from '@cp/web-core';
import { useGetOperationsQuery } from '../api/operations-api.ts';
import { OperationsChart } from './OperationsChart.tsx';

const WINDOW_LABELS: Record<OperationsWindow, string> = { '15m': 'Last 15 minutes', '1h': 'Last hour', '3h': 'Last 3 hours', '6h': 'Last 6 hours' };
export const METRICS_UNAVAILABLE = 'Metrics are unavailable right now';

type Available = Extract<OperationsAnswer, { available: true }>;

/** One service: its six charts. */
function ServiceCard({ answer, row }: { answer: Available; row: Available['services'][number] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          {row.service}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {answer.panels.map((panel) => (
          <OperationsChart key={panel.id} title={panel.title} description={panel.description} unit={panel.unit} timestamps={answer.timestamps} values={row.series[panel.id]} />
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * The Operations tab (issue 36 §4): per service, requests per second, p95 latency, error rate, instances, outbox age
 * and consumer backlog over the last hour (or another window), from moderation's admin API, which reads Prometheus.
 * When Prometheus is not configured, down or slow the tab says the metrics are unavailable; nothing else on the page
 * or the site depends on it. Read again every 30 s while the tab is open.
 */
export function OperationsTab() {
  const [span, setSpan] = useState<OperationsWindow>('1h');
  const query = useGetOperationsQuery({ window: span }, { pollingInterval: 30_000 });
  const picker = (
    <div className="flex items-center gap-3">
      <Label htmlFor="operations-window">Window</Label>
      <select id="operations-window" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={span} onChange={(e) => setSpan(e.target.value as OperationsWindow)}>
        {(Object.keys(OPERATIONS_WINDOWS) as OperationsWindow[]).map((w) => (
          <option key={w} value={w}>
            {WINDOW_LABELS[w]}
          </option>
        ))}
      </select>
    </div>
  );
  let body;
  if (query.isLoading) body = <LoadingState label="Loading the metrics…" bars={['h-48 w-full', 'h-48 w-full']} className="space-y-3" />;
  else if (query.error || !query.data) body = <LoadError title="The metrics could not be loaded" error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />;
  else if (!query.data.available) {
    body = (
      <EmptyState
        headingLevel={3}
        icon={<Activity />}
        title={METRICS_UNAVAILABLE}
        description={<>The rest of the site is not affected. {query.data.error}</>}
        action={
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        }
      />
    );
  } else if (query.data.services.length === 0) {
    body = <EmptyState headingLevel={3} icon={<Activity />} title="No service reports metrics yet" description="Prometheus has no series of any service in this window." />;
  } else {
    const answer = query.data;
    body = answer.services.map((row) => <ServiceCard key={row.service} answer={answer} row={row} />);
  }
  return (
    <section aria-label="Operations" className="space-y-4">
      {picker}
      {body}
    </section>
  );
}
