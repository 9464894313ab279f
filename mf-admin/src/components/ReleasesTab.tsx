import { useState, type FormEvent } from 'react';
import { Rocket } from 'lucide-react';
import type { ErrorRate, Release, ReleasesList } from '@cp/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, Input, Label, LoadingState, toast } from '@cp/ui';
import { LoadError, serverErrorText } from '@cp/web-core';
import { useGetReleasesQuery, useSetReleaseMutation } from '../api/releases-api.ts';

/** A date and time in the admin's own locale (the admin page is never rendered on the server). */
function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

const STATE_LABELS: Record<Release['state'], string> = { active: 'Active', 'rolled-back': 'Rolled back', stopped: 'Stopped', promoted: 'Promoted' };
const STATE_VARIANTS: Record<Release['state'], 'default' | 'destructive' | 'secondary' | 'success'> = { active: 'default', 'rolled-back': 'destructive', stopped: 'secondary', promoted: 'success' };

/** `12.5 % of 40 loads` */
export function rateText(rate: ErrorRate): string {
  return `${(rate.rate * 100).toFixed(1)} % of ${rate.loads} load${rate.loads === 1 ? '' : 's'}`;
}

/** What a release does now, in words. */
export function releaseSummary(r: Release): string {
  if (r.state === 'active') return `${r.percent} % of visitors get ${r.candidate}; the others get ${r.stable}.`;
  if (r.state === 'promoted') return `Everybody gets ${r.candidate} (was ${r.stable}).`;
  return `Everybody gets ${r.stable}; ${r.candidate} gets nobody.`;
}

type RemoteRow = ReleasesList['remotes'][number];

/** One remote: its live versions, its release, and the form that sets the percent. */
function RemoteCard({ row }: { row: RemoteRow }) {
  const { remote, versions, release } = row;
  const [version, setVersion] = useState(release?.candidate ?? versions.at(-1)?.version ?? '');
  const [percent, setPercent] = useState(String(release?.state === 'active' ? release.percent : 10));
  const [setRelease, { isLoading }] = useSetReleaseMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(percent);
    if (!Number.isInteger(value) || value < 0 || value > 100) {
      toast({ title: 'The share must be a whole number from 0 to 100', variant: 'destructive' });
      return;
    }
    try {
      const saved = await setRelease({ remote, version, percent: value }).unwrap();
      toast({ title: `${remote}: ${releaseSummary(saved)}` });
    } catch (error) {
      toast({ title: 'The release was not changed', description: serverErrorText(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };
  const ids = { version: `release-${remote}-version`, percent: `release-${remote}-percent` };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          {remote}
          {release ? <Badge variant={STATE_VARIANTS[release.state]}>{STATE_LABELS[release.state]}</Badge> : null}
        </CardTitle>
        <CardDescription>Live versions: {versions.length > 0 ? versions.map((v) => `${v.version} (${v.instances} instance${v.instances === 1 ? '' : 's'})`).join(', ') : 'none'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {release ? (
          <div className="space-y-1 text-sm" data-testid={`release-${remote}`}>
            <p>{releaseSummary(release)}</p>
            <p className="text-muted-foreground">
              Started <When iso={release.startedAt} />, last changed <When iso={release.updatedAt} /> by {release.by}.
            </p>
            {release.state === 'rolled-back' ? (
              <div role="status" className="rounded-md border border-destructive/40 p-3">
                <p className="font-medium">
                  Rolled back by itself {release.rolledBackAt ? <When iso={release.rolledBackAt} /> : null}
                </p>
                {release.reason ? <p>Why: {release.reason}</p> : null}
                {release.rates ? (
                  <p>
                    Error rates: {release.candidate} (new) {rateText(release.rates.candidate)}; {release.stable} (stable) {rateText(release.rates.stable)}.
                  </p>
                ) : null}
              </div>
            ) : release.reason ? (
              <p className="text-muted-foreground">{release.reason}</p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No release: every live instance serves every visitor.</p>
        )}
        {versions.length > 0 ? (
          <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)}>
            <div className="space-y-1">
              <Label htmlFor={ids.version}>Version</Label>
              <select id={ids.version} className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={version} onChange={(e) => setVersion(e.target.value)}>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    {v.version}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.percent}>Share of visitors (%)</Label>
              <Input id={ids.percent} type="number" min={0} max={100} step={1} inputMode="numeric" className="w-28" value={percent} onChange={(e) => setPercent(e.target.value)} />
            </div>
            <Button type="submit" disabled={isLoading || !version}>
              {isLoading ? 'Saving…' : 'Set share'}
            </Button>
          </form>
        ) : null}
        <p className="text-xs text-muted-foreground">0 % stops the release (everybody gets the stable version); 100 % promotes the version.</p>
      </CardContent>
    </Card>
  );
}

/**
 * The Releases tab (issue 35 §4): each remote with its live versions and its release by percentage — what share of
 * the visitors gets which version, and, when the release rolled back by itself, when and why, with both error rates.
 * An admin sets the share of a version here (moderation's admin API checks he is one).
 */
export function ReleasesTab() {
  const query = useGetReleasesQuery(undefined, { pollingInterval: 15_000 });
  if (query.isLoading) return <LoadingState label="Loading the releases…" bars={['h-32 w-full', 'h-32 w-full']} className="space-y-3" />;
  if (query.error) return <LoadError title="The releases could not be loaded" error={query.error} onRetry={() => void query.refetch()} headingLevel={3} />;
  const remotes = query.data?.remotes ?? [];
  if (remotes.length === 0) return <EmptyState headingLevel={3} icon={<Rocket />} title="No registered remotes" description="Remotes that register themselves at run time show here with their versions." />;
  return (
    <section aria-label="Releases" className="space-y-4">
      {remotes.map((row) => (
        <RemoteCard key={row.remote} row={row} />
      ))}
    </section>
  );
}
