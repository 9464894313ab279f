import { Link } from 'react-router';
import { BellOff, BellRing, Pause, Play, Search, Trash2 } from 'lucide-react';
import { relativeTime, SAVED_SEARCH_FREQUENCIES, type SavedSearch, type SavedSearchFrequency } from '@cp/contracts';
import { Badge, Button, Card, CardContent, ConfirmButton, EmptyState, Skeleton, toast } from '@cp/ui';
import { LoadError, serverErrorText, useAuth } from '@cp/web-core';
import { LoginRequired } from '@cp/web-core/login-button';
import { useDeleteSavedSearchMutation, useGetSavedSearchesQuery, useUpdateSavedSearchMutation } from '../api/saved-searches-api.ts';
import { describeFilters, FREQUENCY_LABELS, listingsPathOf } from '../lib/saved-searches.ts';

const failed = (error: unknown) => toast({ title: 'Error', description: serverErrorText(error) ?? 'The change could not be saved. Please try again.', variant: 'destructive' });

function DeleteSavedSearch({ search }: { search: SavedSearch }) {
  const [remove, { isLoading }] = useDeleteSavedSearchMutation();
  return (
    <ConfirmButton
      disabled={isLoading}
      title="Delete this saved search?"
      description={`You will get no more e-mails for "${search.name}".`}
      action="Delete"
      destructive
      onConfirm={() => void remove(search.id).unwrap().catch(failed)}
    >
      <Trash2 aria-hidden="true" />
      Delete<span className="sr-only"> {search.name}</span>
    </ConfirmButton>
  );
}

function SavedSearchCard({ search }: { search: SavedSearch }) {
  const [update, { isLoading }] = useUpdateSavedSearchMutation();
  const change = (body: { paused?: boolean; frequency?: SavedSearchFrequency }) => void update({ id: search.id, body }).unwrap().catch(failed);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{search.name}</h2>
          {search.paused ? <Badge variant="secondary">Paused</Badge> : <Badge variant="success">Active</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {describeFilters(search.filters)} · saved {relativeTime(search.createdAt)}
        </p>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">E-mail me</span>
          <select
            className="rounded-md border bg-background px-2 py-1"
            value={search.frequency}
            disabled={isLoading}
            onChange={(e) => change({ frequency: e.target.value as SavedSearchFrequency })}
            aria-label={`How often to e-mail "${search.name}"`}
          >
            {SAVED_SEARCH_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={isLoading} onClick={() => change({ paused: !search.paused })}>
            {search.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {search.paused ? 'Resume' : 'Pause'}
            <span className="sr-only"> {search.name}</span>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={listingsPathOf(search.filters)}>
              <Search aria-hidden="true" />
              See listings
            </Link>
          </Button>
          <DeleteSavedSearch search={search} />
        </div>
      </CardContent>
    </Card>
  );
}

/** /alerts (issue 22 §3): the signed-in user's saved searches: pause or resume, how often, delete. Private (noindex). */
export function AlertsPage() {
  const { user, isLoading: authLoading } = useAuth();
  const { data, isLoading, error, refetch } = useGetSavedSearchesQuery(undefined, { skip: !user });
  const head = <title>My Alerts | Central PA Desi Community</title>;

  if (authLoading || (user && isLoading)) {
    return (
      <div role="status" className="space-y-4">
        {head}
        <span className="sr-only">Loading your alerts…</span>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (!user) {
    return (
      <>
        {head}
        <LoginRequired description="Log in to see and manage your search alerts." />
      </>
    );
  }
  return (
    <div className="space-y-6">
      {head}
      <header>
        <h1 className="text-3xl font-bold tracking-tight">My Alerts</h1>
        <p className="mt-1 text-muted-foreground">Saved searches: we e-mail you when a new listing matches one.</p>
      </header>
      {error ? (
        <LoadError title="Your alerts could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          icon={<BellOff />}
          title="No Alerts Yet"
          description="On the listings page, choose your filters and press “Save this search”."
          links={[
            {
              to: '/listings',
              label: (
                <>
                  <BellRing aria-hidden="true" />
                  Browse listings
                </>
              ),
            },
          ]}
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {data.items.map((search) => (
              <li key={search.id}>
                <SavedSearchCard search={search} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            {data.items.length} of at most {data.max} saved searches.
          </p>
        </>
      )}
    </div>
  );
}

export default AlertsPage;
